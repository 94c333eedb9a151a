import FeedCore

/// Everything that moves a player's state, as data: the window's commands, what the bus and the
/// streaming thread report, the player thread's timers, and GStreamer's answers to the actions
/// that can be refused (fed back at once, before anything else).
enum PlayerInput: Equatable {
    // The window's commands (PlayerCommand).
    case load(source: UInt64, uri: String)
    /// A remote video read from the cache's download (`address`: its web address).
    case loadStream(source: UInt64, address: String)
    case play
    case pause
    /// Pause on the first frame (a post that is left).
    case rewind
    /// The user moved to `targetNs` (the progress bar, Left and Right).
    case seek(targetNs: UInt64)
    case unload(source: UInt64)
    /// The window gave up on `source` (no first frame in time).
    case abandon(source: UInt64)
    /// Loop only this part, at this rate (the recorder's trim and speed).
    case setLoop(LoopRange)
    /// Another player found the sound server gone.
    case soundServerGone(detail: String)
    case shutdown

    // The bus.
    /// ASYNC_DONE: a preroll (the clip's, or a flushing seek's) is complete.
    case asyncDone
    case segmentDone
    case endOfStream
    /// The element giving the clock left (an audio sink replaced).
    case clockLost
    /// An error from inside the sound's bin.
    case soundFailed(detail: String)
    /// An error from an element in the pipeline (`error` in the cache's words when the download
    /// failed); `gl` when it was the GL path's failure; `framesSeen` of this clip so far.
    case streamFailed(MediaError, gl: GLFailure?, framesSeen: Int)

    // The streaming thread, the download and the timers.
    case streamHead(source: UInt64, Result<RemoteVideoHead, MediaError>)
    /// The loop tracker saw a pass end (a PTS wrap).
    case passEnded(PassReport)
    /// 1.5 s after the first pass ended before the arming seek prerolled.
    case firstPassWaitOver(source: UInt64)
    /// 2 s after the sound went silent, or after a try at putting it back failed.
    case soundRetryDue

    // GStreamer's answers.
    case seekRefused(SeekPurpose)
    /// What the first preroll brought (answers `.inspectPreroll`).
    case prerollInspected(videoStreams: Int, framesSeen: Int)
    case openFailed(OpenFailure)
    /// Whether the sound server answers (to `.probeSoundServer`).
    case soundServerProbed(answers: Bool)
    case wentSilent(SoundLoss)
    /// The silent sink could not take the real one's place (or the sound was silent already).
    case couldNotGoSilent(SoundLoss)
    case soundRestored
    case soundStillGone
}

/// Why a seek was asked for: a refusal means something different for each.
enum SeekPurpose: Equatable, Sendable {
    /// A flushing segment seek to the loop's start whose preroll is awaited: the loop's arming
    /// after the first preroll, a rewind, a new trim.
    case armLoop
    /// A flushing segment seek to the loop's start, not awaited: the loop lost (EOS), or the
    /// next pass refused.
    case restartLoop
    /// A non-flushing segment seek: the next pass follows the last frame with no gap.
    case nextPass
    /// A flushing segment seek the user asked for, from `toNs` to the loop's end, whose preroll
    /// is awaited.
    case jump(toNs: UInt64)

    var flushes: Bool { self != .nextPass }

    /// Where the seek goes in `range`: the loop's start, or the user's point.
    func start(in range: LoopRange) -> UInt64 {
        if case .jump(let target) = self { target } else { range.startNs }
    }
}

/// Why playbin would not start a clip.
enum OpenFailure: Equatable {
    /// Refused before any pipeline saw it (a FIFO, a device, a folder, an empty or unreadable
    /// file: `MediaError.localFileProblem`).
    case unplayable(MediaError)
    /// The state change to PAUSED failed.
    case refused
}

/// The sound's sink failed and a silent one is asked for.
struct SoundLoss: Equatable {
    /// What follows once silent.
    enum Then: Equatable {
        /// A clip still loading loads again (its load failed in the part now replaced).
        case reloadIfLoading
        /// playbin refused to start because the sink could not open: it is given the clip again.
        case reopen
    }

    let detail: String
    /// Tell the other players (this one found it out).
    let spread: Bool
    let then: Then
}

/// A GL path failure before the clip's first frame.
struct GLFailure: Equatable {
    /// In a few words, for the log.
    let reason: String
    /// GL itself failed (one of its own elements), not the clip's format: the player leaves
    /// the GL path for good.
    let broken: Bool
}

/// A pass the loop tracker measured.
struct PassReport: Equatable {
    let pass: LoopPass
    let lastFrameNs: UInt64
    let longestGapUs: Int64
    /// The tracker's count of resets when it was measured.
    let tracking: UInt64
    /// The clip's length as the pipeline says it now.
    let durationNs: UInt64?
}
