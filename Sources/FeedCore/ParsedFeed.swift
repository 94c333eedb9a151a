public import Foundation

/// One way a feed offers a video: a file, its type and size where the feed says them.
public struct VideoRendition: Sendable, Equatable {
    public var url: URL
    public var mimeType: String?
    public var width: Int?
    public var height: Int?
    public var byteSize: Int64?

    public init(url: URL, mimeType: String? = nil, width: Int? = nil, height: Int? = nil, byteSize: Int64? = nil) {
        self.url = url
        self.mimeType = mimeType
        self.width = width
        self.height = height
        self.byteSize = byteSize
    }

    /// A file the player can stream: an MP4 (or a video of no stated type), never a torrent,
    /// an HLS playlist or a page.
    public var isPlayableFile: Bool {
        let type = mimeType?.lowercased() ?? ""
        if type.contains("bittorrent") || type.contains("mpegurl") || type.hasPrefix("text/") { return false }
        let path = url.path.lowercased()
        if path.hasSuffix(".torrent") || path.hasSuffix(".m3u8") { return false }
        return type.isEmpty || type.hasPrefix("video/")
    }

    /// A stream's playlist (HLS, DASH): what a live stream is offered as.
    public var isStreamPlaylist: Bool {
        let type = mimeType?.lowercased() ?? ""
        let path = url.path.lowercased()
        return type.contains("mpegurl") || type == "application/dash+xml" || path.hasSuffix(".m3u8") || path.hasSuffix(".mpd")
    }
}

/// One entry of a feed: a video and what is said about it, as plain text.
public struct FeedEntry: Sendable, Equatable {
    /// Stable across fetches (guid, Atom id, JSON id, or the video's URL): a re-fetch never
    /// makes a second post.
    public var id: String
    public var title: String
    public var summary: String
    public var author: String?
    public var published: Date?
    /// The entry's web page (what Share copies).
    public var pageURL: URL?
    /// Empty for a video listed without its file (a Loops video with no `src_url`).
    public var renditions: [VideoRendition]
    public var thumbnailURL: URL?
    public var durationSeconds: Double?
    public var likeCount: Int?

    public init(id: String, title: String = "", summary: String = "", author: String? = nil, published: Date? = nil,
                pageURL: URL? = nil, renditions: [VideoRendition] = [], thumbnailURL: URL? = nil,
                durationSeconds: Double? = nil, likeCount: Int? = nil) {
        self.id = id
        self.title = title
        self.summary = summary
        self.author = author
        self.published = published
        self.pageURL = pageURL
        self.renditions = renditions
        self.thumbnailURL = thumbnailURL
        self.durationSeconds = durationSeconds
        self.likeCount = likeCount
    }
}

/// A feed as read: its title, its site and picture, and its video entries (entries without a
/// video are left out; a video that can't play here is kept, to say so).
public struct ParsedFeed: Sendable, Equatable {
    public var title: String
    public var siteURL: URL?
    public var imageURL: URL?
    public var entries: [FeedEntry]
    /// The page of older entries after this one (a Loops cursor), when the feed is paged.
    public var nextPage: URL?

    public init(title: String, siteURL: URL? = nil, imageURL: URL? = nil, entries: [FeedEntry] = [], nextPage: URL? = nil) {
        self.title = title
        self.siteURL = siteURL
        self.imageURL = imageURL
        self.entries = entries
        self.nextPage = nextPage
    }
}
