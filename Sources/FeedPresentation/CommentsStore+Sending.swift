public import FeedCore
import Localization

/// The comments written here on a remote post, on their way to the user's account through the
/// outbox (issue 23): written first, then sent; each one's mark follows its outbox entry; a reply
/// answers one of the network's comments; a refused one is sent again or taken back.
extension CommentsStore {
    /// Whether comments written here go on to the post's network (an account can act on it):
    /// the network's comments can then be answered.
    public var sendsComments: Bool {
        guard let remote = post?.remote, let actions = deps.actions else { return false }
        return actions.canAct(on: remote)
    }

    /// Where `comment` stands with the post's network.
    public func delivery(of comment: Comment) -> CommentDelivery {
        CommentDelivery.of(comment, onRemotePost: post?.remote != nil, in: deps.outbox?.entries ?? [])
    }

    /// Whom `comment` answers, when it is a reply sent from here: the author's `@name@host`
    /// where the thread shows the comment answered, else "" (a reply all the same); nil for a
    /// comment of its own.
    public func answered(by comment: Comment) -> String? {
        guard let entry = CommentDelivery.writing(comment, in: deps.outbox?.entries ?? []),
              case .comment(_, _, _, let replyTo?) = entry.action else { return nil }
        return threads?.lines.first { $0.id == replyTo }?.comment.author.map { "@" + $0.handle } ?? ""
    }

    /// The next comment answers the network's comment `id` (one of the threads' lines); nil:
    /// a comment of its own again.
    public func reply(to id: String?) {
        let target = id.flatMap { id in threads?.lines.first { $0.id == id }?.comment }
        guard target == nil || sendsComments else { return }
        replyTo(target)
    }

    func replyTo(_ target: RemoteComment?) {
        guard target != replyingTo else { return }
        replyingTo = target
        onChange?(.replying(target))
    }

    /// A comment just stored on `post`: to the account that acts on its network, answering the
    /// comment replied to, if any (with no account it stays here, and signing in is offered).
    func send(_ comment: Comment, on post: Post) {
        defer { replyTo(nil) }
        guard let remote = post.remote else { return }
        deps.actions?.commentWritten(comment, on: remote, replyTo: replyingTo?.id)
    }

    /// Sends a comment the server refused again (its Retry).
    public func retrySending(_ commentID: Int64) {
        guard let comment = comments.first(where: { $0.id == commentID }), let outbox = deps.outbox,
              let entry = CommentDelivery.writing(comment, in: outbox.entries), case .refused = entry.state else { return }
        outbox.retry(entry.id)
    }

    /// Takes back a comment the server refused (its Undo): it never reached the network, and it
    /// goes from here too.
    public func withdraw(_ commentID: Int64) {
        guard let comment = comments.first(where: { $0.id == commentID }), case .refused = delivery(of: comment) else { return }
        do {
            _ = try deps.repository.deleteComment(id: commentID)
            comments.removeAll { $0.id == commentID }
            onChange?(.removed(id: commentID))
            deps.events?.emit(.commentDeleted(postID: comment.postID, commentID: commentID))
            postChanged()
        } catch {
            failed(tr("Couldn’t delete the comment: {error}", ["error": error]), postID: comment.postID)
        }
    }

    /// Leaves out of `threads` the copies of the comments sent from here on the post shown.
    func hideSent(in threads: RemoteCommentThreads) {
        guard let post else { return }
        let entries = deps.outbox?.entries ?? []
        threads.hide(CommentDelivery.sentIDs(onPost: post.id, in: entries), copies: CommentDelivery.sentCopies(onPost: post.id, in: entries))
    }

    /// An outbox entry changed: the mark of the comment it writes follows, and once sent, the
    /// comment's copy in the network's thread is left out (it shows once, as written here).
    func outboxChanged(_ entry: OutboxEntry) {
        guard let post, entry.postID == post.id, case .comment(_, let localID, _, _) = entry.action,
              let comment = comments.first(where: { $0.outboxID == localID }) else { return }
        let delivery = delivery(of: comment)
        if case .sent(let remoteID?) = delivery {
            threads?.hide([remoteID], copies: CommentDelivery.sentCopies(onPost: post.id, in: [entry]))
        }
        onChange?(.delivery(commentID: comment.id, delivery))
    }
}
