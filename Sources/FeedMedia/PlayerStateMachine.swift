import FeedCore
import Foundation
import Localization

/// A player's decisions, without GStreamer: `(state, input) -> (state, [action])`.
/// `PlaybackEngine` turns commands, bus messages, timers and GStreamer's answers into
/// `PlayerInput`s and carries out the `PlayerAction`s that come back, in order.
///
/// Loading: begin (READY, the sink bin for the clip's path), open (PAUSED); at the first
/// preroll the clip must have a video stream and a frame (none on the GL path: GL could not
/// map it, so the clip loads again from memory); then a flushing segment seek arms the loop
/// and its preroll makes the clip ready. Looping: on each SEGMENT_DONE while playing a
/// non-flushing segment seek (a flushing one if refused); while paused the next pass waits
/// for PLAYING. The sound, and the path new clips take, outlive clips: they sit beside the
/// clip's state.
struct PlayerStateMachine {
    private(set) var state = PlayerState.empty
    private(set) var sound = SoundOutput.real
    /// The sink bin a new clip gets: the player's own path until GL itself failed.
    private(set) var path: VideoSinkGraph
    /// How many times the loop tracker was reset (every begin, rewind and new trim asks for
    /// one, and only they): a pass measured under an earlier count is not the current loop's.
    private(set) var tracking: UInt64 = 0
    /// A user's seek asked while the last one's preroll is awaited: the latest, done once it lands
    /// (a drag along the progress bar asks many; only where it is now matters).
    private(set) var queuedJump: UInt64?

    init(path: VideoSinkGraph) { self.path = path }

    /// The pure form: the next machine and what to do.
    static func transition(_ machine: PlayerStateMachine, _ input: PlayerInput) -> (PlayerStateMachine, [PlayerAction]) {
        var next = machine
        let actions = next.handle(input)
        return (next, actions)
    }

    mutating func handle(_ input: PlayerInput) -> [PlayerAction] {
        if state == .shutDown { return [] }
        switch input {
        case .load(let source, let uri):
            return begin(PlayerClip(source: source, address: uri, origin: .file, path: path), .stayPaused)
        case .loadStream(let source, let address):
            return begin(PlayerClip(source: source, address: address, origin: .stream, path: path), .stayPaused)
        case .play: return play()
        case .pause: return pause()
        case .rewind: return rewind()
        case .seek(let targetNs): return jump(to: targetNs)
        case .unload(let source):
            state = .empty
            return [.release(source: source)]
        case .abandon(let source):
            // Whatever it reached meanwhile (it may have become ready just as the window gave
            // up): the window shows an error card for it now, so nothing may play behind it.
            guard let clip = state.clip, clip.source == source else { return [] }
            state = .failed(source: source)
            return [.stop]
        case .setLoop(let range): return setLoop(range)
        case .soundServerGone(let detail):
            return silence(SoundLoss(detail: detail, spread: false, then: .reloadIfLoading))
        case .shutdown:
            state = .shutDown
            return [.shutDown]
        case .asyncDone: return asyncDone()
        case .segmentDone: return segmentDone()
        case .endOfStream: return endOfStream()
        case .clockLost:
            // The audio sink that gave the clock was replaced: a new clock is chosen on the way
            // back to PLAYING (pulsesink's clock stopped with its server, and the video with it).
            guard case .ready(_, .playing, _) = state else { return [] }
            return [.setPaused, .setPlaying]
        case .soundFailed(let detail):
            return silence(SoundLoss(detail: detail, spread: true, then: .reloadIfLoading))
        case .streamFailed(let error, let gl, let framesSeen): return streamFailed(error, gl: gl, framesSeen: framesSeen)
        case .streamHead(let source, let head): return streamHead(source, head)
        case .passEnded(let report): return passEnded(report)
        case .firstPassWaitOver(let source):
            // The loop's first pass ended while its preroll was awaited: a damaged Ogg whose
            // every frame the decoder dropped never prerolls again.
            guard case .armingLoop(let clip, _, .ended) = state, clip.source == source else { return [] }
            return fail(clip, MediaError(kind: .corrupt, message: tr("This video is damaged or isn’t a video file."),
                                         detail: "no frame of its first pass could be decoded: \(clip.address)"))
        case .soundRetryDue:
            return sound == .silent ? [.restoreSound] : []
        case .seekRefused(let purpose): return seekRefused(purpose)
        case .prerollInspected(let videoStreams, let framesSeen): return prerollInspected(videoStreams, framesSeen)
        case .openFailed(let failure): return openFailed(failure)
        case .soundServerProbed(let answers):
            guard case .prerolling(let clip, _, _) = state else { return [] }
            guard !answers else { return fail(clip, Self.cannotOpen(clip)) }
            return silence(SoundLoss(detail: "the audio sink could not open: the sound server does not answer",
                                     spread: true, then: .reopen))
        case .wentSilent(let loss): return wentSilent(loss)
        case .couldNotGoSilent(let loss):
            guard loss.then == .reopen, case .prerolling(let clip, _, _) = state else { return [] }
            return fail(clip, Self.cannotOpen(clip))
        case .soundRestored:
            sound = .real
            return [.post(.sound(available: true, detail: "the sound server answers again"))]
        case .soundStillGone:
            return sound == .silent ? [.scheduleSoundRetry] : []
        }
    }

