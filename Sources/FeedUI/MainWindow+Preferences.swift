import FeedPresentation
import FeedCore
import Foundation
import GLibKit
import GtkKit
import Localization

/// Preferences (Ctrl+comma) and the library folders: watched from the start, caught up with
/// quietly (only what was added is told), and a folder added in Preferences imported at once.
extension MainWindow {
    func installPreferences() {
        preferencesEditor.onRecordingLimitChanged = { [weak self] seconds in self?.createPage?.applyRecordingLimit(seconds) }
        preferencesEditor.onLibraryFoldersChanged = { [weak self] folders in self?.libraryFoldersChanged(folders) }
        preferencesEditor.onVideoCacheChanged = { [weak self] megabytes in self?.deps.preferencesWindow.videoCacheLimitChanged(megabytes) }
        networksEditor.onNotSaved = { [weak self] error in
            guard let self else { return }
            let message = tr("This setting can’t be kept: {error}", ["error": error])
            deps.events?.emit(.error(kind: "preferences", message: message, postID: nil))
            if let preferencesWindow { preferencesWindow.showProblem(message) } else { feed.view.flash(message) }
        }
        preferencesEditor.onNotSaved = { [weak self] error in
            guard let self else { return }
            let message = tr("This setting can’t be kept: {error}", ["error": error])
            deps.events?.emit(.error(kind: "preferences", message: message, postID: nil))
            if let preferencesWindow { preferencesWindow.showProblem(message) } else { feed.view.flash(message) }
        }
        library.onArrived = { [weak self] files in self?.imports.add(files, quietly: true) }
        library.onFolderGone = { [weak self] folder in
            let message = tr("The library folder {folder} is gone (a drive unplugged, or the folder moved): its videos stay in your feed and play again when it is back.",
                             ["folder": ShownText.oneLine(folder.path)])
            self?.deps.notices.say(kind: "library", message)
        }
        library.onRemoved = { [weak self] posts in
            guard let self, let first = posts.first else { return }
            importBanner.showResult(trn("“{name}” left your library: its file is gone",
                                        "{count} videos left your library: their files are gone",
                                        posts.count, ["name": first.caption]))
        }
    }

    /// Watches the library folders and adds what came into them while the app was closed.
    func startLibrary() {
        let folders = deps.preferencesWindow.store.load().libraryFolders
        watchedFolders = folders
        library.watch(folders)
        imports.add(folders.map { URL(fileURLWithPath: $0) }, quietly: true)
    }

    /// The offer to sign in (when the app has accounts): Sign in opens Preferences on the
    /// Accounts form, filled in.
    func installSignInToast(on root: Overlay) {
        guard let accounts = deps.preferencesWindow.accounts else { return }
        let toast = SignInToast(prompt: accounts.signInPrompt)
        toast.onSignIn = { [weak self] in self?.showPreferences() }
        root.addOverlay(toast.root)
        signInToast = toast
    }

    func showPreferences() {
        if let preferencesWindow {
            preferencesWindow.present()
            return preferencesWindow.fillSuggestedAccount()
        }
        let shown = PreferencesWindow(editor: preferencesEditor, networks: networksEditor,
                                      accounts: deps.preferencesWindow.accounts, images: deps.preferencesWindow.images,
                                      interests: deps.preferencesWindow.interests, parent: window)
        shown.onClosed = { [weak self] in self?.preferencesWindow = nil }
        preferencesWindow = shown
        FocusEvents.report(in: shown.window, title: shown.window.title, events: deps.events)
        shown.present()
        // Once it is laid out (its first frame): the focus goes to what is left to type in the
        // filled form, and only a laid-out window scrolls to the field that takes it.
        MainLoop.after(milliseconds: 100, priority: MainLoop.priorityIdle) { [weak shown] in shown?.fillSuggestedAccount() }
    }

    private func libraryFoldersChanged(_ folders: [String]) {
        let added = folders.filter { !watchedFolders.contains($0) }
        watchedFolders = folders
        library.watch(folders)
        imports.add(added.map { URL(fileURLWithPath: $0) })
    }
}
