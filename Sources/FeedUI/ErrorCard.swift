import GtkKit
import Localization

/// Shown instead of a video that can't play: the reason in plain words.
@MainActor
final class ErrorCard {
    let root = Box(.vertical, spacing: 8)
    private let title = Label(tr("Can’t play this video"))
    private let detail = Label()
    private let remove = Button(label: tr("Remove from feed"))
    /// Remove from feed was pressed (offered for a file of yours that is gone).
    var onRemove: (() -> Void)?

    init() {
        root.addCSSClass("error-card")
        root.setAlign(horizontal: .center, vertical: .center)
        let icon = Image(iconName: "dialog-warning-symbolic", pixelSize: 40)
        title.addCSSClass("title")
        detail.addCSSClass("detail")
        detail.setWrap(true)
        detail.setSelectable(false)
        root.append(icon)
        root.append(title)
        root.append(detail)
        remove.setAlign(horizontal: .center)
        remove.tooltip = tr("The file is gone: take its post out of the feed")
        remove.onClicked { [weak self] in self?.onRemove?() }
        remove.isVisible = false
        root.append(remove)
        root.isVisible = false
    }

    /// `removable`: the post is a file of the user's that can't be found; Remove is offered.
    func show(message: String, removable: Bool = false) {
        remove.isVisible = removable
        detail.text = message
        root.setAccessibleLabel(tr("Can’t play this video: {reason}", ["reason": message]))
        root.isVisible = true
    }

    func hide() { root.isVisible = false }
}
