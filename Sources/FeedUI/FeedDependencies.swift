public import FeedCore
public import FeedMedia
public import FeedPresentation
public import VideoBridge

/// What a feed needs (the library's at Home, and each feed over search results or a profile's
/// grid): its posts, its players and their frames, and where what it sees is said. Made by the
/// composition root.
public struct FeedDependencies {
    public var repository: FeedRepository
    public var events: EventSink?
    public var clock: MonotonicClock
    /// The feed session's timers (the neighbours' wait, the slides).
    public var timers: Timers
    /// Turns a stored URI (`bundle:`, `file:`, `http:`) into one GStreamer can open.
    public var playableURI: (String) -> String
    /// A local path for an image URI (an author's avatar), if it is a file.
    public var filePath: (String?) -> String?
    /// The runtime the pool's players are made on.
    public var media: MediaRuntime
    /// The GL frame path, when the app chose it at launch; nil: the memory path.
    public var video: VideoOutput?
    /// The cache remote videos download into and play from; nil: GStreamer streams them itself.
    public var remoteVideos: (any RemoteVideoCache)?
    /// The volume, mute and window size (the first frame is scaled to the page it will fill).
    public var preferences: PreferencesStore
    /// The frames posts showed on screen, kept for MPRIS art.
    public var stills: ScreenStills
    /// Where the window says what went wrong (the sound server gone).
    public var notices: WindowNotices
    /// Where the feed's watch signals go; nil: nowhere.
    public var watchSignals: (any WatchSignalSink)?
    /// Asks the networks about their posts (a remote post's counts); nil: remote posts show what
    /// the library knows.
    public var remotePosts: (any RemotePostReading)?
    /// The library feed's first posts (named on the command line), in order.
    public var pinnedPosts: [Post]
    /// Posts read from the library at a time.
    public var pageSize: Int
    /// Pictures on the web (a followed channel's, its posts' author's); nil: the default avatar.
    public var webImages: (any WebImageFetching)?
    /// The user's languages, best first ("fr_FR", "en"): captions in them come first.
    public var languages: [String]
    /// Where a like on a remote post goes on to the user's account; nil: it stays here.
    public var actions: (any NetworkActing)?
    /// The marks by the like buttons: where each like stands in the outbox.
    public var deliveries: ActionDeliveryMarks?
    /// What the user does with posts, kept for For You; nil: nothing is kept.
    public var interests: InterestRecorder?
    /// Home's For You and Following; nil: Home is the library newest first, without the switch.
    public var home: HomeFeed?

    /// What Home's feed shows.
    var homeContent: FeedContent { home.map { .home($0) } ?? .library }

    public init(repository: FeedRepository, events: EventSink?, clock: MonotonicClock, timers: Timers,
                playableURI: @escaping (String) -> String, filePath: @escaping (String?) -> String?,
                media: MediaRuntime, video: VideoOutput?, remoteVideos: (any RemoteVideoCache)?,
                preferences: PreferencesStore, stills: ScreenStills, notices: WindowNotices,
                watchSignals: (any WatchSignalSink)?, remotePosts: (any RemotePostReading)? = nil, pinnedPosts: [Post], pageSize: Int,
                webImages: (any WebImageFetching)? = nil, languages: [String] = [], actions: (any NetworkActing)? = nil,
                interests: InterestRecorder? = nil, home: HomeFeed? = nil, deliveries: ActionDeliveryMarks? = nil) {
        self.deliveries = deliveries
        self.interests = interests
        self.home = home
        self.actions = actions
        self.webImages = webImages
        self.languages = languages
        self.repository = repository
        self.events = events
        self.clock = clock
        self.timers = timers
        self.playableURI = playableURI
        self.filePath = filePath
        self.media = media
        self.video = video
        self.remoteVideos = remoteVideos
        self.preferences = preferences
        self.stills = stills
        self.notices = notices
        self.watchSignals = watchSignals
        self.remotePosts = remotePosts
        self.pinnedPosts = pinnedPosts
        self.pageSize = pageSize
    }
}
