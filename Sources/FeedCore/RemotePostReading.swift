/// What the window asks a network about one of its posts: fresh details and counts, the
/// comment threads and their replies, the captions. Answers come on the main loop.
@MainActor
public protocol RemotePostReading: AnyObject {
    /// The video as its origin describes it now (counts, files, captions' presence...).
    @discardableResult
    func details(of post: RemotePostRef, then: @escaping @MainActor (Result<RemoteVideo, NetworkFailure>) -> Void)
        -> any NetworkRequest
    /// A page of the post's comment threads (their first comments), newest or most answered first.
    @discardableResult
    func commentThreads(of post: RemotePostRef, order: RemoteCommentOrder, after cursor: RemotePageCursor?,
                        then: @escaping @MainActor (Result<RemotePage<RemoteComment>, NetworkFailure>) -> Void)
        -> any NetworkRequest
    /// The replies under a thread's comment.
    @discardableResult
    func replies(to comment: RemoteComment, of post: RemotePostRef, after cursor: RemotePageCursor?,
                 then: @escaping @MainActor (Result<RemotePage<RemoteComment>, NetworkFailure>) -> Void)
        -> any NetworkRequest
    /// The caption tracks the post has (none is an answer too).
    @discardableResult
    func captionTracks(of post: RemotePostRef, then: @escaping @MainActor (Result<[CaptionTrack], NetworkFailure>) -> Void)
        -> any NetworkRequest
    /// One track's cues.
    @discardableResult
    func captions(_ track: CaptionTrack, then: @escaping @MainActor (Result<CaptionCues, NetworkFailure>) -> Void)
        -> any NetworkRequest
}

public enum RemoteCommentOrder: String, Sendable, Equatable, CaseIterable {
    case newest
    /// Most answered first (PeerTube's -totalReplies; Loops has no other order: newest).
    case top
}
