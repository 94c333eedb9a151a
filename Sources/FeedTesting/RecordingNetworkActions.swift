public import FeedCore

/// Keeps the follows and likes that would go on to the user's accounts; acts on no comment.
@MainActor
public final class RecordingNetworkActions: NetworkActing {
    public var follows: [(channel: RemoteActor, following: Bool)] = []
    public var likes: [Post] = []

    public init() {}

    public func postLiked(_ post: Post) { likes.append(post) }
    public func channelFollowed(_ channel: RemoteActor, following: Bool) { follows.append((channel, following)) }
    public func canAct(on post: RemotePostRef) -> Bool { false }
    public func commentWritten(_ comment: Comment, on post: RemotePostRef, replyTo: String?) {}
    public func commentDeleted(_ comment: Comment, on post: RemotePostRef) {}
}
