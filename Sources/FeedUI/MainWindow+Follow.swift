import FeedCore
import FeedPresentation
import Foundation
import Localization

/// Following a feed or channel from the window (Ctrl+L).
extension MainWindow {
    func showAddFeed() {
        if let addFeedDialog { return addFeedDialog.present() }
        let dialog = AddFeedDialog(parent: window)
        dialog.onClosed = { [weak self] in self?.addFeedDialog = nil }
        dialog.onSubmit = { [weak self, weak dialog] text in
            guard let self, let dialog else { return }
            guard let url = SubscriptionMessages.address(from: text) else {
                return dialog.refuse(tr("That is not a web address."))
            }
            dialog.close()
            follow(url)
        }
        addFeedDialog = dialog
        FocusEvents.report(in: dialog.window, title: dialog.window.title, events: deps.events)
        dialog.present()
    }

    /// Follows a web address pasted onto the window (not into a text field).
    func pasteAddress() {
        window.readClipboardText { [weak self] text in
            guard let self else { return }
            guard let text, let url = SubscriptionMessages.pastedAddress(from: text) else {
                return importBanner.showResult(tr("The clipboard holds no web address to follow."))
            }
            follow(url)
        }
    }

    func follow(_ url: URL) {
        let subscriptions = deps.following.subscriptions
        // The user is getting more videos: the welcome has said its piece.
        hideWelcome()
        importBanner.showProgress(tr("Looking at {address}…", ["address": url.host ?? url.absoluteString]), fraction: nil)
        subscriptions.add(url) { [weak self] outcome in self?.followed(outcome, address: url.absoluteString) }
    }

    /// Follows every feed an OPML list names (a file given on the command line).
    func importSubscriptions(from file: URL) {
        let subscriptions = deps.following.subscriptions
        importBanner.showProgress(tr("Following the feeds in {file}…", ["file": file.lastPathComponent]), fraction: nil)
        subscriptions.importOPML(file: file) { [weak self] outcome in
            self?.importBanner.showResult(SubscriptionMessages.message(for: outcome, address: file.lastPathComponent))
        }
    }

    func showFollowing() {
        let subscriptions = deps.following.subscriptions
        if let followingWindow { return followingWindow.present() }
        let store = FollowingStore(service: subscriptions, actions: deps.feed.actions)
        store.onAdded = { [weak self] posts in self?.feed.session.showNext(posts) }
        let shown = FollowingWindow(store: store, parent: window, images: deps.following.webImages,
                                    deliveries: deps.feed.deliveries)
        shown.onImport = { [weak shown] file in
            subscriptions.importOPML(file: file) { outcome in
                shown?.say(SubscriptionMessages.message(for: outcome, address: file.lastPathComponent))
                store.reload()
            }
        }
        shown.onExport = { file in
            do {
                try subscriptions.exportOPML(to: file)
                return nil
            } catch {
                return tr("Couldn’t save {file}: {reason}", ["file": file.lastPathComponent, "reason": error])
            }
        }
        shown.onClosed = { [weak self] in self?.followingWindow = nil }
        followingWindow = shown
        FocusEvents.report(in: shown.window, title: shown.window.title, events: deps.events)
        shown.present()
    }

    private func followed(_ outcome: SubscriptionOutcome, address: String) {
        let message = SubscriptionMessages.message(for: outcome, address: address)
        importBanner.showResult(message)
        switch outcome {
        case .failed:
            deps.events?.emit(.error(kind: "follow", message: message, postID: nil))
        case .subscribed(_, let added) where !added.isEmpty:
            // The newest of them first, next after the video on screen, and shown at once.
            navigator.select(.home)
            feed.session.showAtOnce(added.sorted { $0.created > $1.created })
        case .video(let post):
            navigator.select(.home)
            feed.session.showAtOnce([post])
        default:
            break
        }
    }
}
