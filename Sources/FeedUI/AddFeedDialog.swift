import GtkKit
import Localization

/// Ctrl+L: an address to follow (a feed, a channel, a page, an OPML list or a video).
@MainActor
final class AddFeedDialog {
    private let dialog: DialogWindow
    // TRANSLATORS: the placeholder of the address field; usually kept as it is.
    private let entry = Entry(placeholder: tr("https://"))
    private let note = DialogForm.paragraph()
    var onSubmit: ((String) -> Void)?
    var onClosed: (() -> Void)?

    init(parent: Window) {
        let form: Box
        (dialog, form) = DialogForm.make(title: tr("Follow a feed or channel"), parent: parent, width: 420)
        form.append(DialogForm.paragraph(tr("A PeerTube channel or account, a Loops account, any video feed (RSS, Atom, JSON Feed), a page that announces one, an OPML list, or a video’s address."), dim: true))
        entry.setAccessibleLabel(tr("Address"))
        entry.onActivate { [weak self] in self?.submit() }
        form.append(entry)
        note.isVisible = false
        form.append(note)
        let buttons = Box(.horizontal, spacing: 8)
        buttons.setAlign(horizontal: .end)
        let cancel = Button(label: tr("Cancel"))
        cancel.onClicked { [weak self] in self?.close() }
        let follow = Button(label: tr("Follow"))
        follow.addCSSClass("suggested-action")
        follow.onClicked { [weak self] in self?.submit() }
        buttons.append(cancel)
        buttons.append(follow)
        form.append(buttons)
        dialog.onCloseRequest { [weak self] in
            self?.onClosed?()
            return false
        }
    }

    /// The dialog itself (its focus moves are reported as the main window's are).
    var window: DialogWindow { dialog }
    func present() {
        dialog.present()
        entry.grabFocus()
    }

    func close() {
        onClosed?()
        dialog.close()
    }

    /// Says why what was typed is not an address, and stays open.
    func refuse(_ message: String) {
        note.text = message
        note.isVisible = true
    }

    private func submit() { onSubmit?(entry.text) }
}
