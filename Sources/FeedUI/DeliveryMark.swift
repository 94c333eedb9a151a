import FeedCore
import FeedPresentation
import GtkKit
import Localization

/// The small mark by a like or follow button (issue 23), bound to its `ActionDelivery`:
/// "Sending…" while it waits in the outbox, "Sent" for a moment, and "Not sent" when the server
/// refused it: a button with the server's words as its tooltip and accessible description, which
/// opens a bubble with those words, Retry and Undo (all reachable with Tab and Enter).
@MainActor
final class DeliveryMark {
    /// What the mark is about, as the button shows it now (it names the Retry and Undo).
    enum Action { case like, unlike, follow, unfollow }

    let root = Box(.vertical)
    private let status = Label()
    // TRANSLATORS: a small mark by a like or follow button: the server refused it.
    private let refused = Button(label: tr("Not sent"))
    private let popover = Popover()
    private let reasonText = Label()
    // TRANSLATORS: in the bubble of a like or follow the server refused: send it again.
    private let retry = Button(label: tr("Retry"))
    // TRANSLATORS: in the bubble of a like or follow the server refused: turn it back on this computer.
    private let undo = Button(label: tr("Undo"))

    var onRetry: (() -> Void)?
    var onUndo: (() -> Void)?
    /// Whether its room stays while there is nothing to say (where a mark may come at any
    /// moment, so the buttons around it do not jump as it comes and goes).
    var keepsRoom = false {
        didSet {
            root.setSizeRequest(width: -1, height: keepsRoom ? 18 : -1)
            if keepsRoom { root.isVisible = true }
        }
    }

    init() {
        root.addCSSClass("delivery-mark")
        root.setAlign(horizontal: .center, vertical: .start)
        status.addCSSClass("delivery-status")
        status.setWrap(true, maxLines: 2)
        root.append(status)
        refused.setHasFrame(false)
        refused.addCSSClass("delivery-refused")
        refused.onClicked { [weak self] in
            guard let self else { return }
            popover.popup(at: refused)
        }
        root.append(refused)
        reasonText.setWrap(true, maxLines: 6)
        reasonText.setXAlign(0)
        reasonText.addCSSClass("delivery-reason")
        let buttons = Box(.horizontal, spacing: 8)
        buttons.append(retry)
        buttons.append(undo)
        let content = Box(.vertical, spacing: 8)
        content.append(reasonText)
        content.append(buttons)
        content.setSizeRequest(width: 220, height: -1)
        popover.setChild(content)
        // Beside the button, into the window: the rail and the follow button keep to its right half.
        popover.setSide(.left)
        retry.onClicked { [weak self] in
            self?.closeBubble()
            self?.onRetry?()
        }
        undo.onClicked { [weak self] in
            self?.closeBubble()
            self?.onUndo?()
        }
        root.isVisible = false
    }

    func show(_ delivery: ActionDelivery, of action: Action) {
        status.isVisible = false
        refused.isVisible = false
        switch delivery {
        case .none:
            closeBubble()
            root.isVisible = keepsRoom
            return
        case .waiting:
            showStatus(tr("Sending…"), tooltip: tr("On its way to your account"))
        case .waitingForSignIn:
            // TRANSLATORS: a small mark by a like or follow button; the whole words are its tooltip.
            showStatus(tr("Waiting"), tooltip: tr("Sends when you sign in again"))
        case .sent:
            showStatus(tr("Sent"), tooltip: tr("Your account has it"))
        case .refused(let reason):
            let words = tr("The server refused it: {reason}", ["reason": ShownText.visible(reason)])
            refused.isVisible = true
            refused.tooltip = words
            refused.setAccessibleLabel(Self.notSent(action))
            refused.setAccessibleDescription(words)
            reasonText.text = words
            retry.setAccessibleLabel(Self.retryName(action))
            undo.setAccessibleLabel(Self.undoName(action))
        }
        root.isVisible = true
    }

    private func closeBubble() {
        if popover.isOpen { popover.popdown() }
    }

    private func showStatus(_ text: String, tooltip: String) {
        closeBubble()
        status.text = text
        status.tooltip = tooltip
        status.setAccessibleLabel(tooltip)
        status.isVisible = true
    }

    private static func notSent(_ action: Action) -> String {
        switch action {
        case .like: tr("Your like was not sent")
        case .unlike: tr("Your unlike was not sent")
        case .follow: tr("Your follow was not sent")
        case .unfollow: tr("Your unfollow was not sent")
        }
    }

    private static func retryName(_ action: Action) -> String {
        switch action {
        case .like: tr("Retry sending your like")
        case .unlike: tr("Retry sending your unlike")
        case .follow: tr("Retry sending your follow")
        case .unfollow: tr("Retry sending your unfollow")
        }
    }

    private static func undoName(_ action: Action) -> String {
        switch action {
        case .like: tr("Undo your like: unlike it here")
        case .unlike: tr("Undo your unlike: like it again here")
        case .follow: tr("Undo your follow: unfollow here")
        case .unfollow: tr("Undo your unfollow: follow again here")
        }
    }
}
