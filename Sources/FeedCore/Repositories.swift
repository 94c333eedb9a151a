public import Foundation

/// Where the feed continues after the last post of a page (keyset pagination: newest first).
public struct FeedKey: Sendable, Equatable, Hashable {
    public var created: Date
    public var id: Int64
    public init(created: Date, id: Int64) {
        self.created = created
        self.id = id
    }
    public init(_ post: Post) { self.init(created: post.created, id: post.id) }
}

/// A post to be stored; the store assigns its id.
public struct NewPost: Sendable, Equatable {
    public var authorHandle: String
    public var caption: String
    public var music: String
    public var videoURI: String
    public var width: Int
    public var height: Int
    public var rotation: Int
    public var duration: Double
    public var likeCount: Int
    public var commentCount: Int
    public var shareCount: Int
    public var created: Date
    public var allowsComments: Bool
    public var coverURI: String?
    /// A fingerprint of the file's bytes (a user's own file), so a copy is known as the same video.
    public var contentHash: String?

    public init(authorHandle: String, caption: String, music: String, videoURI: String,
                width: Int = 0, height: Int = 0, rotation: Int = 0, duration: Double = 0,
                likeCount: Int = 0, commentCount: Int = 0, shareCount: Int = 0, created: Date,
                allowsComments: Bool = true, coverURI: String? = nil, contentHash: String? = nil) {
        self.contentHash = contentHash
        self.authorHandle = authorHandle
        self.caption = caption
        self.music = music
        self.videoURI = videoURI
        self.width = width
        self.height = height
        self.rotation = rotation
        self.duration = duration
        self.likeCount = likeCount
        self.commentCount = commentCount
        self.shareCount = shareCount
        self.created = created
        self.allowsComments = allowsComments
        self.coverURI = coverURI
    }
}

/// Posts, authors and comments as the feed needs them. Implemented over SQLite in FeedStorage
/// and in memory in FeedTesting. Used from the main thread only.
public protocol FeedRepository: AnyObject {
    /// Newest first; `after` is the key of the last post already shown. What the user follows
    /// and added: posts only discovered on a network stay out.
    func feedPage(after: FeedKey?, limit: Int) throws -> [Post]
    func post(id: Int64) throws -> Post?
    /// The post whose video is `uri`, if one was stored already.
    func post(videoURI uri: String) throws -> Post?
    /// The post whose file had these bytes (`NewPost.contentHash`), if any.
    func post(contentHash: String) throws -> Post?
    /// Deletes a post with its comments and activity (its file is gone: nothing could play).
    func deletePost(id: Int64) throws
    /// How many posts the feed holds (discovered ones left out).
    func postCount() throws -> Int
    @discardableResult func insertAuthor(_ author: Author) throws -> Author
    func author(handle: String) throws -> Author?
    /// The person using this copy of Loopfeed, whatever their handle is now.
    func selfAuthor() throws -> Author?
    @discardableResult func insertPost(_ post: NewPost) throws -> Post
    /// Sets whether the user likes the post and returns it as stored; liking twice is a no-op.
    @discardableResult func setLiked(postID: Int64, liked: Bool) throws -> Post
    /// Records probed facts about the video (size, rotation, duration).
    func updateVideoInfo(postID: Int64, width: Int, height: Int, rotation: Int, duration: Double) throws
    /// Full-text search over caption, author, music and hashtags; prefix matching. Posts only
    /// discovered on a network are found once the user liked them.
    func search(_ query: String, limit: Int) throws -> [Post]
    @discardableResult func insertComment(postID: Int64, authorHandle: String, text: String,
                                          likeCount: Int, created: Date) throws -> Comment
    /// Newest first; `before` is the id of the last comment already shown.
    func comments(postID: Int64, before: Int64?, limit: Int) throws -> [Comment]
    /// Removes a comment and uncounts it on its post; returns it as it was (for undo).
    @discardableResult func deleteComment(id: Int64) throws -> Comment
    /// Puts a deleted comment back exactly as it was (same id, date and likes).
    func restoreComment(_ comment: Comment) throws
    /// An author's posts, newest first.
    func posts(byAuthorHandle handle: String, limit: Int) throws -> [Post]
    /// People whose name or handle contains `text` (case-insensitive): those the user follows or
    /// has videos from (not only discovered ones), and the user; handles that start with it first.
    func authors(matching text: String, limit: Int) throws -> [Author]
    /// Posts the user liked, newest first.
    func likedPosts(limit: Int) throws -> [Post]
    /// Follows or unfollows an author; their follower count follows. Idempotent.
    @discardableResult func setFollowing(handle: String, following: Bool) throws -> Author
    /// Changes the user's own profile (handle, name, bio, avatar); the handle must be free.
    @discardableResult func updateProfile(authorID: Int64, handle: String, name: String, bio: String,
                                          avatarURI: String?) throws -> Author
    /// Records activity on the user's posts or profile (seeded samples, future sync).
    @discardableResult func recordActivity(kind: Activity.Kind, actorHandle: String, postID: Int64?,
                                           text: String?, created: Date) throws -> Activity
    /// The Inbox, newest first.
    func activity(limit: Int) throws -> [Activity]
    func unseenActivityCount() throws -> Int
    /// Everything in the Inbox has been seen.
    func markActivitySeen() throws
    /// Sets whether the user likes a comment; liking twice is a no-op.
    @discardableResult func setCommentLiked(id: Int64, liked: Bool) throws -> Comment
    /// Counts one share of a post and returns it as stored.
    @discardableResult func recordShare(postID: Int64) throws -> Post

    // MARK: Posts from the networks

    /// Keeps videos found on a network, in the order given: one already known (by its network
    /// identity, or its address) is brought up to date (text, counts, sources) and keeps what the
    /// user did here (likes, comments, whether it came from a followed feed); a new one is stored
    /// as discovered, with its author. Returns them as stored.
    @discardableResult func storeDiscovered(_ videos: [DiscoveredVideo]) throws -> [Post]
    /// The post known on a network by `ref` (its id or its short uuid), if stored.
    func post(remote ref: RemotePostRef) throws -> Post?
    /// The counts its network gave at `date`: likes and comments add what the user did here that
    /// the network does not know of (a like, comments only on this computer).
    @discardableResult func updateRemoteCounts(postID: Int64, counts: RemoteCounts, at date: Date) throws -> Post
    /// Everything the network serves of the post, for choosing what to play.
    func remoteSources(postID: Int64) throws -> RemoteVideoSources?
    /// Whether the video has a sound track (a player or a probe said).
    func setHasAudio(postID: Int64, _ hasAudio: Bool) throws
}
