import FeedPresentation
import GtkKit

/// The CC button's menu where a video has captions in several languages: Off and each
/// language, the one showing marked, in a popover reachable with the keyboard (focus on the
/// choice showing; Esc closes).
@MainActor
final class CaptionsMenu {
    private let popover = Popover()
    private let list = Box(.vertical, spacing: 2)
    private var buttons: [Button] = []
    /// Called with the choice, after the menu has closed.
    var onChoose: ((CaptionsSession.Choice) -> Void)?

    init() {
        list.addCSSClass("share-menu")
        popover.setChild(list)
        popover.setSide(.left)
    }

    var isOpen: Bool { popover.isOpen }

    func open(_ choices: [CaptionsSession.Choice], at anchor: Widget) {
        for button in buttons { list.remove(button) }
        buttons = choices.map { choice in
            let button = Button(label: (choice.isSelected ? "✓ " : "") + choice.title)
            button.setHasFrame(false)
            button.addCSSClass("share-choice")
            button.setAccessiblePressed(choice.isSelected)
            button.onClicked { [weak self] in
                self?.popover.popdown()
                self?.onChoose?(choice)
            }
            list.append(button)
            return button
        }
        popover.popup(at: anchor)
        (zip(choices, buttons).first { $0.0.isSelected }?.1 ?? buttons.first)?.grabFocus()
    }

    /// Gone at once, at teardown: the button it points at may be freed next.
    func dismiss() { popover.dismiss() }
}