    // MARK: Loading

    /// Loads `clip` from its start (a new load, or the same clip again), keeping `whenReady`.
    private mutating func begin(_ clip: PlayerClip, _ whenReady: WhenReady) -> [PlayerAction] {
        tracking &+= 1
        queuedJump = nil
        switch clip.origin {
        case .file:
            state = .prerolling(clip, whenReady, opened: clip.address)
            return [.begin(source: clip.source, path: clip.path), .post(.loading(source: clip.source)), .open(clip.address)]
        case .stream:
            // The load timeout starts once the length is known (connecting has its own).
            state = .awaitingStream(clip, whenReady)
            return [.begin(source: clip.source, path: clip.path), .awaitStreamHead(source: clip.source)]
        }
    }

    private mutating func streamHead(_ source: UInt64, _ head: Result<RemoteVideoHead, MediaError>) -> [PlayerAction] {
        guard case .awaitingStream(let clip, let whenReady) = state, clip.source == source else { return [] }
        switch head {
        case .failure(let error):
            return fail(clip, error)
        case .success(let head):
            // Its own address each time, so playbin makes a new source rather than keep the last
            // one; named with the container's extension, which the type-finder tries first: in
            // pull mode it would otherwise try every type, and some read the end of the file,
            // which would wait for the whole download.
            let opened = "appsrc://loopfeed/\(source)" + Self.containerExtension(head.contentType, address: clip.address)
            state = .prerolling(clip, whenReady, opened: opened)
            return [.post(.loading(source: source)), .feedStream(head), .open(opened)]
        }
    }

    private mutating func openFailed(_ failure: OpenFailure) -> [PlayerAction] {
        guard case .prerolling(let clip, _, _) = state else { return [] }
        switch failure {
        case .unplayable(let problem):
            return fail(clip, problem)
        case .refused:
            // A sink that can't reach the sound server fails playbin's state change at once (a
            // player loading while PulseAudio is down): the video plays without sound.
            return sound == .real ? [.probeSoundServer] : fail(clip, Self.cannotOpen(clip))
        }
    }

    private mutating func asyncDone() -> [PlayerAction] {
        switch state {
        case .prerolling:
            return [.inspectPreroll]
        case .armingLoop(let clip, let whenReady, let firstPass):
            return becomeReady(clip, whenReady, firstPass)
        case .ready(let clip, let playback, awaitingSeek: true):
            if let target = queuedJump { return jump(clip, playback, to: target) }
            state = .ready(clip, playback, awaitingSeek: false)
            return playback == .playing ? [.setPlaying] : []
        default:
            // Not a preroll of ours (a pause's, say).
            return []
        }
    }

