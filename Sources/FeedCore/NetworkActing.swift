/// Where what the user does on a remote post goes on from this computer: to the account that acts
/// on the post's network, through the outbox (issue 23). Nothing goes when no account can act on
/// it: the post keeps what was done here, as before.
@MainActor
public protocol NetworkActing: AnyObject {
    /// The post's like is now `post.liked` here (stored first).
    func postLiked(_ post: Post)
    /// Whether an account can act on a post of `post`'s network (its comments can go there).
    func canAct(on post: RemotePostRef) -> Bool
    /// `comment` was written here on `post` (stored first), answering the network's comment
    /// `replyTo` (its id as the comments sheet read it) or none.
    func commentWritten(_ comment: Comment, on post: RemotePostRef, replyTo: String?)
    /// The user's `comment` on `post` was deleted here for good (its undo is over): the account
    /// that sent it deletes it there, or it never leaves if it was not sent yet.
    func commentDeleted(_ comment: Comment, on post: RemotePostRef)
    /// A channel or account of a network is followed here now, or no longer (stored first).
    func channelFollowed(_ channel: RemoteActor, following: Bool)
}

/// The outbox as those who add to it see it: the action is written to the library first, then
/// sent when its turn comes. A failure to write is the caller's to say.
@MainActor
public protocol OutboxAdding: AnyObject {
    /// The outbox as it stands, oldest first.
    var entries: [OutboxEntry] { get }
    func add(_ action: OutboxAction, account: AccountKey, postID: Int64?) throws
}

/// The outbox as the window's marks see it: where each entry's sending stands, told of each
/// change, and a refused entry sent again on request.
@MainActor
public protocol OutboxWatching: AnyObject {
    /// The outbox as it stands, oldest first.
    var entries: [OutboxEntry] { get }
    /// `observer` is told of each entry that changed, for as long as the outbox lives (it holds
    /// what it captures weakly).
    func watch(_ observer: @escaping @MainActor (OutboxEntry) -> Void)
    /// Sends a refused entry again.
    func retry(_ id: OutboxEntry.ID)
}
