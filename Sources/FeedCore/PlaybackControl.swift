/// What desktop media controls see of the player: the post on screen and how it plays.
public struct PlaybackState: Sendable, Equatable {
    public var post: Post?
    public var playing: Bool
    public var stopped: Bool
    public var volume: Double
    public var canGoNext: Bool
    public var canGoPrevious: Bool
    public var lengthUs: Int64
    /// The video's URI as played (a file or the web).
    public var url: String
    /// A picture of the post (a file URI), when one was made.
    public var artURL: String?

    public init(post: Post?, playing: Bool, stopped: Bool, volume: Double, canGoNext: Bool, canGoPrevious: Bool,
                lengthUs: Int64, url: String, artURL: String?) {
        self.post = post
        self.playing = playing
        self.stopped = stopped
        self.volume = volume
        self.canGoNext = canGoNext
        self.canGoPrevious = canGoPrevious
        self.lengthUs = lengthUs
        self.url = url
        self.artURL = artURL
    }

    public static let nothing = PlaybackState(post: nil, playing: false, stopped: true, volume: 1, canGoNext: false,
                                              canGoPrevious: false, lengthUs: 0, url: "", artURL: nil)
}

/// What media keys and desktop media controls (MPRIS) may ask of the feed on screen. The window
/// implements it; the MPRIS service only knows this protocol (Clapper keeps MPRIS in its player
/// library, not in its widgets).
@MainActor
public protocol PlaybackControl: AnyObject {
    var playbackState: PlaybackState { get }
    var positionUs: Int64 { get }
    /// Set by the media controls; called whenever `playbackState` changes.
    var onPlaybackStateChanged: ((PlaybackState) -> Void)? { get set }
    func next()
    func previous()
    func play()
    func pause()
    func playPause()
    func stop()
    func raise()
    func quit()
    func setVolume(_ volume: Double)
}
