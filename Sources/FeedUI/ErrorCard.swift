import GtkKit
import Localization

/// Shown instead of a video that can't play: the reason in plain words.
@MainActor
final class ErrorCard {
    let root = Box(.vertical, spacing: 8)
    private let title = Label(tr("Can’t play this video"))
    private let detail = Label()

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
        root.isVisible = false
    }

    func show(message: String) {
        detail.text = message
        root.setAccessibleLabel(tr("Can’t play this video: {reason}", ["reason": message]))
        root.isVisible = true
    }

    func hide() { root.isVisible = false }
}