    private mutating func prerollInspected(_ videoStreams: Int, _ framesSeen: Int) -> [PlayerAction] {
        guard case .prerolling(let clip, let whenReady, _) = state else { return [] }
        if videoStreams == 0 {
            return fail(clip, MediaError(kind: .noVideo, message: tr("This file has no video."), detail: clip.address))
        }
        // Prerolled with video, yet no frame reached the receiver: on the GL path, GL memory
        // that could not be mapped as a texture; on the memory path, a stream without a single
        // frame (a WebM cut after its headers), prerolled on its end. Seeking it to arm the loop
        // brought neither a frame nor an end, so it waited for the load timeout.
        if framesSeen == 0 {
            if clip.path == .gl {
                return leaveGL(clip, whenReady, reason: "the first frame could not be mapped as a GL texture", forGood: true)
            }
            return fail(clip, MediaError(kind: .corrupt, message: tr("This video is damaged or isn’t a video file."),
                                         detail: "a video stream without a frame: \(clip.address)"))
        }
        state = .armingLoop(clip, whenReady, .underway)
        return [.seek(.armLoop, clip.loop)]
    }

    private mutating func becomeReady(_ clip: PlayerClip, _ whenReady: WhenReady, _ firstPass: FirstPass) -> [PlayerAction] {
        switch whenReady {
        case .play:
            state = .ready(clip, .playing, awaitingSeek: false)
            return [.announceReady(source: clip.source)] + startPlaying(clip, passEnded: firstPass == .ended)
        case .stayPaused:
            state = .ready(clip, firstPass == .ended ? .pausedAfterPass : .paused, awaitingSeek: false)
            return [.announceReady(source: clip.source)]
        }
    }

    /// The GL path failed before the clip's first frame: it loads again from memory, and the
    /// window is told. `forGood`: GL itself failed, so this player keeps the memory path;
    /// otherwise the next clip tries GL again.
    private mutating func leaveGL(_ clip: PlayerClip, _ whenReady: WhenReady, reason: String, forGood: Bool) -> [PlayerAction] {
        if forGood { path = .memory }
        let detail = "the GL path failed before the first frame (\(reason)); "
            + (forGood ? "this player uses the memory path now" : "this video plays from memory")
        return [.tellVideoPathLeft(detail: detail)] + begin(clip.reloaded(on: .memory), whenReady)
    }

    private mutating func fail(_ clip: PlayerClip, _ error: MediaError) -> [PlayerAction] {
        state = .failed(source: clip.source)
        return [.stop, .post(.failed(source: clip.source, error))]
    }

    private mutating func streamFailed(_ error: MediaError, gl: GLFailure?, framesSeen: Int) -> [PlayerAction] {
        if let (clip, whenReady) = state.loading {
            if clip.path == .gl, framesSeen == 0, let gl {
                return leaveGL(clip, whenReady, reason: gl.reason, forGood: gl.broken)
            }
            return fail(clip, error)
        }
        guard case .ready(let clip, _, _) = state else { return [] }
        return fail(clip, error)
    }

    static func cannotOpen(_ clip: PlayerClip) -> MediaError {
        MediaError(kind: .notFound, message: tr("The video can’t be opened."), detail: clip.address)
    }

    // MARK: Playing and looping

    private mutating func play() -> [PlayerAction] {
        switch state {
        case .awaitingStream(let clip, _): state = .awaitingStream(clip, .play)
        case .prerolling(let clip, _, let opened): state = .prerolling(clip, .play, opened: opened)
        case .armingLoop(let clip, _, let firstPass): state = .armingLoop(clip, .play, firstPass)
        case .ready(let clip, let playback, let awaitingSeek):
            state = .ready(clip, .playing, awaitingSeek: awaitingSeek)
            return startPlaying(clip, passEnded: playback == .pausedAfterPass)
        case .empty, .failed, .shutDown: break
        }
        return []
    }

