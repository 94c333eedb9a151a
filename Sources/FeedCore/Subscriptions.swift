public import Foundation

/// A feed or channel the user follows on the networks that already exist.
public struct Subscription: Sendable, Equatable, Identifiable {
    public var id: Int64
    /// The feed's address (a channel page is stored as the feed it resolved to).
    public var url: String
    public var title: String
    public var imageURL: String?
    public var etag: String?
    public var lastModified: String?
    public var lastRefresh: Date?
    /// The last refresh's failure in plain words; nil when it went well.
    public var lastError: String?
    /// Entries the last refresh added.
    public var newCount: Int
    /// The channel it follows on its network, when known (followed from its page, or brought
    /// from an account).
    public var channel: FollowedChannel?

    public init(id: Int64, url: String, title: String, imageURL: String? = nil, etag: String? = nil,
                lastModified: String? = nil, lastRefresh: Date? = nil, lastError: String? = nil, newCount: Int = 0,
                channel: FollowedChannel? = nil) {
        self.channel = channel
        self.id = id
        self.url = url
        self.title = title
        self.imageURL = imageURL
        self.etag = etag
        self.lastModified = lastModified
        self.lastRefresh = lastRefresh
        self.lastError = lastError
        self.newCount = newCount
    }
}

/// One entry of a subscription, as a post to store.
public struct RemotePost: Sendable, Equatable {
    public var subscriptionID: Int64
    /// The entry's stable id in its feed: a refresh never stores it twice.
    public var remoteID: String
    public var authorHandle: String
    public var authorName: String
    public var caption: String
    /// The music line (the entry's own sound).
    public var music: String
    /// The rendition chosen to play (http or https).
    public var videoURI: String
    public var duration: Double
    public var likeCount: Int
    public var created: Date
    /// The entry's page (what Share copies).
    public var pageURL: String?
    /// The feed's still of the video (http or https), kept as the post's cover for grids.
    public var thumbnailURI: String?
    /// The author's picture (http or https: the channel's own), when the feed gives one.
    public var authorAvatarURI: String?
    /// Every file the entry offers, for another choice when the one chosen fails.
    public var sources: RemoteVideoSources?
    /// Where the video lives on its network, when the feed says (a PeerTube channel's or a
    /// Loops account's): its counts, comments and captions are asked there.
    public var remote: RemotePostRef?

    public init(subscriptionID: Int64, remoteID: String, authorHandle: String, authorName: String, caption: String,
                music: String = "", videoURI: String, duration: Double = 0, likeCount: Int = 0, created: Date,
                pageURL: String? = nil, thumbnailURI: String? = nil, sources: RemoteVideoSources? = nil,
                remote: RemotePostRef? = nil, authorAvatarURI: String? = nil) {
        self.authorAvatarURI = authorAvatarURI
        self.sources = sources
        self.pageURL = pageURL
        self.remote = remote
        self.thumbnailURI = thumbnailURI
        self.music = music
        self.subscriptionID = subscriptionID
        self.remoteID = remoteID
        self.authorHandle = authorHandle
        self.authorName = authorName
        self.caption = caption
        self.videoURI = videoURI
        self.duration = duration
        self.likeCount = likeCount
        self.created = created
    }
}

/// What a refresh learnt about a subscription.
public struct RefreshRecord: Sendable, Equatable {
    public var title: String?
    public var imageURL: String?
    public var etag: String?
    public var lastModified: String?
    public var error: String?
    public var newCount: Int
    public var at: Date

    public init(title: String? = nil, imageURL: String? = nil, etag: String? = nil, lastModified: String? = nil,
                error: String? = nil, newCount: Int = 0, at: Date) {
        self.title = title
        self.imageURL = imageURL
        self.etag = etag
        self.lastModified = lastModified
        self.error = error
        self.newCount = newCount
        self.at = at
    }
}

/// The subscriptions and their posts (FeedStorage's SQLite library in the app).
public protocol SubscriptionRepository {
    func subscriptions() throws -> [Subscription]
    func subscription(url: String) throws -> Subscription?
    @discardableResult func insertSubscription(url: String, title: String) throws -> Subscription
    /// Notes the channel a subscription follows (and the account it came from).
    func markChannel(subscriptionID: Int64, _ channel: FollowedChannel) throws
    /// A refresh's outcome; a nil title, image, etag or date keeps the one stored.
    func recordRefresh(subscriptionID: Int64, _ record: RefreshRecord) throws
    /// Stores the entry unless its subscription has it already (then only its like count
    /// changes, and it learns its place on the network if it did not know it); the new post, nil
    /// when it was there. An entry that is a post the library already has from its network (found
    /// by exploring it: adopted by the subscription; or followed through another feed) is no new
    /// post either.
    @discardableResult func storeEntry(_ entry: RemotePost) throws -> Post?
    /// Stores a page of entries at once (one transaction in SQLite); the new posts, in order.
    /// An entry that can't be stored is left out; the others are kept.
    func storeEntries(_ entries: [RemotePost]) -> [Post]
    /// Unsubscribes: its posts go, except those liked or commented on, which stay. Returns the
    /// video addresses of all its posts (their cached downloads go).
    @discardableResult func deleteSubscription(id: Int64) throws -> [String]
}

extension SubscriptionRepository {
    public func storeEntries(_ entries: [RemotePost]) -> [Post] {
        entries.compactMap { try? storeEntry($0) }
    }
}
