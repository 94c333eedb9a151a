import FeedCore

/// What a move of `PlayerStateMachine` asks the engine to do, in order. An action GStreamer may
/// refuse, or one that asks it something, comes last in its list: its answer (a `PlayerInput`)
/// is handled at once, before the next input.
enum PlayerAction: Equatable {
    /// Stop the previous stream (READY), put in `path`'s sink bin, drop the old stream's
    /// messages and reset the clip's measures (frames, loop tracker, size, position).
    case begin(source: UInt64, path: VideoSinkGraph)
    /// Give playbin the URI and go to PAUSED; a local file is judged first. Answered when
    /// refused (`.openFailed`).
    case open(String)
    /// READY, the URI again (playbin forgets it once a start failed) and PAUSED; answered when
    /// refused.
    case reopen(String)
    /// Ask the download for the file's length (answered later with `.streamHead`).
    case awaitStreamHead(source: UInt64)
    /// Read the download's bytes through the appsrc playbin makes.
    case feedStream(RemoteVideoHead)
    /// Answered with `.prerollInspected`.
    case inspectPreroll
    case setPaused
    case setPlaying
    /// End the remote feed and stop the pipeline (NULL: after an error, READY does not bring
    /// playbin back).
    case stop
    /// Stop (READY, see `PlaybackEngine.begin`), and let go of the clip and its measures (unload).
    case release(source: UInt64)
    /// Answered when refused (`.seekRefused`).
    case seek(SeekPurpose, LoopRange)
    /// Passes measured from now on are the new loop's.
    case resetLoopTracking
    /// `.firstPassWaitOver` in 1.5 s.
    case watchFirstPass(source: UInt64)
    /// Whether the sound server answers (a pulsesink set to READY).
    case probeSoundServer
    /// Swap the sound's sink for a silent one (answered `.wentSilent` or `.couldNotGoSilent`).
    case silence(SoundLoss)
    /// Every other player goes silent too (SoundOutage).
    case spreadSoundLoss(detail: String)
    /// `.soundRetryDue` in 2 s.
    case scheduleSoundRetry
    /// Put a real sink back if the server answers (answered `.soundRestored` or `.soundStillGone`).
    case restoreSound
    /// Tell the window (its size and length are read from the pipeline).
    case announceReady(source: UInt64)
    /// Tell the window.
    case post(PlayerEvent)
    /// Tell the window the clip left the GL path and why.
    case tellVideoPathLeft(detail: String)
    /// Let the pipeline go and end the player's thread.
    case shutDown

    /// Whether the engine may answer it at once with an input (so it must come last).
    var mayBeAnswered: Bool {
        switch self {
        case .open, .reopen, .inspectPreroll, .seek, .probeSoundServer, .silence, .restoreSound: true
        default: false
        }
    }
}
