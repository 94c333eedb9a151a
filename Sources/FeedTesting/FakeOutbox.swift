public import FeedCore

/// An outbox in memory that sends nothing: what is added follows `OutboxRules` as the real one
/// does, and the test says how each sending ends (`settle`); watchers are told of each change.
@MainActor
public final class FakeOutbox: OutboxAdding, OutboxWatching {
    public private(set) var entries: [OutboxEntry] = []
    public private(set) var retried: [OutboxEntry.ID] = []
    /// Thrown by `add` when set (a library that can't be written).
    public var failure: (any Error)?
    private var watchers: [@MainActor (OutboxEntry) -> Void] = []
    private var nextID: Int64 = 1

    public init() {}

    public func add(_ action: OutboxAction, account: AccountKey, postID: Int64?) throws {
        if let failure { throw failure }
        let before = entries
        var updated = OutboxRules.adding(action, id: nextID, account: account, to: entries)
        if let index = updated.firstIndex(where: { $0.id == nextID }) { updated[index].postID = postID }
        nextID += 1
        apply(updated, before: before)
    }

    /// The sending of `id` ended with `outcome` (as the sender would record it).
    public func settle(_ id: OutboxEntry.ID, _ outcome: OutboxRules.Outcome) {
        let before = entries
        var sending = entries
        if let index = sending.firstIndex(where: { $0.id == id }) { sending[index] = OutboxRules.sending(sending[index]) }
        apply(OutboxRules.after(outcome, of: id, in: sending, nowMs: 0), before: before)
    }

    public func watch(_ observer: @escaping @MainActor (OutboxEntry) -> Void) {
        watchers.append(observer)
    }

    public func retry(_ id: OutboxEntry.ID) {
        retried.append(id)
        apply(OutboxRules.retry(id, in: entries), before: entries)
    }

    private func apply(_ updated: [OutboxEntry], before: [OutboxEntry]) {
        entries = updated
        for entry in updated where !before.contains(entry) {
            for watcher in watchers { watcher(entry) }
        }
    }
}
