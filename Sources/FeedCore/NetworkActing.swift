/// Where what the user does on a remote post goes on from this computer: to the account that acts
/// on the post's network, through the outbox (issue 23). Nothing goes when no account can act on
/// it: the post keeps what was done here, as before.
@MainActor
public protocol NetworkActing: AnyObject {
    /// The post's like is now `post.liked` here (stored first).
    func postLiked(_ post: Post)
    /// A channel or account of a network is followed here now, or no longer (stored first).
    func channelFollowed(_ channel: RemoteActor, following: Bool)
}

/// The outbox as those who add to it see it: the action is written to the library first, then
/// sent when its turn comes. A failure to write is the caller's to say.
@MainActor
public protocol OutboxAdding: AnyObject {
    func add(_ action: OutboxAction, account: AccountKey, postID: Int64?) throws
}
