public import FeedCore
public import FeedPresentation
public import FeedMedia
public import VideoBridge
public import Foundation

/// Everything the feed needs from outside, injected by the composition root.
public struct FeedEnvironment {
    public var repository: FeedRepository
    public var events: EventSink?
    public var clock: MonotonicClock
    /// One-shot timers on the main loop (the comments' undo window).
    public var timers: Timers
    /// Turns a stored URI (`bundle:`, `file:`, `http:`) into one GStreamer can open.
    public var playableURI: (String) -> String
    /// A gst-launch description for the audio sink; nil for the default.
    public var audioSinkDescription: String?
    /// The GL frame path, when the app chose it at launch; nil: the memory path.
    public var video: VideoOutput?
    /// Posts named on the command line: shown first, in order.
    public var pinnedPosts: [Post]
    public var pageSize: Int
    public var preferences: PreferencesStore
    /// The frames posts showed on screen, kept for MPRIS art.
    public var stills: ScreenStills
    /// The handle of the person using this copy (their comments can be deleted).
    public var selfHandle: String = "you"
    /// The cameras and microphones to record from (test sources with `--camera test`).
    /// Asked once, when the Create tab first opens.
    public var makeDevices: @MainActor () -> RecordingDevices = { RecordingDevices(directory: MonitoredCaptureDevices()) }
    /// The camera and microphone running on `device`, its preview going to the receiver.
    public var makeCaptureSession: @MainActor (CaptureDevice, _ mirrored: Bool, VideoFrameReceiver) throws -> any CaptureSessionControl = {
        device, mirrored, preview in
        try CaptureSession(graph: CaptureGraph(device: device, mirrored: mirrored),
                           preview: PixelSize(width: 450, height: 800), receiver: preview)
    }
    /// The recorder's bundled sounds.
    public var sounds: [RecordingSound] = []
    /// Where "Save a copy" puts posted videos (the XDG videos folder, ~/Videos).
    public var videosFolder: URL = URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent("Videos")
    /// Where the user's own files go (a chosen avatar is copied here).
    public var dataDirectory: URL = URL(fileURLWithPath: NSTemporaryDirectory())
    /// Posts the recorder's clips (FeedSources' ClipPublishService in the app).
    public var publisher: ClipPublishing
    /// Stills for grids and the Inbox (FeedMedia's ThumbnailGenerator in the app).
    public var thumbnails: ThumbnailProviding
    /// The cache folder, measured and cleared for the profile (FeedSources' CacheDirectory).
    public var cache: CacheControl
    /// The recorder's joins, probes, covers and renders (FeedMedia's MediaClipJobs in the app).
    public var clipJobs: ClipJobs
    /// Where a chosen profile photo is kept (FeedSources' AvatarFolder in the app).
    public var avatars: AvatarStoring
    /// Adds chosen and dropped files and folders (FeedSources' VideoImportService in the app).
    public var importer: any VideoImporting
    /// Follows feeds and channels (FeedSources' SubscriptionService in the app); nil: none.
    public var subscriptions: (any FeedSubscribing)?
    /// Web addresses named on the command line that are not a video's: followed at start.
    public var addressesToFollow: [URL] = []
    /// What the window says once it is up: what was given on the command line but could not be
    /// opened (also said on stderr).
    public var startupNotices: [String] = []
    /// The library was made (and the samples seeded) by this launch: the window says what the
    /// samples are and how to get more.
    public var isFirstLaunch = false
    /// How often followed feeds are refreshed while the app stays open, in seconds (besides at
    /// launch); 0: only at launch.
    public var feedRefreshSeconds = 30 * 60
    /// OPML files named on the command line: their feeds are followed at start.
    public var opmlFilesToImport: [URL] = []
    /// The cache remote videos download into and play from (FeedSources' VideoCache); nil:
    /// GStreamer streams them itself.
    public var remoteVideos: (any RemoteVideoCache)?
    /// Pictures from the web (a followed channel's), fetched once into the cache.
    public var webImages: (any WebImageFetching)?
    /// Asks the networks about their posts: counts, comment threads, captions (FeedSources'
    /// RemotePostClient in the app); nil: remote posts show what the library knows.
    public var remotePosts: (any RemotePostReading)?
    /// The cache size preference changed (megabytes); the app resizes the cache.
    public var videoCacheLimitChanged: (Int) -> Void = { _ in }
    /// Follows the library folders (FeedSources' LibraryWatcher in the app); nil: not followed.
    public var library: (any LibraryWatching)?
    /// What services behind the window have to say (a cache that can't be written); the window
    /// shows it above every page.
    public var notices: WindowNotices?
    /// Where the feeds' watch signals go (how long each post was watched, its loops, skips);
    /// nil: nowhere.
    public var watchSignals: (any WatchSignalSink)?
    /// Whether a folder exists (the app looks at the disk; the Preferences window offers
    /// ~/Videos only when it does).
    public var folderExists: (String) -> Bool = { _ in false }

    public init(repository: FeedRepository, events: EventSink?, clock: MonotonicClock, timers: Timers,
                playableURI: @escaping (String) -> String, audioSinkDescription: String?,
                pinnedPosts: [Post], preferences: PreferencesStore, stills: ScreenStills,
                publisher: ClipPublishing, thumbnails: ThumbnailProviding, cache: CacheControl,
                clipJobs: ClipJobs, avatars: AvatarStoring, importer: any VideoImporting, pageSize: Int = 10) {
        self.importer = importer
        self.clipJobs = clipJobs
        self.avatars = avatars
        self.publisher = publisher
        self.cache = cache
        self.thumbnails = thumbnails
        self.stills = stills
        self.repository = repository
        self.events = events
        self.clock = clock
        self.timers = timers
        self.playableURI = playableURI
        self.audioSinkDescription = audioSinkDescription
        self.pinnedPosts = pinnedPosts
        self.preferences = preferences
        self.pageSize = pageSize
    }

    /// A local path for an image URI (avatars, covers), if it is a file.
    public func filePath(for uri: String?) -> String? {
        guard let uri, let url = URL(string: playableURI(uri)), url.isFileURL else { return nil }
        return url.path
    }
}
