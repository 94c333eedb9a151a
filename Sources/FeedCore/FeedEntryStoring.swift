/// Stores a followed feed's entries as posts (each once, as `SubscriptionRepository.storeEntries`
/// does) and answers on the main loop with those that were new, in order. A feed may hold
/// thousands of entries, far longer than a frame to store, so the app stores them on a worker
/// with a connection of its own; without one, the subscriptions store them on the spot.
public protocol FeedEntryStoring: AnyObject {
    @MainActor
    func store(_ entries: [RemotePost], then: @escaping @Sendable @MainActor ([Post]) -> Void)
}
