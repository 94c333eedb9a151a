public import FeedCore
public import FeedMedia
public import Foundation

/// What the Create tab needs: the cameras, microphones and players of the media runtime, where
/// clips are recorded, the jobs on their files, and where a post goes.
public struct CreateDependencies {
    /// The capture devices (made on the first visit), capture sessions, and the editor's and
    /// sound picker's players.
    public var media: MediaRuntime
    public var repository: FeedRepository
    public var events: EventSink?
    public var clock: MonotonicClock
    public var timers: Timers
    /// Clips are recorded under its recordings/ folder.
    public var dataDirectory: URL
    public var preferences: PreferencesStore
    /// The recorder's bundled sounds.
    public var sounds: [RecordingSound]
    /// Where "Save a copy" puts posted videos (the XDG videos folder, ~/Videos).
    public var videosFolder: URL
    /// The user's home folder: a folder under it is said "~/…".
    public var homeFolder: URL
    /// Posts the recorder's clips (FeedSources' ClipPublishService in the app).
    public var publisher: ClipPublishing
    /// The recorder's joins, probes, covers and renders (FeedMedia's MediaClipJobs in the app).
    public var clipJobs: ClipJobs
    /// Posts to the signed-in accounts' channels (FeedSources' UploadService); nil: this computer only.
    public var uploads: PostUploading?

    public init(media: MediaRuntime, repository: FeedRepository, events: EventSink?, clock: MonotonicClock, timers: Timers,
                dataDirectory: URL, preferences: PreferencesStore, sounds: [RecordingSound], videosFolder: URL,
                homeFolder: URL, publisher: ClipPublishing, clipJobs: ClipJobs, uploads: PostUploading? = nil) {
        self.media = media
        self.repository = repository
        self.events = events
        self.clock = clock
        self.timers = timers
        self.dataDirectory = dataDirectory
        self.preferences = preferences
        self.sounds = sounds
        self.videosFolder = videosFolder
        self.homeFolder = homeFolder
        self.publisher = publisher
        self.clipJobs = clipJobs
        self.uploads = uploads
    }
}
