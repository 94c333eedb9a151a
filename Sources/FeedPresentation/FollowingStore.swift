public import FeedCore
public import Foundation
import Localization

/// The Following window's state and decisions: what is followed, each one's line (when it was
/// refreshed, what was new, or why it failed), Refresh and Unsubscribe.
@MainActor
public final class FollowingStore {
    private let service: any FeedSubscribing
    /// Where an unfollow of a network's channel goes on from here (the account's outbox).
    private let actions: (any NetworkActing)?
    private let now: () -> Date
    public private(set) var rows: [Subscription] = []

    public var onChange: (() -> Void)?
    /// A refresh brought new posts.
    public var onAdded: (([Post]) -> Void)?

    public init(service: any FeedSubscribing, actions: (any NetworkActing)? = nil, now: @escaping () -> Date = { Date() }) {
        self.service = service
        self.actions = actions
        self.now = now
        rows = service.subscriptions()
    }

    /// Refresh all and Export have something to do: something is followed.
    public var hasFeeds: Bool { !rows.isEmpty }

    /// Whether a row's line may wrap: a reason for a failure is as long as it is; a refresh's
    /// line is one line, however narrow the window ("· 4 new" never goes under it).
    public func lineWraps(for subscription: Subscription) -> Bool { subscription.lastError != nil }

    public func reload() {
        rows = service.subscriptions()
        onChange?()
    }

    public func refresh(_ id: Int64) {
        service.refresh(id: id) { [weak self] posts in
            self?.reload()
            if !posts.isEmpty { self?.onAdded?(posts) }
        }
    }

    public func refreshAll() {
        service.refreshAll { [weak self] posts in self?.onAdded?(posts) }
        reload()
    }

    /// nil when done; else why not, in words.
    public func unsubscribe(_ id: Int64) -> String? {
        do {
            let channel = rows.first { $0.id == id }.flatMap { row in row.channel.map { $0.actor(title: row.title) } }
            try service.unsubscribe(id: id)
            if let channel { actions?.channelFollowed(channel, following: false) }
            reload()
            return nil
        } catch {
            return tr("Couldn’t unsubscribe: {reason}", ["reason": error])
        }
    }

    /// The network's channel `subscription` follows, by the `name@host` its follow went to the
    /// account with (its mark, `ActionDeliveryMarks`); nil for a plain feed.
    public func channelHandle(of subscription: Subscription) -> String? {
        subscription.channel?.actor(title: subscription.title).handle
    }

    /// Where it came from, when an account brought it ("From ann@tube.example"); nil otherwise.
    public func origin(of subscription: Subscription) -> String? {
        guard let account = subscription.channel?.account else { return nil }
        // TRANSLATORS: under a followed channel brought from an account at sign-in; {account} is name@host.
        return tr("From {account}", ["account": account])
    }

    /// The line under a subscription's title.
    public func line(for subscription: Subscription) -> String {
        if let error = subscription.lastError { return tr("Couldn’t refresh: {reason}", ["reason": error]) }
        guard let refreshed = subscription.lastRefresh else { return tr("Not refreshed yet") }
        let when = now().timeIntervalSince(refreshed) < 60 ? tr("a moment") : RelativeTime.short(from: refreshed, to: now())
        return subscription.newCount > 0
            ? trn("Refreshed {when} ago · {count} new", "Refreshed {when} ago · {count} new", subscription.newCount, ["when": when])
            : tr("Refreshed {when} ago · nothing new", ["when": when])
    }
}
