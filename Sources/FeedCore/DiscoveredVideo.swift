public import Foundation

/// A video found on a network, kept in the library so it can play from the cache, be liked or
/// commented on here, show its counts and come back (For You): what `storeDiscovered` takes.
public struct DiscoveredVideo: Sendable, Equatable {
    public var remote: RemotePostRef
    /// "name@host", as the network writes its actors.
    public var authorHandle: String
    public var authorName: String
    public var authorAvatarURI: String?
    public var caption: String
    /// The address it plays from: the source PlaybackChoice puts first for the window it was
    /// found in (`PlaybackSource.address`: a file, or a rendition joined to its split audio).
    public var videoURI: String
    /// Everything the network serves of it, for a later choice (another window, a failed rendition).
    public var sources: RemoteVideoSources
    public var width: Int
    public var height: Int
    public var duration: Double
    public var counts: RemoteCounts
    public var created: Date
    public var pageURL: String?
    /// Its still (http or https), the post's cover for grids until it plays.
    public var coverURI: String?
    public var isSensitive: Bool
    public var allowsComments: Bool
    /// When the network said all this (its counts' date).
    public var found: Date

    public init(remote: RemotePostRef, authorHandle: String, authorName: String, authorAvatarURI: String? = nil,
                caption: String, videoURI: String, sources: RemoteVideoSources = RemoteVideoSources(webVideos: []),
                width: Int = 0, height: Int = 0, duration: Double = 0, counts: RemoteCounts = RemoteCounts(),
                created: Date, pageURL: String? = nil, coverURI: String? = nil, isSensitive: Bool = false,
                allowsComments: Bool = true, found: Date? = nil) {
        self.remote = remote
        self.authorHandle = authorHandle
        self.authorName = authorName
        self.authorAvatarURI = authorAvatarURI
        self.caption = caption
        self.videoURI = videoURI
        self.sources = sources
        self.width = width
        self.height = height
        self.duration = duration
        self.counts = counts
        self.created = created
        self.pageURL = pageURL
        self.coverURI = coverURI
        self.isSensitive = isSensitive
        self.allowsComments = allowsComments
        self.found = found ?? created
    }

    /// What a network's document says of a video, to store. A video nothing of which plays here
    /// (a live stream, one with no file) is stored all the same, as an `UnplayableVideo` whose
    /// page says why. `window`: the page's size in device pixels, for the rendition chosen first;
    /// `found`: the arrival time, taken for a date that is missing or in the future.
    public init(_ video: RemoteVideo, window: PixelSize, found: Date) {
        let first = video.isLive ? nil : PlaybackChoice.order(video.sources, window: window).first
        let address = first?.address
            ?? UnplayableVideo(reason: video.isLive ? .live : .noFile, identity: video.identity.key).address
        self.init(remote: RemotePostRef(video.identity), authorHandle: video.author.handle,
                  authorName: video.author.shownName, authorAvatarURI: video.author.avatarURL?.absoluteString,
                  caption: video.title, videoURI: address, sources: video.sources,
                  width: video.width ?? 0, height: video.height ?? 0, duration: video.duration ?? 0,
                  counts: video.counts, created: min(video.published ?? found, found),
                  pageURL: video.identity.pageURL?.absoluteString, coverURI: video.thumbnailURL?.absoluteString,
                  isSensitive: video.isSensitive, allowsComments: video.commentsEnabled ?? true, found: found)
    }
}
