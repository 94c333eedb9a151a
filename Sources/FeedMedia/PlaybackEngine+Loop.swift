import FeedCore
import GStreamerKit
import Localization

/// The bus and the seamless loop: preroll, the segment seeks that wrap each pass, and what ends a
/// clip's load (its first pass judged, an error read as the sound's, GL's or the clip's).
extension PlaybackEngine {
    func handle(_ message: BusMessage) {
        switch message {
        case .asyncDone:
            guard phase == .loading || awaitingSeekPreroll else { return }
            if phase == .loading && !segmentArmed {
                if playbin.handle.int("n-video") == 0 {
                    fail(MediaError(kind: .noVideo, message: tr("This file has no video."), detail: uri))
                    return
                }
                // Prerolled with video, yet no frame reached the receiver: on the GL path, GL
                // memory that could not be mapped as a texture; on the memory path, a stream
                // without a single frame (a WebM cut after its headers), prerolled on its end.
                // Seeking it to arm the loop brought neither a frame nor an end, so it waited
                // for the load timeout (found by ClipFuzzTests).
                if framesOfClip.value == 0 {
                    if installed == .gl { return leaveGL("the first frame could not be mapped as a GL texture", forGood: true) }
                    return fail(MediaError(kind: .corrupt, message: tr("This video is damaged or isn’t a video file."),
                                           detail: "a video stream without a frame: \(uri)"))
                }
                // Arm the loop: a flushing segment seek from the start, then wait for its preroll.
                awaitingSeekPreroll = armLoop(flush: true)
                if awaitingSeekPreroll { return }
            }
            awaitingSeekPreroll = false
            if phase == .loading {
                phase = .ready
                report?(.ready(source: source, displaySize: sizing.videoSize, durationNs: playbin.duration))
            }
            if wantsPlaying { startPlaying() }
        case .segmentDone:
            // Paused, a clip that fits in playbin's queues (10 frames, say) is read to its end
            // while nothing plays: the demuxer then waits for room to push its segment-done,
            // holding the lock a seek needs. A non-flushing seek here waited for playback that
            // could never start, since the play command queues behind it on this thread (the
            // next post loaded into this player stayed on its spinner for good). So the next
            // pass is armed once playing.
            if phase == .loading, awaitingSeekPreroll { watchForAnEmptyPass() }
            if running { rearm() } else { rearmWhenPlaying = true }
        case .clockLost:
            // The audio sink that gave the clock was replaced: a new clock is chosen on the way
            // back to PLAYING (pulsesink's clock stopped with its server, and the video with it).
            if running {
                playbin.setState(.paused)
                playbin.setState(.playing)
            }
        case .endOfStream:
            // A segment seek that could not be armed ends in EOS: restart with a flushing seek.
            _ = armLoop(flush: true)
        case .error(let error, let element, let origin):
            // The sound's: the video goes on without it.
            if origin.isInside(PlayerAudio.binName) {
                if soundLost(error.description), phase == .loading { reload() }
                return
            }
            // Posted by an element taken out of the pipeline since (a replaced audio sink's
            // last words; one whose clock stopped posts one for every frame).
            guard origin.inPipeline else { return }
            guard phase == .loading || phase == .ready else { return }
            if installed == .gl, phase == .loading, framesOfClip.value == 0,
               case .stream(_, let message, let debug) = error,
               VideoSinkGraph.isGLFailure(fromElement: element, debug: debug) {
                leaveGL(VideoSinkGraph.describeGLFailure(fromElement: element, message: message, debug: debug),
                        forGood: VideoSinkGraph.isGLBroken(fromElement: element))
                return
            }
            // The download's own words, when it was the cache that could not give the bytes.
            fail(streamFeed.failure.value ?? MediaError(error))
        default:
            break
        }
    }

    /// `tracking`: the tracker's count of resets when the pass ended. A pass measured before a
    /// rewind or a new trim (queued behind it) is not judged against the new loop.
    func passEnded(_ pass: LoopPass, lastFrameNs: UInt64, longestGapUs: Int64, tracking: UInt64) {
        guard phase == .ready, tracking == tracker.generation else { return }
        // A trimmed loop stops early on purpose.
        let trimmed = loopStopNs != nil || loopStartNs != 0
        switch passes.judge(lastFrameNs: lastFrameNs, longestGapUs: longestGapUs,
                            durationNs: trimmed ? nil : playbin.duration) {
        case .whole: report?(.loop(source: source, pass))
        case .short: break
        case .truncated(let duration):
            fail(MediaError(kind: .corrupt,
                            // TRANSLATORS: {stop} and {length} are times like “0:07”.
                            message: tr("This video is incomplete: it stops at {stop} of {length}.",
                                        ["stop": PassJudge.clock(lastFrameNs), "length": PassJudge.clock(duration)]),
                            detail: uri))
        }
    }

    /// The loop's first pass ended while its preroll was awaited. A clip's first frame reaches
    /// the sink a few milliseconds after its demuxer ran to the end; a damaged Ogg whose every
    /// frame the decoder dropped never prerolls again, and sat on its spinner until the load
    /// timeout (the clip fuzzer: 26 runs of 300). Given a moment and still not prerolled, the
    /// clip is damaged.
    private func watchForAnEmptyPass() {
        let source = source
        thread.after(milliseconds: 1_500) { [weak self] in
            self?.assumeIsolated { engine in
                guard source == engine.source, engine.phase == .loading, engine.awaitingSeekPreroll else { return }
                engine.fail(MediaError(kind: .corrupt, message: tr("This video is damaged or isn’t a video file."),
                                       detail: "no frame of its first pass could be decoded: \(engine.uri)"))
            }
        }
    }

    /// Non-flushing: the next pass follows the last frame with no gap.
    private func rearm() {
        if !armLoop(flush: false) { _ = armLoop(flush: true) }
    }

    func startPlaying() {
        playbin.setState(.playing)
        running = true
        if rearmWhenPlaying {
            rearmWhenPlaying = false
            rearm()
        }
    }

    func armLoop(flush: Bool) -> Bool {
        // A flushing seek starts a new segment: an earlier pass's end no longer needs arming.
        if flush { rearmWhenPlaying = false }
        let flags: SeekFlags = flush ? [.flush, .segment, .accurate] : [.segment]
        segmentArmed = playbin.seek(to: loopStartNs, flags: flags, stop: loopStopNs, rate: rate)
        return segmentArmed
    }
}
