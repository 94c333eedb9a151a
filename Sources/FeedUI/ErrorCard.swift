import GtkKit
import Localization

/// Shown instead of a video that can't play: the reason in plain words.
@MainActor
final class ErrorCard {
    let root = Box(.vertical, spacing: 8)
    private let title = Label(tr("Can’t play this video"))
    private let detail = Label()
    private let remove = Button(label: tr("Remove from feed"))
    private let retry = Button(label: tr("Try Again"))
    /// Remove from feed was pressed (offered for a file of yours that is gone).
    var onRemove: (() -> Void)?
    /// Try Again was pressed (offered when a download failed).
    var onRetry: (() -> Void)?

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
        remove.tooltip = tr("The file is gone or can’t be played: take its post out of the feed")
        remove.onClicked { [weak self] in self?.onRemove?() }
        remove.isVisible = false
        root.append(remove)
        retry.setAlign(horizontal: .center)
        retry.tooltip = tr("Download this video again")
        retry.onClicked { [weak self] in self?.onRetry?() }
        retry.isVisible = false
        root.append(retry)
        root.isVisible = false
    }

    /// `removable`: the post is a file of the user's that can't be found; Remove is offered.
    /// `retryable`: a download failed; Try Again is offered.
    func show(message: String, removable: Bool = false, retryable: Bool = false) {
        remove.isVisible = removable
        retry.isVisible = retryable
        detail.text = message
        root.setAccessibleLabel(tr("Can’t play this video: {reason}", ["reason": message]))
        root.isVisible = true
    }

    func hide() { root.isVisible = false }
}
