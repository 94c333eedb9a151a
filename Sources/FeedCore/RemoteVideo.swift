public import Foundation

/// What the network counts for a post, where it counts it: PeerTube has likes, dislikes, views
/// and comments; Loops likes, comments and shares (and views in its tag feeds). nil is "not
/// given" (or given as nonsense: negative, or past 2^53).
public struct RemoteCounts: Sendable, Equatable, Hashable {
    public var likes: Int?
    public var dislikes: Int?
    public var comments: Int?
    public var views: Int?
    public var shares: Int?

    public init(likes: Int? = nil, dislikes: Int? = nil, comments: Int? = nil, views: Int? = nil, shares: Int? = nil) {
        self.likes = likes
        self.dislikes = dislikes
        self.comments = comments
        self.views = views
        self.shares = shares
    }
}

/// A video on PeerTube or Loops as Loopfeed needs it: who and where it is, what is said about
/// it (plain text, within TextLimits), its shape, length and counts, and what can be played.
public struct RemoteVideo: Sendable, Equatable, Identifiable {
    public var identity: RemoteVideoID
    /// One line: PeerTube's name, Loops' caption on one line.
    public var title: String
    /// Line breaks kept (PeerTube's description, Markdown shown as the text it is; Loops' caption).
    public var description: String
    /// Who posted it: the PeerTube channel, the Loops profile.
    public var author: RemoteActor
    /// The PeerTube account that owns the channel.
    public var account: RemoteActor?
    /// Seconds; nil when not given (0 for a PeerTube live).
    public var duration: Double?
    /// Width over height as the network says (PeerTube's `aspectRatio`, null on older videos).
    public var aspectRatio: Double?
    /// The picture's size when the network says it (Loops' media, PeerTube's largest file).
    public var width: Int?
    public var height: Int?
    public var isLive: Bool
    /// PeerTube's `nsfw`, Loops' `is_sensitive`.
    public var isSensitive: Bool
    public var counts: RemoteCounts
    public var published: Date?
    public var tags: [String]
    public var thumbnailURL: URL?
    /// A larger still (PeerTube's preview).
    public var previewURL: URL?
    /// The language's code ("en"), when given.
    public var language: String?
    public var sources: RemoteVideoSources
    /// Loops: pinned to the top of its account's feed. A later page lists it again.
    public var isPinned: Bool
    /// Whether comments may be read (Loops' comments off: its comments are a 404).
    public var commentsEnabled: Bool?
    /// A list's summary, not the video's own document: PeerTube lists and Loops tag feeds carry
    /// no files, so such a video is fetched (`/api/v1/videos/{uuid}`, `/api/v1/video/{id}` on
    /// `identity.apiBase`) before it plays.
    public var needsDetails: Bool

    public init(identity: RemoteVideoID, title: String, description: String = "", author: RemoteActor,
                account: RemoteActor? = nil, duration: Double? = nil, aspectRatio: Double? = nil, width: Int? = nil,
                height: Int? = nil, isLive: Bool = false, isSensitive: Bool = false, counts: RemoteCounts = RemoteCounts(),
                published: Date? = nil, tags: [String] = [], thumbnailURL: URL? = nil, previewURL: URL? = nil,
                language: String? = nil, sources: RemoteVideoSources = RemoteVideoSources(), isPinned: Bool = false,
                commentsEnabled: Bool? = nil, needsDetails: Bool = false) {
        self.identity = identity
        self.title = title
        self.description = description
        self.author = author
        self.account = account
        self.duration = duration
        self.aspectRatio = aspectRatio
        self.width = width
        self.height = height
        self.isLive = isLive
        self.isSensitive = isSensitive
        self.counts = counts
        self.published = published
        self.tags = tags
        self.thumbnailURL = thumbnailURL
        self.previewURL = previewURL
        self.language = language
        self.sources = sources
        self.isPinned = isPinned
        self.commentsEnabled = commentsEnabled
        self.needsDetails = needsDetails
    }

    /// `identity.key`: the same wherever the video was listed.
    public var id: String { identity.key }

    /// Width over height: the network's ratio, else the size it gave, else the largest file's;
    /// nil when nothing says (the caller may probe the first bytes).
    public var shape: Double? {
        if let aspectRatio { return aspectRatio }
        if let width, let height, width > 0, height > 0 { return Double(width) / Double(height) }
        guard let picture = sources.largestPicture else { return nil }
        return Double(picture.width) / Double(picture.height)
    }

}
