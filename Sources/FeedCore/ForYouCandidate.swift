public import Foundation

/// A post For You may show: its traits, its age and its counts on its server.
public struct ForYouCandidate: Sendable, Equatable {
    public var postID: Int64
    public var traits: PostTraits
    public var created: Date
    public var likes: Int
    public var comments: Int
    public var shares: Int
    public var views: Int

    public init(postID: Int64, traits: PostTraits, created: Date, likes: Int = 0, comments: Int = 0,
                shares: Int = 0, views: Int = 0) {
        self.postID = postID
        self.traits = traits
        self.created = created
        self.likes = likes
        self.comments = comments
        self.shares = shares
        self.views = views
    }

    public init(post: Post, language: String? = nil) {
        self.init(postID: post.id, traits: PostTraits(post: post, language: language), created: post.created,
                  likes: post.likeCount, comments: post.commentCount, shares: post.shareCount,
                  views: post.viewCount ?? 0)
    }
}

/// Why For You picked a post, as data: the post's "Why this video?" says it in words.
public enum ForYouReason: Sendable, Equatable {
    /// "You watched {count} videos tagged #{tag} to the end".
    case watchedTagToEnd(tag: String, count: Int)
    /// "You watched {count} videos by this creator to the end".
    case watchedCreatorToEnd(creatorID: Int64, count: Int)
    /// "New from a channel you follow".
    case newFromFollowed(creatorID: Int64)
    /// "Popular on {host}" (nil: among the user's own videos and feeds).
    case popularOn(host: String?)
    /// "New on {host}".
    case fresh(host: String?)
    /// "Something new for you": a discovery pick.
    case somethingNew
}

/// One post For You picked, with its score and its reasons, strongest first.
public struct ForYouPick: Sendable, Equatable {
    public var postID: Int64
    public var score: Double
    public var isDiscovery: Bool
    public var reasons: [ForYouReason]
}
