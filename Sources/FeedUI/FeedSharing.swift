import FeedCore
import Foundation
import GLibKit
import GtkKit
import Localization

/// Sharing a post, as a desktop does it (`ShareAction.options`): the menu over the share button,
/// then the file on the clipboard, the file manager showing it, or the link; each share counted
/// (`record`) and logged.
@MainActor
final class FeedSharing {
    struct Gone: Error {}

    private let menu = ShareMenu()
    /// Any widget of the window: the clipboard is the display's.
    private let clipboard: Widget
    private let events: EventSink?
    var flash: (String) -> Void = { _ in }
    /// Counts one share of a post and returns it as stored.
    var record: (Int64) throws -> Post = { _ in throw Gone() }

    init(clipboard: Widget, events: EventSink?) {
        self.clipboard = clipboard
        self.events = events
    }

    var isMenuOpen: Bool { menu.isOpen }

    /// Closes the menu at once (teardown).
    func dismiss() { menu.dismiss() }

    /// The menu for `post` (played from `playableURI`) over `anchor`, its share button, with
    /// `choices` after the ways to share.
    func share(_ post: Post, playableURI: String, anchor: Widget?, choices: [ShareMenu.Choice] = []) {
        let actions = ShareAction.options(playableURI: playableURI, pageURL: post.pageURL)
        guard !actions.isEmpty || !choices.isEmpty, let anchor else {
            flash(tr("This video can’t be shared"))
            return
        }
        menu.onChoose = { [weak self] action in self?.perform(action, for: post.id) }
        menu.open(actions, choices: choices, at: anchor)
    }

    private func perform(_ action: ShareAction, for postID: Int64) {
        switch action {
        case .copyFile(let uri):
            clipboard.copyFilesToClipboard([uri])
            shared(postID, action)
        case .copyLink(let url):
            clipboard.copyToClipboard(url)
            shared(postID, action)
        case .showInFiles(let uri):
            DBusCall.call(name: "org.freedesktop.FileManager1", path: "/org/freedesktop/FileManager1",
                          interface: "org.freedesktop.FileManager1", method: "ShowItems",
                          parameters: .tuple([.strings([uri]), .string("")])) { [weak self] result in
                switch result {
                case .success: self?.shared(postID, action)
                case .failure: self?.openContainingFolder(of: uri, postID: postID, action: action)
                }
            }
        }
    }

    /// Without a file manager on the bus that can select a file, its folder is opened instead.
    private func openContainingFolder(of uri: String, postID: Int64, action: ShareAction) {
        guard let url = URL(string: uri) else { return }
        AppLauncher.openDefault(uri: url.deletingLastPathComponent().absoluteString) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success:
                shared(postID, action)
            case .failure(let error):
                flash(tr("No file manager could show the video"))
                events?.emit(.error(kind: "share", message: "No file manager could show the video: \(error.message)",
                                    postID: postID))
            }
        }
    }

    /// Counts the share and says it is done.
    private func shared(_ postID: Int64, _ action: ShareAction) {
        do {
            let stored = try record(postID)
            events?.emit(.share(postID: postID, method: action.method, shareCount: stored.shareCount))
        } catch {
            events?.emit(.error(kind: "storage", message: "Couldn’t count the share: \(error)", postID: postID))
        }
        flash(action.done)
    }
}
