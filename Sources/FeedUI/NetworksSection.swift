import FeedCore
import FeedPresentation
import Foundation
import GtkKit
import Localization

/// Preferences' Networks section: the PeerTube instances and Loops servers Discover reads (an
/// address field whose answer is said under it), the search index (on or off, its address, and
/// the sentence saying what goes to it) and Show sensitive videos with what it means. The
/// decisions are NetworksEditor's; this only shows them.
@MainActor
final class NetworksSection {
    let root = Box(.vertical, spacing: 10)
    private let editor: NetworksEditor
    private let list = Box(.vertical, spacing: 6)
    // TRANSLATORS: the placeholder of the field where an instance's or server's address is typed.
    private let address = Entry(placeholder: tr("tube.example or https://loops.example"))
    private let status = DialogForm.paragraph()
    private let indexSwitch: Switch
    private let indexAddress = Entry(placeholder: Preferences.defaultSearchIndex)
    private let indexNote = DialogForm.paragraph(dim: true)
    private let sensitive: Switch

    init(editor: NetworksEditor) {
        self.editor = editor
        indexSwitch = Switch(active: editor.searchIndexEnabled)
        sensitive = Switch(active: editor.showsSensitive)
        root.append(PreferencesWindow.heading(tr("Networks")))
        root.append(DialogForm.paragraph(tr("Discover shows and searches the videos of these PeerTube instances and Loops servers. Nothing is sent to them but what Discover asks for; no account is needed."), dim: true))
        root.append(list)

        let adding = Box(.horizontal, spacing: 8)
        address.setAccessibleLabel(tr("Address of a PeerTube instance or Loops server"))
        address.setExpand(horizontal: true, vertical: false)
        address.onActivate { [weak self] in self?.add() }
        // TRANSLATORS: adds the instance or server whose address is typed beside it.
        let add = Button(label: tr("Add"))
        add.setAccessibleLabel(tr("Add this instance or server"))
        add.onClicked { [weak self] in self?.add() }
        adding.append(address)
        adding.append(add)
        root.append(adding)
        status.isVisible = false
        status.addCSSClass("networks-status")
        root.append(status)

        let indexRow = Box(.horizontal, spacing: 8)
        let indexLabel = Label(tr("Search with a search index"))
        indexLabel.setExpand(horizontal: true, vertical: false)
        indexLabel.setXAlign(0)
        indexSwitch.setAccessibleLabel(tr("Send network searches to the search index"))
        indexSwitch.onToggled { [weak self] on in
            self?.editor.setSearchIndexEnabled(on)
        }
        indexRow.append(indexLabel)
        indexRow.append(indexSwitch)
        root.append(indexRow)
        indexAddress.text = editor.searchIndex
        indexAddress.setAccessibleLabel(tr("Search index address"))
        indexAddress.onActivate { [weak self] in
            guard let self else { return }
            if !editor.setSearchIndex(indexAddress.text) { indexAddress.text = editor.searchIndex }
        }
        root.append(indexAddress)
        root.append(indexNote)

        let sensitiveRow = Box(.horizontal, spacing: 8)
        let sensitiveLabel = Label(tr("Show sensitive videos"))
        sensitiveLabel.setExpand(horizontal: true, vertical: false)
        sensitiveLabel.setXAlign(0)
        sensitive.setAccessibleLabel(tr("Show sensitive videos"))
        sensitive.onToggled { [weak self] on in self?.editor.setShowsSensitive(on) }
        sensitiveRow.append(sensitiveLabel)
        sensitiveRow.append(sensitive)
        root.append(sensitiveRow)
        root.append(DialogForm.paragraph(tr("Videos their servers mark as sensitive (nudity, violence, shocking scenes) are left out of Discover unless this is on."), dim: true))

        editor.onChange = { [weak self] in self?.show() }
        show()
    }

    /// Lets the editor go of this window's view of it (the window closed).
    func detach() { editor.onChange = nil }

    private func add() {
        editor.add(address.text)
    }

    private func show() {
        list.removeAll()
        if editor.entries.isEmpty {
            list.append(DialogForm.paragraph(tr("None yet: add an instance or a server by its address.")))
        }
        for entry in editor.entries {
            let row = Box(.horizontal, spacing: 8)
            let host = URL(string: entry.address).flatMap(RemoteHost.host(of:)) ?? entry.address
            let kind = entry.kind == .loops ? tr("Loops") : tr("PeerTube")
            // TRANSLATORS: a network the user reads; {host} its address, {kind} PeerTube or Loops.
            let text = entry.forThisRun ? tr("{host} · {kind} · this run only", ["host": host, "kind": kind])
                                        : tr("{host} · {kind}", ["host": host, "kind": kind])
            let name = Label(text)
            name.setEllipsizeEnd()
            name.setXAlign(0)
            name.setExpand(horizontal: true, vertical: false)
            name.tooltip = entry.address
            let remove = Button(iconName: "list-remove-symbolic")
            remove.setAccessibleLabel(tr("Stop reading {host}", ["host": host]))
            remove.tooltip = tr("Stop reading {host} (what you liked from it stays)", ["host": host])
            remove.onClicked { [weak self] in self?.editor.remove(entry) }
            row.append(name)
            row.append(remove)
            list.append(row)
        }
        status.text = editor.status.text ?? ""
        status.isVisible = editor.status.text != nil
        if case .added = editor.status { address.text = "" }
        indexSwitch.isActive = editor.searchIndexEnabled
        indexAddress.sensitive = editor.searchIndexEnabled
        indexNote.text = editor.searchIndexHost.map {
            tr("Words you search for on the networks are also sent to {host}, which searches every PeerTube instance it knows. Nothing else goes there.",
               ["host": $0])
        } ?? tr("Network searches go only to your instances and Loops servers.")
        sensitive.isActive = editor.showsSensitive
    }
}
