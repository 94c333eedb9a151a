import FeedCore
import FeedPresentation
import Foundation
import GtkKit
import Localization

/// Preferences (Ctrl+comma): library folders, the networks Discover reads (NetworksSection),
/// the recording limit, the posting page's "save a copy" default, the offline videos' space and
/// the accounts signed in to (AccountsSection). The decisions are PreferencesEditor's,
/// NetworksEditor's and AccountsStore's; this only shows them.
@MainActor
final class PreferencesWindow {
    private let editor: PreferencesEditor
    private let dialog: DialogWindow
    private let folders = Box(.vertical, spacing: 6)
    private let suggestion = Button(label: "")
    private let folderNote = DialogForm.paragraph()
    /// A setting that could not be written (a full disk).
    private let problem = DialogForm.paragraph()
    private var limitButtons: [(Int, Button)] = []
    private var cacheButtons: [(Int, Button)] = []
    private var chooser: FileChooser?
    private let parent: Window
    private var networks: NetworksSection?
    private var accounts: AccountsSection?
    private var interests: InterestsSection?
    var onClosed: (() -> Void)?

    init(editor: PreferencesEditor, networks networksEditor: NetworksEditor?, accounts accountsStore: AccountsStore?,
         images: (any WebImageFetching)?, interests interestsEditor: InterestsEditor? = nil, parent: Window) {
        self.editor = editor
        self.parent = parent
        let form: Box
        (dialog, form) = DialogForm.makeScrolling(title: tr("Preferences"), parent: parent, width: 440, maximumHeight: 600)

        form.append(Self.heading(tr("Library folders")))
        form.append(DialogForm.paragraph(tr("Videos in these folders join your feed, and new ones appear by themselves."), dim: true))
        form.append(folders)
        let buttons = Box(.horizontal, spacing: 8)
        let add = Button(label: tr("Add folder…"))
        add.onClicked { [weak self] in self?.chooseFolder() }
        buttons.append(add)
        suggestion.onClicked { [weak self] in
            guard let self, let folder = editor.suggestedFolder else { return }
            added(editor.addFolder(folder), folder)
        }
        buttons.append(suggestion)
        form.append(buttons)
        folderNote.isVisible = false
        form.append(folderNote)
        problem.isVisible = false
        problem.addCSSClass("composer-message")
        form.append(problem)

        if let networksEditor, networksEditor.isAvailable {
            let section = NetworksSection(editor: networksEditor)
            form.append(section.root)
            networks = section
        }

        form.append(Self.heading(tr("Recording")))
        let limits = Box(.horizontal, spacing: 6)
        let limitLabel = Label(tr("Longest clip"))
        limitLabel.setExpand(horizontal: true, vertical: false)
        limitLabel.setXAlign(0)
        limits.append(limitLabel)
        limitButtons = Self.chips(Preferences.recordingLimitChoices, in: limits, label: { seconds in
            seconds >= 60 ? trn("{count} min", "{count} min", seconds / 60) : trn("{count} s", "{count} s", seconds)
        }, chosen: { [weak self] seconds in
            self?.editor.setRecordingLimit(seconds)
            self?.showLimit()
        })
        form.append(limits)

        form.append(Self.heading(tr("Posting")))
        let copyRow = Box(.horizontal, spacing: 8)
        let copyLabel = Label(tr("Save a copy of my posts to Videos"))
        copyLabel.setExpand(horizontal: true, vertical: false)
        copyLabel.setXAlign(0)
        let copy = Switch(active: editor.saveCopy)
        copy.setAccessibleLabel(tr("Save a copy of my posts to Videos"))
        copy.onToggled { [weak self] on in self?.editor.setSaveCopy(on) }
        copyRow.append(copyLabel)
        copyRow.append(copy)
        form.append(copyRow)

        form.append(Self.heading(tr("Offline videos")))
        form.append(DialogForm.paragraph(tr("Videos from the feeds you follow are kept to play offline, up to this much; the least recently watched go first."), dim: true))
        let sizes = Box(.horizontal, spacing: 6)
        cacheButtons = Self.chips(Preferences.videoCacheChoices, in: sizes, label: { megabytes in
            megabytes >= 1024 ? tr("{count} GB", ["count": megabytes / 1024]) : tr("{count} MB", ["count": megabytes])
        }, chosen: { [weak self] megabytes in
            self?.editor.setVideoCacheMegabytes(megabytes)
            self?.showLimit()
        })
        form.append(sizes)

        if let accountsStore {
            let section = AccountsSection(store: accountsStore, images: images)
            form.append(section.root)
            accounts = section
        }
        if let interestsEditor {
            let section = InterestsSection(editor: interestsEditor)
            form.append(section.root)
            interests = section
        }

        dialog.onCloseRequest { [weak self] in
            self?.networks?.detach()
            self?.accounts?.detach()
            self?.onClosed?()
            return false
        }
        showFolders()
        showLimit()
    }

