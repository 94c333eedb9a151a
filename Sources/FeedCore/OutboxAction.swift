/// What the user did on a remote post or channel that their account must be told of (issue 23):
/// written to the outbox in the library first, then sent. A like and a follow are states, so
/// sending one twice changes nothing; a comment carries a local id until the server gives its own.
public enum OutboxAction: Equatable, Sendable {
    case rate(post: RemotePostRef, liked: Bool)
    case comment(post: RemotePostRef, localID: String, text: String, replyTo: String?)
    case deleteComment(post: RemotePostRef, comment: CommentHandle)
    /// `channel`: the channel's or account's handle (`name@host`).
    case follow(channel: String, following: Bool)

    /// A comment known by the id this computer gave it, or by the server's.
    public enum CommentHandle: Equatable, Sendable {
        case local(String)
        case remote(String)
    }

    /// What its order is kept within: a post's actions go in the order made, a channel's too.
    public var subject: String {
        switch self {
        case .rate(let post, _), .comment(let post, _, _, _), .deleteComment(let post, _): "post:" + post.key
        case .follow(let channel, _): "channel:" + channel
        }
    }

    /// Whether it sets a state (the latest asked replaces an earlier one not yet sent).
    var isState: Bool {
        switch self {
        case .rate, .follow: true
        case .comment, .deleteComment: false
        }
    }

    /// The state it sets turned the other way (unlike for like, unfollow for follow); nil for a
    /// comment or its deletion.
    public var reversed: OutboxAction? {
        switch self {
        case .rate(let post, let liked): .rate(post: post, liked: !liked)
        case .follow(let channel, let following): .follow(channel: channel, following: !following)
        case .comment, .deleteComment: nil
        }
    }

    /// The local id of the comment it writes, or deletes by its local id.
    public var commentLocalID: String? {
        switch self {
        case .comment(_, let localID, _, _), .deleteComment(_, .local(let localID)): localID
        default: nil
        }
    }

    /// For the `outbox` event.
    public var name: String {
        switch self {
        case .rate(_, let liked): liked ? "like" : "unlike"
        case .comment(_, _, _, let replyTo): replyTo == nil ? "comment" : "reply"
        case .deleteComment: "delete_comment"
        case .follow(_, let following): following ? "follow" : "unfollow"
        }
    }
}
