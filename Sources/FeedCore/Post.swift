import Localization
public import Foundation

/// One video in the feed, with what is shown over it.
public struct Post: Sendable, Equatable, Hashable, Identifiable {
    public var id: Int64
    public var author: Author
    public var caption: String
    public var music: String
    /// `file://` or `http(s)://` URI, or `bundle:relative/path` for the shipped samples.
    public var videoURI: String
    /// Stored pixel size, before rotation; 0 when not probed yet.
    public var width: Int
    public var height: Int
    /// Clockwise rotation in degrees from the container's orientation tag (0, 90, 180, 270).
    public var rotation: Int
    /// Seconds; 0 when unknown.
    public var duration: Double
    public var likeCount: Int
    public var commentCount: Int
    public var shareCount: Int
    public var liked: Bool
    public var created: Date
    /// The author can turn comments off when posting; the sheet then shows the comments
    /// already there but takes no new ones.
    public var allowsComments: Bool
    /// A cover image chosen when posting (`file://`); nil uses the first frame.
    public var coverURI: String?
    /// The post's page on the web (a followed feed's entry): what Share copies.
    public var pageURL: String?
    /// Where it lives on a network (PeerTube, Loops), when it came from one.
    public var remote: RemotePostRef?
    /// Views as its network last said (nil: unknown, or a network without views).
    public var viewCount: Int?
    /// When the counts were last read from its network (nil: never, or not a network's post).
    public var countsUpdated: Date?
    /// The network marks it sensitive (PeerTube's nsfw, Loops' is_sensitive).
    public var isSensitive: Bool
    /// Whether the video has a sound track, once a player or a probe has said (nil: not known).
    public var hasAudio: Bool?
    /// It came from exploring a network, not from what the user follows or added: Home's
    /// Following leaves it out.
    public var isDiscovered: Bool

    public init(id: Int64 = 0, author: Author, caption: String, music: String, videoURI: String,
                width: Int = 0, height: Int = 0, rotation: Int = 0, duration: Double = 0,
                likeCount: Int = 0, commentCount: Int = 0, shareCount: Int = 0,
                liked: Bool = false, created: Date, allowsComments: Bool = true, coverURI: String? = nil,
                pageURL: String? = nil, remote: RemotePostRef? = nil, viewCount: Int? = nil, countsUpdated: Date? = nil,
                isSensitive: Bool = false, hasAudio: Bool? = nil, isDiscovered: Bool = false) {
        self.pageURL = pageURL
        self.remote = remote
        self.viewCount = viewCount
        self.countsUpdated = countsUpdated
        self.isSensitive = isSensitive
        self.hasAudio = hasAudio
        self.isDiscovered = isDiscovered
        self.id = id
        self.author = author
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
        self.liked = liked
        self.created = created
        self.allowsComments = allowsComments
        self.coverURI = coverURI
    }

    /// The music line shown under the caption: the sound's name, or for a video with its own
    /// sound (`music` empty) "Original sound — " and its author's name as it is now, so a rename
    /// reaches every post.
    public var musicLine: String {
        // TRANSLATORS: the music line of a video with its own sound; {name} is who posted it.
        music.isEmpty ? tr("Original sound — {name}", ["name": author.name]) : music
    }

    /// The music line as shown over the video: none for a video without sound (nothing plays,
    /// so no sound is credited), and none until it is known whether there is one (the line would
    /// show and go at once).
    public var shownMusicLine: String? { hasAudio == true ? musicLine : nil }

    /// Hashtags in the caption, in order of first appearance, without "#".
    public var hashtags: [String] { Hashtags.parse(caption) }

    /// Size as displayed, after rotation; nil while unknown.
    public var displaySize: PixelSize? {
        guard width > 0, height > 0 else { return nil }
        let size = PixelSize(width: width, height: height)
        return rotation % 180 == 0 ? size : size.transposed
    }

    /// Portrait videos fill the page; landscape and square ones fit inside it.
    public var isPortrait: Bool {
        guard let size = displaySize else { return false }
        return size.width < size.height
    }

    /// Liking is idempotent: liking a liked post changes nothing.
    public func withLiked(_ newValue: Bool) -> Post {
        guard newValue != liked else { return self }
        var copy = self
        copy.liked = newValue
        copy.likeCount = max(0, likeCount + (newValue ? 1 : -1))
        return copy
    }
}
