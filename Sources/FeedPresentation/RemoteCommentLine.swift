public import FeedCore

/// One comment of a network's thread as the comments sheet lists it: a thread's first comment
/// (depth 0) or a reply under it (1, and 2 or 3 for replies to replies), and for a thread's
/// first comment what its replies show.
public struct RemoteCommentLine: Equatable {
    /// Replies to replies are indented no further than this.
    public static let deepest = 3

    public var comment: RemoteComment
    public var depth: Int
    public var replies: Replies

    public enum Replies: Equatable {
        /// None to show (a reply, or a thread nobody answered).
        case none
        /// `count` replies, not shown ("View 3 replies").
        case hidden(count: Int)
        case loading
        /// Shown; `more` when the network has more pages of them.
        case shown(more: Bool)
        /// They could not be had, in words.
        case failed(String)
    }

    public init(comment: RemoteComment, depth: Int, replies: Replies = .none) {
        self.comment = comment
        self.depth = depth
        self.replies = replies
    }

    public var id: String { comment.id }
    public var isThread: Bool { depth == 0 }
}
