/// Stores a followed feed's entries as posts (each once, as `SubscriptionRepository.storeEntries`
/// does) and answers on the main loop with those that were new, in order. A feed may hold
/// thousands of entries, far longer than a frame to store, so the app stores them on a worker
/// with a connection of its own; without one, the subscriptions store them on the spot.
public protocol FeedEntryStoring: AnyObject {
    /// Stores the entries `make` gives, made where they are stored (on the worker: making a 10 MB
    /// feed's entries held the main loop 200 ms).
    @MainActor
    func store(_ make: @escaping @Sendable () -> [RemotePost], then: @escaping @Sendable @MainActor ([Post]) -> Void)
    /// Writes how a refresh went (`SubscriptionRepository.recordRefresh`) after the entries stored
    /// before it, then answers on the main loop: written on the main thread, it waited for the
    /// worker's transactions while 1,000 feeds refreshed.
    @MainActor
    func recordRefresh(subscriptionID: Int64, _ record: RefreshRecord, then: @escaping @Sendable @MainActor () -> Void)
}
