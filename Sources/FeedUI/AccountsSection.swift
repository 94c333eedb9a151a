import FeedCore
import FeedPresentation
import Foundation
import GtkKit
import Localization

/// Preferences' Accounts section: each account signed in to, with its avatar, `name@host` and a
/// Sign out button, and the Sign in form (the kind of server, its address, the username and
/// password, the two-factor code when the server asks; Loops continues in the browser). The
/// decisions are AccountsStore's; this only shows them.
@MainActor
final class AccountsSection {
    let root = Box(.vertical, spacing: 10)
    private let store: AccountsStore
    private let images: (any WebImageFetching)?
    private let list = Box(.vertical, spacing: 6)
    private var network = RemoteNetwork.peertube
    private let peertubeChip = Button(label: tr("PeerTube"))
    private let loopsChip = Button(label: tr("Loops"))
    // TRANSLATORS: placeholders of the sign-in form's fields.
    private let address = Entry(placeholder: tr("Server address, like tube.example"))
    private let username = Entry(placeholder: tr("Username"))
    private let password = Entry(placeholder: tr("Password"))
    private let code = Entry(placeholder: tr("Two-factor code"))
    private let signIn = Button(label: tr("Sign in"))
    private let cancel = Button(label: tr("Cancel"))
    private let status = DialogForm.paragraph()

    init(store: AccountsStore, images: (any WebImageFetching)?) {
        self.store = store
        self.images = images
        root.append(PreferencesWindow.heading(tr("Accounts")))
        root.append(DialogForm.paragraph(tr("Sign in to your PeerTube or Loops account to act on it. Loopfeed keeps its sign-in in your desktop’s password keyring; your password is never kept."), dim: true))
        root.append(list)

        let heading = Label(tr("Sign in…"))
        heading.setXAlign(0)
        root.append(heading)
        // Above the fields: the window scrolls to the field with the focus, at its bottom edge, so
        // what is said below the fields would be out of sight.
        status.addCSSClass("networks-status")
        root.append(status)
        let kinds = Box(.horizontal, spacing: 6)
        for (chip, kind) in [(peertubeChip, RemoteNetwork.peertube), (loopsChip, .loops)] {
            chip.addCSSClass("limit-chip")
            chip.setAccessibleLabel(kind == .loops ? tr("Sign in to a Loops server") : tr("Sign in to a PeerTube instance"))
            chip.onClicked { [weak self] in self?.choose(kind) }
            kinds.append(chip)
        }
        root.append(kinds)
        address.setAccessibleLabel(tr("Server address"))
        username.setAccessibleLabel(tr("Username"))
        password.setAccessibleLabel(tr("Password"))
        password.hideText()
        code.setAccessibleLabel(tr("Two-factor code"))
        for field in [address, username, password, code] {
            field.onActivate { [weak self] in self?.submit() }
            root.append(field)
        }
        let buttons = Box(.horizontal, spacing: 8)
        signIn.onClicked { [weak self] in self?.submit() }
        cancel.onClicked { [weak self] in self?.store.cancelSignIn() }
        buttons.append(signIn)
        buttons.append(cancel)
        root.append(buttons)

        store.onChange = { [weak self] in self?.show() }
        show()
    }

    /// The server a sign-in offer named, in the form, the focus on what is left to type (the
    /// window scrolls to it).
    func fillSuggested() {
        guard let offer = store.signInPrompt.takeFormSuggestion() else { return }
        network = offer.network
        address.text = offer.address
        show()
        if network == .peertube { username.grabFocus() } else { signIn.grabFocus() }
    }

    /// Lets the store go of this window's view of it (the window closed).
    func detach() { store.onChange = nil }

    private func choose(_ kind: RemoteNetwork) {
        network = kind
        show()
    }

    private func submit() {
        switch network {
        case .peertube:
            let typedCode: String? = store.asksForCode ? code.text : nil
            store.signInPeerTube(address: address.text, username: username.text, password: password.text, code: typedCode)
        case .loops:
            store.signInLoops(address: address.text)
        }
    }

    private func show() {
        list.removeAll()
        if store.rows.isEmpty {
            list.append(DialogForm.paragraph(tr("Not signed in: likes and comments stay on this computer.")))
        }
        for row in store.rows { list.append(self.row(row)) }

        peertubeChip.setCSSClass("selected", network == .peertube)
        loopsChip.setCSSClass("selected", network == .loops)
        peertubeChip.setAccessiblePressed(network == .peertube)
        loopsChip.setAccessiblePressed(network == .loops)
        username.isVisible = network == .peertube
        password.isVisible = network == .peertube
        var askingCode = false
        if case .askingCode = store.status { askingCode = true }
        code.isVisible = network == .peertube && store.asksForCode
        signIn.label = network == .loops ? tr("Continue in your browser") : tr("Sign in")
        cancel.isVisible = store.isSigningIn
        status.text = store.status.text ?? ""
        status.isVisible = store.status.text != nil
        if case .done = store.status {
            // Signed in or out: the form is ready for the next account, with nothing left of the password.
            password.text = ""
            code.text = ""
        }
        if askingCode, !code.containsFocus { code.grabFocus() }
    }

    private func row(_ row: AccountsStore.Row) -> Box {
        let account = row.account
        let box = Box(.horizontal, spacing: 8)
        let avatar = Image(file: nil, pixelSize: 36)
        avatar.addCSSClass("rail-avatar")
        avatar.setOverflowHidden()
        avatar.setAlign(horizontal: .center, vertical: .center)
        if let picture = account.avatarURL {
            images?.image(at: picture.absoluteString) { [weak avatar] file in avatar?.setFile(file?.path) }
        }
        box.append(avatar)
        let kind = account.network == .loops ? tr("Loops") : tr("PeerTube")
        let text: String
        if row.needsSignIn {
            // TRANSLATORS: an account whose sign-in is no longer accepted; {handle} is name@host.
            text = tr("{handle} · {kind} · sign in again", ["handle": account.handle, "kind": kind])
        } else if row.sessionOnly {
            text = tr("{handle} · {kind} · until Loopfeed closes", ["handle": account.handle, "kind": kind])
        } else {
            text = tr("{handle} · {kind}", ["handle": account.handle, "kind": kind])
        }
        let name = Label(text)
        name.setEllipsizeEnd()
        name.setXAlign(0)
        name.setExpand(horizontal: true, vertical: false)
        name.tooltip = account.displayName
        box.append(name)
        let signOut = Button(label: tr("Sign out"))
        signOut.setAccessibleLabel(tr("Sign out of {handle}", ["handle": account.handle]))
        signOut.tooltip = tr("Sign out of {handle}", ["handle": account.handle])
        signOut.onClicked { [weak self] in self?.store.signOut(account) }
        box.append(signOut)
        return box
    }
}