    /// PLAYING, then the pass that ended while paused is followed by the next.
    private func startPlaying(_ clip: PlayerClip, passEnded: Bool) -> [PlayerAction] {
        passEnded ? [.setPlaying, .seek(.nextPass, clip.loop)] : [.setPlaying]
    }

    private mutating func pause() -> [PlayerAction] {
        if let (clip, _) = state.loading { return keepLoading(clip, .stayPaused) }
        guard case .ready(let clip, let playback, let awaitingSeek) = state else { return [] }
        state = .ready(clip, playback == .playing ? .paused : playback, awaitingSeek: awaitingSeek)
        return [.setPaused]
    }

    /// Pauses and goes back to the loop's first frame (a post that is left).
    private mutating func rewind() -> [PlayerAction] {
        if let (clip, _) = state.loading { return keepLoading(clip, .stayPaused) }
        guard case .ready(var clip, _, _) = state else { return [] }
        // Going back to the start is not a loop: the tracker must not read it as a pass that
        // ended early, nor a pass measured before it be judged against it.
        tracking &+= 1
        queuedJump = nil
        clip.passes.reset()
        state = .ready(clip, .paused, awaitingSeek: true)
        return [.setPaused, .resetLoopTracking, .seek(.armLoop, clip.loop)]
    }

    /// The user's seek (the progress bar, Left and Right): a flushing segment seek from the
    /// target to the loop's end, so the pass after it follows with the usual non-flushing seek
    /// back to the start and the loop stays seamless. Only a ready clip seeks; one asked while a
    /// seek of ours awaits its preroll waits for it.
    private mutating func jump(to target: UInt64) -> [PlayerAction] {
        guard case .ready(let clip, let playback, let awaitingSeek) = state else { return [] }
        guard !awaitingSeek else {
            queuedJump = target
            return []
        }
        return jump(clip, playback, to: target)
    }

    private mutating func jump(_ clip: PlayerClip, _ playback: Playback, to target: UInt64) -> [PlayerAction] {
        var clip = clip
        queuedJump = nil
        // Not a loop: the tracker must not read a jump back as a wrap, and the pass the jump
        // lands in is not a whole one.
        tracking &+= 1
        clip.passes.startMidway()
        // A flushing seek starts a new segment: a pass that ended before needs no arming.
        state = .ready(clip, playback == .pausedAfterPass ? .paused : playback, awaitingSeek: true)
        return [.resetLoopTracking, .seek(.jump(toNs: clip.loop.clamp(target)), clip.loop)]
    }

    /// A trim applies at once to a ready clip, else once it is.
    private mutating func setLoop(_ range: LoopRange) -> [PlayerAction] {
        guard var clip = state.clip else { return [] }
        clip.loop = range
        switch state {
        case .ready(_, let playback, _):
            tracking &+= 1
            clip.passes.reset()
            // A flushing seek starts a new segment: a pass that ended before needs no arming.
            state = .ready(clip, playback == .pausedAfterPass ? .paused : playback, awaitingSeek: true)
            return [.resetLoopTracking, .seek(.armLoop, range)]
        default:
            return keepLoading(clip, nil)
        }
    }

    /// The loading state with `clip` (and `whenReady`, when given) in place of its own.
    private mutating func keepLoading(_ clip: PlayerClip, _ whenReady: WhenReady?) -> [PlayerAction] {
        switch state {
        case .awaitingStream(_, let old): state = .awaitingStream(clip, whenReady ?? old)
        case .prerolling(_, let old, let opened): state = .prerolling(clip, whenReady ?? old, opened: opened)
        case .armingLoop(_, let old, let firstPass): state = .armingLoop(clip, whenReady ?? old, firstPass)
        case .empty, .ready, .failed, .shutDown: break
        }
        return []
    }

