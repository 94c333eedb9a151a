import FeedCore
import GtkKit

/// The share button's menu: the ways to share one post (`ShareAction.options`), in a popover
/// over the button, reachable with the keyboard (focus starts on the first choice; Esc closes).
@MainActor
final class ShareMenu {
    private let popover = Popover()
    private let list = Box(.vertical, spacing: 2)
    private var buttons: [Button] = []
    /// Called with the chosen way, after the menu has closed.
    var onChoose: ((ShareAction) -> Void)?

    init() {
        list.addCSSClass("share-menu")
        popover.setChild(list)
        // Towards the video, so it stays inside the window whatever its size.
        popover.setSide(.left)
    }

    var isOpen: Bool { popover.isOpen }

    func open(_ actions: [ShareAction], at anchor: Widget) {
        for button in buttons { list.remove(button) }
        buttons = actions.map { action in
            let button = Button(label: action.title)
            button.setHasFrame(false)
            button.addCSSClass("share-choice")
            button.onClicked { [weak self] in
                self?.popover.popdown()
                self?.onChoose?(action)
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
