public import FeedCore
import Foundation
import Localization

/// A channel's or account's page on a network (PeerTube channel or account, Loops profile), in
/// the profile's layout: its header as its server describes it, its videos page after page (a
/// RemoteVideoList, every shape and length, sensitive ones as Preferences say), and Follow,
/// which subscribes to its feed (the Following list's own subscription) and unfollows it again.
@MainActor
public final class ChannelStore {
    public enum State: Equatable, Sendable {
        case loading
        case shown
        case failed(String)
    }

    public private(set) var actor: RemoteActor?
    public private(set) var channel: RemoteChannel?
    public private(set) var state = State.loading
    public private(set) var videos: RemoteVideoList?
    /// A follow or unfollow is under way.
    public private(set) var isChangingFollow = false
    /// Anything shown changed.
    public var onChange: (() -> Void)?
    /// Following it brought these posts (they come next in Home).
    public var onFollowed: (([Post]) -> Void)?
    /// What to say about a follow (done, or why not).
    public var onMessage: ((String) -> Void)?

    private let explorer: any NetworkExploring
    private let subscriptions: (any FeedSubscribing)?
    private let showsSensitive: () -> Bool
    private let events: EventSink?
    /// Where a follow goes on from here: to the account for the channel's network (the outbox).
    private let actions: (any NetworkActing)?
    /// The window's, shared with the feeds' "+" (nil: one of its own).
    private let follower: ChannelFollower?
    private var request: (any NetworkRequest)?
    private var videosToken: Int?

    public init(explorer: any NetworkExploring, subscriptions: (any FeedSubscribing)?, showsSensitive: @escaping () -> Bool,
                events: EventSink?, actions: (any NetworkActing)? = nil, follower: ChannelFollower? = nil) {
        self.actions = actions
        self.follower = follower
        self.explorer = explorer
        self.subscriptions = subscriptions
        self.showsSensitive = showsSensitive
        self.events = events
    }

    /// Shows `actor`'s page; the same one again keeps what is shown (Back from its feed).
    public func show(_ actor: RemoteActor) {
        if let shown = self.actor, shown.handle == actor.handle, shown.kind == actor.kind, state == .shown { return }
        request?.cancel()
        stopVideos()
        self.actor = actor
        channel = nil
        videos = nil
        state = .loading
        changed()
        request = explorer.channel(actor) { [weak self] result in self?.answered(result) }
    }

    /// The channel's own words, followers and videos as its server gave them.
    private func answered(_ result: Result<RemoteChannel, NetworkFailure>) {
        request = nil
        switch result {
        case .failure(let failure):
            state = .failed(failure.description)
        case .success(let channel):
            self.channel = channel
            state = .shown
            let explorer = explorer
            let filter = VerticalFilter(anyShape: true, anyLength: true, showsSensitive: showsSensitive())
            let list = RemoteVideoList(query: channel.actor.handle, source: "channel", events: events) { cursor, then in
                explorer.channelVideos(channel, filter: filter, after: cursor, then: then)
            }
            videos = list
            videosToken = list.observe { [weak self] in self?.changed() }
            list.load()
        }
        changed()
    }

    /// The subscription its feed became, when the user follows it.
    private var subscription: Subscription? {
        guard let feed = channel?.feedURL?.absoluteString else { return nil }
        return subscriptions?.subscriptions().first { $0.url == feed }
    }

    public var isFollowed: Bool { subscription != nil }
    /// Whether it can be followed here at all (a feed to follow, a service to follow it with).
    public var canFollow: Bool { channel?.feedURL != nil && subscriptions != nil }

    /// Follows its feed, or stops following it.
    public func toggleFollow() {
        guard let subscriptions, channel?.feedURL != nil, !isChangingFollow else { return }
        if let subscription {
            do {
                try subscriptions.unsubscribe(id: subscription.id)
                if let actor = channel?.actor { actions?.channelFollowed(actor, following: false) }
                onMessage?(tr("You no longer follow {name}.", ["name": channel?.actor.shownName ?? ""]))
            } catch {
                onMessage?(tr("Couldn’t unfollow: {error}", ["error": error]))
            }
            return changed()
        }
        guard let channel else { return }
        isChangingFollow = true
        changed()
        let follower = follower ?? ChannelFollower(explorer: explorer, subscriptions: subscriptions, actions: actions)
        follower.follow(channel) { [weak self] outcome in
            guard let self else { return }
            isChangingFollow = false
            let name = channel.actor.shownName
            switch outcome {
            case .followed(_, let added):
                onFollowed?(added)
                onMessage?(tr("You follow {name}: their new videos come in Home.", ["name": name]))
            case .alreadyFollowed:
                onMessage?(tr("You follow {name} already.", ["name": name]))
            case .failed(let reason):
                onMessage?(tr("Couldn’t follow {name}: {reason}", ["name": name, "reason": reason]))
            }
            changed()
        }
    }

    /// The page is left for another: what it asks stops.
    public func leave() {
        request?.cancel()
        request = nil
        videos?.cancel()
    }

    private func stopVideos() {
        if let videos, let videosToken {
            videos.stopObserving(videosToken)
            videos.cancel()
        }
        videosToken = nil
    }

    private func changed() { onChange?() }
}
