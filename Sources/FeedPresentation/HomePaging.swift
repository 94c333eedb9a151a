public import FeedCore

/// Home's two feeds (issue 24).
public enum HomeFeedKind: String, Sendable, CaseIterable {
    /// Ranked on this computer from what the user watches (newest first for a new user).
    case forYou = "for-you"
    /// Only what the user follows and their own videos, newest first, and it ends.
    case following
}

/// Where Home's pages come from (FeedStore's `.home` content): read when the feed nears its end,
/// at once, so it never waits on a worker, and changed ahead of the user when what was learnt
/// changes what should come next.
@MainActor
public protocol HomePaging: AnyObject {
    var kind: HomeFeedKind { get }
    /// Back to the first page, showing `kind` from now on.
    func restart(_ kind: HomeFeedKind) throws
    /// The next posts; `reachedEnd` when none follow.
    func nextPage(limit: Int) throws -> (posts: [Post], reachedEnd: Bool)
    /// What to show after `shown` instead of `upcoming` (posts handed over, not yet prerolled),
    /// now that more was learnt; nil: keep them.
    func replacing(upcoming: [Post], after shown: [Post]) -> [Post]?
    /// Why `post` is in the feed, strongest first (Why this video?).
    func reasons(for post: Post) -> [ForYouReason]
    /// Told when what was learnt may change the posts ahead.
    var onUpcomingStale: (() -> Void)? { get set }
}