    /// The dialog itself (its focus moves are reported as the main window's are).
    var window: DialogWindow { dialog }
    func present() { dialog.present() }
    /// The Accounts form filled with the server the sign-in offer named, if one was accepted.
    func fillSuggestedAccount() { accounts?.fillSuggested() }
    func close() {
        networks?.detach()
        accounts?.detach()
        dialog.close()
    }

    /// One chip per choice in `row`; `chosen` gets the value of the one pressed.
    private static func chips(_ values: [Int], in row: Box, label: (Int) -> String,
                              chosen: @escaping (Int) -> Void) -> [(Int, Button)] {
        values.map { value in
            let button = Button(label: label(value))
            button.addCSSClass("limit-chip")
            button.onClicked { chosen(value) }
            row.append(button)
            return (value, button)
        }
    }

    static func heading(_ text: String) -> Label {
        let label = Label(text)
        label.setXAlign(0)
        label.addCSSClass("preferences-heading")
        return label
    }

    private func showLimit() {
        for (seconds, button) in limitButtons { button.setCSSClass("selected", seconds == editor.recordingLimit) }
        for (megabytes, button) in cacheButtons { button.setCSSClass("selected", megabytes == editor.videoCacheMegabytes) }
    }

    private func showFolders() {
        folders.removeAll()
        if editor.libraryFolders.isEmpty {
            let none = Label(tr("No folders yet."))
            none.setXAlign(0)
            folders.append(none)
        }
        for folder in editor.libraryFolders {
            let row = Box(.horizontal, spacing: 8)
            let path = Label(folder)
            path.setEllipsizeEnd()
            path.setXAlign(0)
            path.setExpand(horizontal: true, vertical: false)
            path.tooltip = folder
            let remove = Button(iconName: "list-remove-symbolic")
            remove.setAccessibleLabel(tr("Stop watching {folder}", ["folder": folder]))
            remove.tooltip = tr("Stop watching this folder (its videos stay in your feed)")
            remove.onClicked { [weak self] in
                self?.editor.removeFolder(folder)
                self?.showFolders()
            }
            row.append(path)
            row.append(remove)
            folders.append(row)
        }
        if let suggested = editor.suggestedFolder {
            suggestion.label = tr("Add {folder}", ["folder": URL(fileURLWithPath: suggested).lastPathComponent])
            suggestion.tooltip = suggested
            suggestion.isVisible = true
        } else {
            suggestion.isVisible = false
        }
    }

    private func chooseFolder() {
        guard chooser == nil else { return }
        let chooser = FileChooser(title: tr("Add a library folder"), parent: dialog, action: .selectFolder, kind: nil,
                                  labels: .addingFolder)
        self.chooser = chooser
        chooser.chooseAll { [weak self] paths in
            guard let self else { return }
            self.chooser = nil
            for path in paths { added(editor.addFolder(path), path) }
        }
    }

    private func added(_ change: PreferencesEditor.FolderChange, _ folder: String) {
        let message = PreferencesEditor.message(for: change, folder: folder)
        folderNote.text = message ?? ""
        folderNote.isVisible = message != nil
        showFolders()
    }

    /// Says why the last change could not be kept (it holds until Loopfeed closes).
    func showProblem(_ message: String) {
        problem.text = message
        problem.isVisible = true
    }
}
