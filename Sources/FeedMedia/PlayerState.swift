/// Where a player's current clip is in its life: one case at a time, each carrying what it
/// needs. `PlayerStateMachine` moves between them; `PlaybackEngine` does what the moves ask of
/// GStreamer. (It replaced a 4-case phase beside eight flags whose combinations had hung the
/// player: a pass that ended while paused, a seek refused during preroll, a reload mid-load.)
enum PlayerState: Equatable {
    /// Nothing loaded: a new player, or one unloaded.
    case empty
    /// A remote video whose download does not know the file's length yet (the pipeline waits
    /// in READY; the load timeout has not started).
    case awaitingStream(PlayerClip, WhenReady)
    /// playbin was given `opened` and goes to PAUSED on the clip's first frame.
    case prerolling(PlayerClip, WhenReady, opened: String)
    /// Prerolled with a frame; the flushing segment seek that arms the loop awaits its own
    /// preroll. The first pass can end before it comes (a clip that fits in playbin's queues).
    case armingLoop(PlayerClip, WhenReady, FirstPass)
    /// Shown and looping. `awaitingSeek`: a flushing seek of ours (a rewind, a new trim) has not
    /// prerolled yet, and when it has, a playing clip is set to PLAYING again.
    case ready(PlayerClip, Playback, awaitingSeek: Bool)
    /// Failed or given up on: the pipeline is stopped (NULL) until the next load.
    case failed(source: UInt64)
    /// The player was dropped: nothing more happens.
    case shutDown

    /// The clip being loaded or played.
    var clip: PlayerClip? {
        switch self {
        case .awaitingStream(let clip, _), .prerolling(let clip, _, _), .armingLoop(let clip, _, _), .ready(let clip, _, _):
            clip
        case .empty, .failed, .shutDown:
            nil
        }
    }

    /// The clip still loading (no first frame shown yet) and what to do once it is ready.
    var loading: (clip: PlayerClip, whenReady: WhenReady)? {
        switch self {
        case .awaitingStream(let clip, let whenReady), .prerolling(let clip, let whenReady, _),
             .armingLoop(let clip, let whenReady, _):
            (clip, whenReady)
        case .empty, .ready, .failed, .shutDown:
            nil
        }
    }
}

/// One load of a post into a player (a reload for a replaced sink keeps its number).
struct PlayerClip: Equatable {
    /// Where it loads from, so it can load again (the bytes themselves stay with the engine).
    enum Origin: Equatable {
        case file
        /// A remote video read from the cache's download through an appsrc.
        case stream
    }

    /// The load's number: results of an earlier one are stale.
    let source: UInt64
    /// The post's URI or web address, as error details name it.
    let address: String
    let origin: Origin
    /// The sink bin it plays through: the player's path, or memory once GL failed for it.
    let path: VideoSinkGraph
    /// The part that loops and how fast.
    var loop = LoopRange.whole
    /// Whether its passes reach its length (a truncated file wraps early).
    var passes = PassJudge()

    /// The same clip loaded again through `path`: its loop kept, its passes not yet judged.
    func reloaded(on path: VideoSinkGraph) -> PlayerClip {
        PlayerClip(source: source, address: address, origin: origin, path: path, loop: loop)
    }
}

/// The part of a clip that loops (the recorder's trim) and how fast (its speed preview).
struct LoopRange: Equatable, Sendable {
    var startNs: UInt64 = 0
    /// nil: to the clip's end.
    var stopNs: UInt64?
    var rate = 1.0

    static let whole = LoopRange()

    /// A trimmed loop stops early on purpose: its passes are not judged against the length.
    var isTrimmed: Bool { stopNs != nil || startNs != 0 }

    /// `ns` within the part that loops.
    func clamp(_ ns: UInt64) -> UInt64 {
        let latest = stopNs.map { $0 > startNs ? $0 - 1 : startNs } ?? UInt64.max
        return min(max(ns, startNs), latest)
    }
}

/// What a clip still loading does once ready (the window may say play before it is).
enum WhenReady: Equatable {
    case stayPaused
    case play
}

/// The loop's first pass while its arming seek awaits preroll.
enum FirstPass: Equatable {
    case underway
    /// It ended (SEGMENT_DONE) before the preroll: the next pass is armed once playing, and a
    /// clip that still has not prerolled a moment later is damaged.
    case ended
}

/// A ready clip's playback.
enum Playback: Equatable {
    /// playbin was set to PLAYING and not paused since.
    case playing
    case paused
    /// Paused, and a pass ended meanwhile (a short clip is read to its end while paused): the
    /// next pass is armed once playing, never while paused, where the seek waited for good.
    case pausedAfterPass
}

/// The player's sound output: its own sink, or a silent one while the sound server is gone.
enum SoundOutput: Equatable {
    case real
    /// The silent sink plays in its place, and a try at putting a real one back is due.
    case silent
}
