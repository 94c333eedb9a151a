public import FeedCore
public import Foundation

/// Subscriptions whose `add` answers when the test says (each call kept with its answer), and
/// whose list is what the test sets.
@MainActor
public final class FakeFeedSubscriptions: FeedSubscribing {
    public var rows: [Subscription] = []
    /// Each `add`, with the closure that answers it.
    public var added: [(url: URL, answer: @MainActor (SubscriptionOutcome) -> Void)] = []
    public var marked: [(id: Int64, channel: FollowedChannel)] = []
    public var onImportedPosts: (@MainActor ([Post]) -> Void)?

    public init() {}

    public func add(_ url: URL, then: @escaping @MainActor (SubscriptionOutcome) -> Void) { added.append((url, then)) }
    public func refreshAll(added: @escaping @MainActor ([Post]) -> Void, finished: @escaping @MainActor ([Subscription]) -> Void) {}
    public func subscriptions() -> [Subscription] { rows }
    public func refresh(id: Int64, done: @escaping @MainActor ([Post]) -> Void) {}
    public func unsubscribe(id: Int64) throws { rows.removeAll { $0.id == id } }
    public func markChannel(id: Int64, _ channel: FollowedChannel) throws { marked.append((id, channel)) }
    public func importOPML(file: URL, then: @escaping @MainActor (SubscriptionOutcome) -> Void) {}
    public func exportOPML(to file: URL) throws {}
}
