public import FeedCore

/// Where a feed's posts come from when they are neither the library nor a fixed list: results
/// from the networks, turned into posts as the feed nears them. The feed never waits on it:
/// what it asks for comes later, and a move past the last post waits for it.
@MainActor
public protocol FeedSupplying: AnyObject {
    /// The posts the feed opens with (the one chosen first).
    var initialPosts: [Post] { get }
    /// The posts after those given so far, later; `reachedEnd` when none will follow.
    func more(then: @escaping @MainActor (_ posts: [Post], _ reachedEnd: Bool) -> Void)
    /// The feed goes away: what is under way for it stops.
    func stop()
}
