/// Where a page's player is with its clip.
public enum PlayerPhase: Equatable, Sendable {
    case empty
    /// Loading until the first frame is decoded (PAUSED, prerolled).
    case loading
    case ready
    case failed(MediaError)
}

/// The player behind one feed page, as the page sees it: commands go in, results come back
/// through the callbacks on the main loop, and nothing here waits. FeedMedia's LoopingPlayer
/// plays for real; FeedTesting's FakePagePlayer records the commands and is told the results.
@MainActor
public protocol PagePlayer: AnyObject {
    var phase: PlayerPhase { get }
    /// Whether the page wants it playing; it plays once ready.
    var wantsPlaying: Bool { get }
    /// The current clip's display size once its caps are known (never the previous clip's).
    var videoSize: PixelSize? { get }
    /// The clip's length and the position in it, in nanoseconds, once known (MPRIS, the progress
    /// bar).
    var duration: UInt64? { get }
    var position: UInt64? { get }
    /// Whether the clip has a sound track, once ready (nil before).
    var hasAudio: Bool? { get }
    /// The size, in device pixels, frames are scaled to.
    var viewport: PixelSize { get set }

    /// The first frame is decoded and the loop armed; the clip's display size if known.
    var onReady: (@MainActor (PixelSize?) -> Void)? { get set }
    var onError: (@MainActor (MediaError) -> Void)? { get set }
    /// A pass of the loop ended.
    var onLoop: (@MainActor (LoopPass) -> Void)? { get set }

    /// Swaps in a new clip, paused on its first frame.
    func load(uri: String)
    func play()
    func pause()
    /// Paused on the first frame again.
    func rewind()
    /// Goes to `nanoseconds` into the clip, playing or paused as it was; the loop goes on from
    /// there. Only a ready clip seeks; a seek asked while the last one lands replaces it.
    func seek(toNanoseconds nanoseconds: UInt64)
    func unload()
}
