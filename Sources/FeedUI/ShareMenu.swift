import FeedCore
import GtkKit

/// The share button's menu: the ways to share one post (`ShareAction.options`) and, on Home,
/// For You's choices about it (`Choice`), in a popover over the button, reachable with the
/// keyboard (focus starts on the first choice; Esc closes).
@MainActor
final class ShareMenu {
    private let popover = Popover()
    private let list = Box(.vertical, spacing: 2)
    private var buttons: [Button] = []
    /// Called with the chosen way, after the menu has closed.
    var onChoose: ((ShareAction) -> Void)?

    /// A choice after the ways to share: its title and what it does, after the menu has closed.
    struct Choice {
        let title: String
        let run: () -> Void
    }

    init() {
        list.addCSSClass("share-menu")
        popover.setChild(list)
        // Towards the video, so it stays inside the window whatever its size.
        popover.setSide(.left)
    }

    var isOpen: Bool { popover.isOpen }

    func open(_ actions: [ShareAction], choices: [Choice] = [], at anchor: Widget) {
        for button in buttons { list.remove(button) }
        let all = actions.map { action in Choice(title: action.title) { [weak self] in self?.onChoose?(action) } } + choices
        buttons = all.map { choice in
            let button = Button(label: choice.title)
            button.setHasFrame(false)
            button.addCSSClass("share-choice")
            button.onClicked { [weak self] in
                self?.popover.popdown()
                choice.run()
            }
            list.append(button)
            return button
        }
        popover.popup(at: anchor)
        buttons.first?.grabFocus()
    }

    func close() { popover.popdown() }

    /// Gone at once, at teardown: the share button it points at may be freed next.
    func dismiss() { popover.dismiss() }
}