    private mutating func segmentDone() -> [PlayerAction] {
        switch state {
        case .armingLoop(let clip, let whenReady, .underway):
            // Given a moment and still not prerolled, the clip is damaged.
            state = .armingLoop(clip, whenReady, .ended)
            return [.watchFirstPass(source: clip.source)]
        case .ready(let clip, .playing, _):
            return [.seek(.nextPass, clip.loop)]
        case .ready(let clip, .paused, let awaitingSeek):
            // Paused, a clip that fits in playbin's queues (10 frames, say) is read to its end
            // while nothing plays: the demuxer then waits for room to push its segment-done,
            // holding the lock a seek needs. A non-flushing seek here waited for playback that
            // could never start, since the play command queues behind it on the player thread
            // (the next post loaded into this player stayed on its spinner for good).
            state = .ready(clip, .pausedAfterPass, awaitingSeek: awaitingSeek)
            return []
        default:
            return []
        }
    }

    private mutating func endOfStream() -> [PlayerAction] {
        // A segment seek that could not be armed ends in EOS: restart with a flushing seek.
        switch state {
        case .prerolling(let clip, _, _), .armingLoop(let clip, _, _):
            return [.seek(.restartLoop, clip.loop)]
        case .ready(let clip, let playback, let awaitingSeek):
            state = .ready(clip, playback == .pausedAfterPass ? .paused : playback, awaitingSeek: awaitingSeek)
            return [.seek(.restartLoop, clip.loop)]
        case .empty, .awaitingStream, .failed, .shutDown:
            return []
        }
    }

    private mutating func seekRefused(_ purpose: SeekPurpose) -> [PlayerAction] {
        switch (purpose, state) {
        case (.armLoop, .armingLoop(let clip, let whenReady, let firstPass)):
            // A seek during preroll can return FALSE: the clip is ready unarmed, plays to its
            // end, and the EOS restarts it.
            return becomeReady(clip, whenReady, firstPass)
        case (.armLoop, .ready(let clip, let playback, awaitingSeek: true)),
             (.jump, .ready(let clip, let playback, awaitingSeek: true)):
            queuedJump = nil
            state = .ready(clip, playback, awaitingSeek: false)
            return []
        case (.nextPass, .ready(let clip, _, _)):
            return [.seek(.restartLoop, clip.loop)]
        default:
            return []
        }
    }

    private mutating func passEnded(_ report: PassReport) -> [PlayerAction] {
        // A pass measured before a rewind or a new trim (queued behind it) is not the new loop's.
        guard case .ready(var clip, let playback, let awaitingSeek) = state, report.tracking == tracking else { return [] }
        let verdict = clip.passes.judge(lastFrameNs: report.lastFrameNs, longestGapUs: report.longestGapUs,
                                        durationNs: clip.loop.isTrimmed ? nil : report.durationNs)
        state = .ready(clip, playback, awaitingSeek: awaitingSeek)
        switch verdict {
        case .whole:
            return [.post(.loop(source: clip.source, report.pass))]
        case .short, .partial:
            return []
        case .truncated(let duration):
            return fail(clip, MediaError(kind: .corrupt,
                                         // TRANSLATORS: {stop} and {length} are times like “0:07”.
                                         message: tr("This video is incomplete: it stops at {stop} of {length}.",
                                                     ["stop": PassJudge.clock(report.lastFrameNs),
                                                      "length": PassJudge.clock(duration)]),
                                         detail: clip.address))
        }
    }

    // MARK: The sound

    /// The sink failed: a silent one is asked for (once: the sound may be silent already).
    private func silence(_ loss: SoundLoss) -> [PlayerAction] {
        sound == .real ? [.silence(loss)] : []
    }

    private mutating func wentSilent(_ loss: SoundLoss) -> [PlayerAction] {
        sound = .silent
        var actions: [PlayerAction] = loss.spread ? [.spreadSoundLoss(detail: loss.detail)] : []
        actions += [.post(.sound(available: false, detail: loss.detail)), .scheduleSoundRetry]
        switch loss.then {
        case .reloadIfLoading:
            // Its load failed in the part now replaced.
            if let (clip, whenReady) = state.loading { actions += begin(clip.reloaded(on: clip.path), whenReady) }
        case .reopen:
            if case .prerolling(_, _, let opened) = state { actions.append(.reopen(opened)) }
        }
        return actions
    }
}
