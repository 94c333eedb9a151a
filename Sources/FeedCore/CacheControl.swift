/// What the profile's "Clear cache" needs: how much the cache holds and emptying it, both off the
/// main thread. FeedSources' CacheDirectory implements it (the cache manager of downloads will).
@MainActor
public protocol CacheControl: AnyObject {
    /// The bytes the cache holds.
    func measure(_ completion: @escaping @MainActor (Int64) -> Void)
    /// Empties it; `completion` gets how many bytes were freed.
    func clear(_ completion: @escaping @MainActor (Int64) -> Void)
}
