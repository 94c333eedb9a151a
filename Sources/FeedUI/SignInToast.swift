import FeedPresentation
import GLibKit
import GtkKit
import Localization

/// The offer to sign in, at the top of the window: "Sign in to tube.example to like it there",
/// Sign in (Preferences' Accounts form, filled in) and a close button. SignInPrompt decides when
/// it shows; this binds to it, and lets it go after a while untouched.
@MainActor
final class SignInToast {
    /// How long it stays untouched.
    static let shownMilliseconds: UInt32 = 12_000

    let root = Box(.horizontal, spacing: 10)
    private let label = Label()
    private let signIn = Button(label: tr("Sign in"))
    private let close = Button(iconName: "window-close-symbolic")
    private let prompt: SignInPrompt
    private var hideTimer: SourceHandle?

    /// Sign in was chosen: Preferences opens on the Accounts form.
    var onSignIn: (() -> Void)?

    init(prompt: SignInPrompt) {
        self.prompt = prompt
        root.addCSSClass("welcome-card")
        root.setAlign(horizontal: .fill, vertical: .start)
        label.setWrap(true, maxLines: 3)
        label.setXAlign(0)
        label.setExpand(horizontal: true, vertical: false)
        root.append(label)
        signIn.setAlign(vertical: .center)
        signIn.onClicked { [weak self] in
            self?.prompt.accept()
            self?.onSignIn?()
        }
        root.append(signIn)
        close.addCSSClass("flat")
        close.setAlign(vertical: .center)
        close.setAccessibleLabel(tr("Not now"))
        close.tooltip = tr("Not now")
        close.onClicked { [weak self] in self?.prompt.dismiss() }
        root.append(close)
        root.isVisible = false
        prompt.onChange = { [weak self] in self?.show() }
    }

    private func show() {
        hideTimer?.cancel()
        hideTimer = nil
        guard let offer = prompt.offer else {
            root.isVisible = false
            return
        }
        label.text = offer.text
        // TRANSLATORS: the toast's button as a screen reader names it; {server} is the post's server.
        signIn.setAccessibleLabel(tr("Sign in to {server}", ["server": offer.host]))
        root.isVisible = true
        hideTimer = MainLoop.after(milliseconds: Self.shownMilliseconds) { [weak self] in self?.prompt.dismiss() }
    }
}
