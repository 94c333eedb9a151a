public import Foundation

/// A comment on a remote video, as plain text with its links kept beside it (never markup).
public struct RemoteComment: Sendable, Equatable, Identifiable {
    /// Its id on the server that answered (PeerTube's are per instance; Loops' snowflakes).
    public var id: String
    /// The thread's root: itself for a root.
    public var threadID: String
    /// The comment it answers; nil on a root (and on a Loops reply deleted since).
    public var parentID: String?
    /// nil when deleted (PeerTube gives no account then; Loops a placeholder, dropped here).
    public var author: RemoteActor?
    /// Plain text, line breaks kept, at most TextLimits.comment characters; "" when deleted.
    public var text: String
    /// The http(s) links in it, in order: PeerTube's `<a href>`s, the addresses in Loops' text.
    public var links: [URL]
    public var created: Date?
    public var isDeleted: Bool
    /// Replies under a root (PeerTube counts them on roots only; Loops on comments).
    public var replyCount: Int?
    /// Likes, where the network counts them (Loops).
    public var likes: Int?
    /// Its page on the web.
    public var pageURL: URL?

    public init(id: String, threadID: String, parentID: String? = nil, author: RemoteActor?, text: String,
                links: [URL] = [], created: Date? = nil, isDeleted: Bool = false, replyCount: Int? = nil,
                likes: Int? = nil, pageURL: URL? = nil) {
        self.id = id
        self.threadID = threadID
        self.parentID = parentID
        self.author = author
        self.text = text
        self.links = links
        self.created = created
        self.isDeleted = isDeleted
        self.replyCount = replyCount
        self.likes = likes
        self.pageURL = pageURL
    }
}

/// A PeerTube thread as its tree answers it: a comment and the replies to it, replies to
/// replies nested.
public struct RemoteCommentTree: Sendable, Equatable {
    public var comment: RemoteComment
    public var children: [RemoteCommentTree]

    public init(comment: RemoteComment, children: [RemoteCommentTree] = []) {
        self.comment = comment
        self.children = children
    }

    /// Every comment below the root, depth first (each reply before its own replies).
    public var replies: [RemoteComment] {
        var found: [RemoteComment] = []
        var stack = Array(children.reversed())
        while let next = stack.popLast() {
            found.append(next.comment)
            stack.append(contentsOf: next.children.reversed())
        }
        return found
    }
}
