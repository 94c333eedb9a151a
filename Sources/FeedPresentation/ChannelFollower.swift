public import FeedCore
import Localization

/// Following a network's channel or profile: its feed becomes a subscription here (its videos
/// come in Home and Following, where it is known as that channel), and the account signed in to
/// its network follows it too (through the outbox). The channel page's Follow and the "+" on
/// the avatar over one of its posts both go through it, so either does the same.
@MainActor
public final class ChannelFollower {
    public enum Outcome: Equatable {
        /// Followed now (the channel as its server names it); the videos its feed brought.
        case followed(RemoteActor, added: [Post])
        case alreadyFollowed
        /// Not followed, in words that say why.
        case failed(String)
    }

    public enum Unfollowed: Equatable {
        /// No longer followed here; the account's unfollow is on its way.
        case unfollowed(RemoteActor)
        /// Not followed here: nothing to do.
        case notFollowed
        /// Still followed, in words that say why.
        case failed(String)
    }

    private let explorer: (any NetworkExploring)?
    private let subscriptions: any FeedSubscribing
    private let actions: (any NetworkActing)?
    /// Pages asked for the channels being followed from a post, by handle: a second "+" waits for the first.
    private var asking: [String: any NetworkRequest] = [:]

    public init(explorer: (any NetworkExploring)?, subscriptions: any FeedSubscribing, actions: (any NetworkActing)?) {
        self.explorer = explorer
        self.subscriptions = subscriptions
        self.actions = actions
    }

    /// Whether the channel with this handle is being asked for, to be followed.
    public func isFollowing(_ handle: String) -> Bool { asking[handle] != nil }

    /// Follows the channel of a post, known only by its actor: its page is asked for its feed first.
    public func follow(_ actor: RemoteActor, then: @escaping @MainActor (Outcome) -> Void) {
        guard asking[actor.handle] == nil else { return }
        guard let explorer else { return then(.failed(tr("The networks are not read here."))) }
        var answered = false
        let request = explorer.channel(actor) { [weak self] result in
            answered = true
            guard let self else { return }
            asking[actor.handle] = nil
            switch result {
            case .failure(let failure): then(.failed(failure.description))
            case .success(let channel): follow(channel, then: then)
            }
        }
        // A page kept from a minute ago answers on the spot.
        if !answered { asking[actor.handle] = request }
    }

    /// Stops following the channel `handle` (`name@host`) names, here and on the account: Undo
    /// of a follow its network refused, from the mark by the avatar.
    public func unfollow(_ handle: String) -> Unfollowed {
        guard let subscription = subscriptions.subscriptions().first(where: { $0.channel?.handle == handle }),
              let channel = subscription.channel else { return .notFollowed }
        do {
            try subscriptions.unsubscribe(id: subscription.id)
        } catch {
            return .failed(tr("Couldn’t unfollow: {error}", ["error": error]))
        }
        actions?.channelFollowed(channel.actor(title: subscription.title), following: false)
        return .unfollowed(channel.actor(title: subscription.title))
    }

    /// Follows a channel whose page is known.
    public func follow(_ channel: RemoteChannel, then: @escaping @MainActor (Outcome) -> Void) {
        guard let feed = channel.feedURL else {
            return then(.failed(tr("{name} has no feed to follow.", ["name": channel.actor.shownName])))
        }
        // Not through self: a page's own follower may be gone by the answer; the follow is not.
        subscriptions.add(feed) { [subscriptions, actions] outcome in
            switch outcome {
            case .subscribed(let subscription, let added):
                // Unfollowed later from Following, it is known as this channel there too.
                try? subscriptions.markChannel(id: subscription.id, FollowedChannel(channel.actor))
                actions?.channelFollowed(channel.actor, following: true)
                then(.followed(channel.actor, added: added))
            case .alreadySubscribed:
                then(.alreadyFollowed)
            case .failed(let reason):
                then(.failed(reason))
            case .imported, .video:
                then(.failed(tr("{name} has no feed to follow.", ["name": channel.actor.shownName])))
            }
        }
    }
}
