import FeedCore
import FeedPresentation
import Foundation
import GtkKit
import Localization

/// The window's ways into the networks: a result opened as a feed (made playable first), a
/// channel's page, a remote post's @author, and Back to the grid where the feed left it.
extension MainWindow {
    /// A channel's or account's page (made when first opened).
    var channelPage: ChannelPage? {
        if let channelPageView { return channelPageView }
        guard let explorer = deps.discover.explorer else { return nil }
        let networks = networksEditor
        let store = ChannelStore(explorer: explorer, subscriptions: deps.following.subscriptions,
                                 showsSensitive: { networks.showsSensitive }, events: deps.events,
                                 actions: deps.feed.actions, follower: channelFollower)
        store.onFollowed = { [weak self] posts in self?.feed.session.showNext(posts) }
        store.onMessage = { [weak self] message in self?.importBanner.showResult(message) }
        let page = ChannelPage(store: store, images: deps.discover.images, deliveries: deps.feed.deliveries)
        page.onBack = { [weak self] in self?.navigator.back() }
        page.onOpen = { [weak self] list, index in self?.openRemoteResults(list, at: index) }
        // TRANSLATORS: the title of the page showing a channel or account on a network.
        stack.add(page.root, name: Self.channelPageName, title: tr("Channel"))
        channelPageView = page
        return page
    }

    /// Opens the results of `list` as a feed from `index`, once that video could be made to play.
    func openRemoteResults(_ list: RemoteVideoList, at index: Int) {
        guard let explorer = deps.discover.explorer else { return }
        let scale = max(1, window.scaleFactor)
        let size = window.defaultSize
        let supplier = RemoteResultsFeed(list: list, start: index, explorer: explorer, repository: deps.repository,
                                         window: { PixelSize(width: max(1, size.width) * scale, height: max(1, size.height) * scale) })
        supplier.open { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let posts) where !posts.isEmpty:
                navigator.open(.remoteResults(supplier))
            case .success:
                break
            case .failure(let failure):
                let message = tr("Couldn’t open that video: {reason}", ["reason": failure.description])
                importBanner.showResult(message)
                deps.events?.emit(.error(kind: "network", message: message, postID: nil))
            }
        }
    }

    func openChannel(_ actor: RemoteActor) {
        guard deps.discover.explorer != nil else { return }
        navigator.open(.channel(actor))
    }

    /// A post's @author: a network's post opens its channel there, any other its profile here.
    func openAuthorOfCurrentPost(_ author: Author) -> Bool {
        guard deps.discover.explorer != nil, let post = activeFeed?.current, post.author.id == author.id,
              let actor = RemoteAuthor.actor(of: post) else { return false }
        openChannel(actor)
        return true
    }
}
