import FeedCore
import Foundation
import GLibKit
import GStreamerKit
import Localization
import Synchronization

/// The half of a player that touches GStreamer: one playbin that loops a clip seamlessly and
/// hands frames to a `VideoFrameReceiver`: on the memory path scaled in GStreamer to the page's
/// pixel size, on the GL path as GL textures at the video's size (`VideoSinkGraph`).
///
/// It is an actor on its own `ContextThread`: commands, bus messages and loop re-arms all run
/// there, one at a time. A flushing seek or a state change can block inside GStreamer (a seek
/// issued from the bus handler once hung the window for good); here it blocks this thread
/// only, and the window keeps answering.
///
/// Looping: once prerolled, a flushing SEGMENT seek; then on each SEGMENT_DONE a non-flushing
/// SEGMENT seek back to the start, which keeps the stream running with no gap. A re-arm the
/// pipeline refuses falls back to a flushing seek.
///
/// A GL path that fails before a clip's first frame is left for the memory path and the clip
/// loads again there: the video keeps playing, and the window is told why. When GL itself failed
/// (its elements posted an error, or the preroll brought no frame GL could map) the player stays
/// on the memory path for good; when only the clip's format was one GL's upload cannot take (a
/// 10-bit H.264, say: caps not negotiated) just that clip plays from memory.
actor PlaybackEngine {
    private enum Phase { case empty, loading, ready, failed }

    nonisolated let thread: ContextThread
    nonisolated var unownedExecutor: UnownedSerialExecutor { thread.asUnownedSerialExecutor() }
    /// The last frame's time, for the window to read without asking the pipeline.
    nonisolated let position = FramePosition()
    /// The clip's display size from its caps, known before the first frame.
    nonisolated var videoSize: PixelSize? { sizing.videoSize }
    /// The source whose size and position are the ones above (set once they were reset for it).
    nonisolated let begunSource = SourceMark()
    /// The playbin, weakly: tests check it is reused across loads and freed with the player.
    nonisolated let pipelineReference: GWeakReference

    private let playbin: Pipeline
    /// The remote video's feed for the appsrc playbin makes (set on the player thread, read in
    /// source-setup, which GStreamer may emit elsewhere).
    private let streamFeed = StreamFeedSlot()
    private let receiver: VideoFrameReceiver
    private let sizing = ScaleTarget(filter: nil)
    private let tracker = LoopTracker()
    private var report: (@Sendable (PlayerEvent) -> Void)?
    private var videoPath: PlayerVideoPath
    /// The sink bin playbin has now (the memory path's for a clip GL could not take).
    private var installed: VideoSinkGraph
    /// The clip being loaded again plays from memory.
    private var reloadingOnMemory = false
    /// Frames that reached the receiver since the current clip began (streaming thread).
    private let framesOfClip = FrameCount()
    /// What the current clip was loaded from, to load it again on the memory path.
    private var loaded: PlayerSource?

    private var phase = Phase.empty
    private var source: UInt64 = 0
    private var uri = ""
    private var wantsPlaying = false
    private var segmentArmed = false
    /// playbin was set to PLAYING and not paused since.
    private var running = false
    /// A pass ended (SEGMENT_DONE) while paused: the next one is armed once playing.
    private var rearmWhenPlaying = false
    private var awaitingSeekPreroll = false
    /// The part of the clip that loops (the recorder's trim) and how fast (its speed preview).
    private var loopStartNs: UInt64 = 0
    private var loopStopNs: UInt64?
    private var rate = 1.0
    /// Whether passes reach the clip's length (a truncated file wraps early).
    private var passes = PassJudge()
    /// The sound: the real sink, or a silent one while the sound server is gone.
    private let audio: PlayerAudio
    /// A try at putting the real sink back is due.
    private var soundRetryPending = false
    private var shutDown = false

    init(receiver: VideoFrameReceiver, audioSinkDescription: String?, video: PlayerVideoPath = .memory) throws {
        GStreamer.initialize()
        thread = ContextThread(name: "player")
        self.receiver = receiver
        videoPath = video
        installed = video.graph
        // A local the rest of init configures: once init is done with `self`, an actor's
        // non-Sendable state is its executor's only.
        let playbin = try Pipeline.makePipeline("playbin")
        self.playbin = playbin
        pipelineReference = GWeakReference(playbin.handle.raw)
        // Subtitles and colour balance are never shown, and our own sink bin converts and scales
        // (native-video), so the caps it sees are the clip's own size.
        playbin.set("flags", "video+audio+soft-volume+native-video")
        // Frame threading gives every libav decoder a copy of its frame pool per thread; three
        // pooled players at 720x1280 held ~100 MB more for it. One thread decodes 720p30 at a
        // small share of a core, and the pool's other two decoders sit paused anyway.
        let streamFeed = streamFeed
        playbin.onElementSetup { element in
            if element.factoryName.hasPrefix("avdec_") { element.set("max-threads", "1") }
        }
        playbin.onSourceSetup { element in streamFeed.feed?.attach(to: element) }
        // The audio sink asked for (playbin's default, autoaudiosink, when none) inside a bin of
        // our own: a sound server that goes away silences the video, never stops it.
        audio = try PlayerAudio(description: audioSinkDescription)
        playbin.set("audio-sink", element: audio.sink.bin)
        // The shared GL display and GTK's wrapped context, for the GL elements playbin makes
        // (they ask with need-context messages, which the bin answers from these).
        video.glContext?.apply(to: playbin)
        try Self.install(video.graph, glContext: video.glContext, on: playbin, sizing: sizing, frames: frameHandler())
        playbin.watchBus(on: thread) { [weak self] message in
            self?.assumeIsolated { $0.handle(message) }
        }
        SoundOutage.register(ObjectIdentifier(self)) { [weak self] detail in self?.send(.soundServerGone(detail)) }
    }

    /// What every frame goes through on the streaming thread: the position, the loop's seam,
    /// the count of the clip's frames, then the receiver.
    private nonisolated func frameHandler() -> @Sendable (VideoFrame, Bool) -> Void {
        let tracker = tracker
        let position = position
        let receiver = receiver
        let framesOfClip = framesOfClip
        return { [weak self] frame, isPreroll in
            position.store(frame.presentationTime)
            framesOfClip.add()
            if !isPreroll, let seam = tracker.frameArrived(pts: frame.presentationTime,
                                                          durationNs: frame.durationNanoseconds),
               let engine = self {
                let pass = LoopPass(seamUs: seam.seamUs, intervalUs: seam.intervalUs, framesDecoded: seam.framesInPass)
                engine.thread.invoke {
                    engine.assumeIsolated {
                        $0.passEnded(pass, lastFrameNs: seam.lastPTS, longestGapUs: seam.longestGapUs, tracking: seam.generation)
                    }
                }
            }
            receiver.receive(frame, isPreroll: isPreroll)
        }
    }

    /// Makes `graph`'s sink bin playbin's video sink (playbin in NULL or READY).
    private static func install(_ graph: VideoSinkGraph, glContext: GLVideoContext?, on playbin: Pipeline,
                                sizing: ScaleTarget, frames: @escaping @Sendable (VideoFrame, Bool) -> Void) throws {
        let sink = try Element.bin(description: graph.description)
        guard let appsink = sink.child(named: "frames"), let input = sink.child(named: graph.input),
              let inputPad = input.staticPad("sink") else {
            throw GStreamerError.invalidDescription("video sink")
        }
        let filter = graph.sizeFilter.flatMap { sink.child(named: $0) }
        // Where frames are turned while drawing, the stream's orientation tags travel with them.
        let orientation = graph.turnsWhenDrawing ? StreamOrientation() : nil
        orientation?.watch(inputPad)
        glContext?.apply(to: sink)
        sizing.use(filter: filter, orientation: orientation)
        // The caps event on the input carries the clip's size: on the memory path the output
        // size is chosen there, before the first frame is scaled, so it is never scaled twice.
        inputPad.onCaps { width, height in sizing.videoSizeChanged(PixelSize(width: width, height: height)) }
        appsink.onVideoFrame(orientation: orientation, frames)
        playbin.set("video-sink", element: sink)
    }

    /// Runs `command` on the player thread after everything sent before it.
    nonisolated func send(_ command: PlayerCommand) {
        thread.invoke { self.assumeIsolated { $0.perform(command) } }
    }

    private func perform(_ command: PlayerCommand) {
        switch command {
        case .attach(let report): self.report = report
        case .load(let uri, let source): load(uri: uri, source: source)
        case .loadStream(let bytes, let source): load(bytes, source: source)
        case .play:
            wantsPlaying = true
            if phase == .ready { startPlaying() }
        case .pause:
            wantsPlaying = false
            running = false
            if phase == .ready { playbin.setState(.paused) }
        case .rewind: rewind()
        case .unload(let source):
            closeFeed()
            loaded = nil
            playbin.setState(.null)
            running = false
            receiver.beginSource(source)
            sizing.reset()
            position.store(nil)
            begunSource.store(source)
            self.source = source
            phase = .empty
            wantsPlaying = false
        case .abandon(let source):
            // Whatever it reached meanwhile (it may have become ready just as the window gave
            // up): the window shows an error card for it now, so nothing may play behind it.
            guard source == self.source, phase != .empty else { return }
            closeFeed()
            playbin.setState(.null)
            running = false
            phase = .failed
        case .setLoop(let startNs, let stopNs, let rate):
            loopStartNs = startNs
            loopStopNs = stopNs
            self.rate = rate
            guard phase == .ready else { return }
            tracker.reset()
            passes.reset()
            awaitingSeekPreroll = armLoop(flush: true)
        case .setViewport(let size): sizing.setViewport(size)
        case .setVolume(let volume): playbin.handle.set("volume", volume)
        case .setMuted(let muted): playbin.handle.set("mute", muted)
        case .soundServerGone(let detail):
            if soundLost(detail, spread: false), phase == .loading { reload() }
        case .shutdown:
            SoundOutage.unregister(ObjectIdentifier(self))
            shutDown = true
            report = nil
            playbin.removeBusWatch()
            closeFeed()
            playbin.setState(.null)
            thread.stop()
        }
    }

    private func load(uri: String, source: UInt64) {
        begin(uri: uri, source: source)
        loaded = .uri(uri)
        report?(.loading(source: source))
        // A local file is judged before a pipeline sees it: filesrc's open of a FIFO waits for a
        // writer for ever (and this thread with it), /dev/zero reads without end, and a refused
        // read comes back in GStreamer's words. Only a regular, non-empty, readable file plays.
        if let path = PlayerSource.localPath(uri), let problem = MediaError.localFileProblem(atPath: path) {
            return fail(problem)
        }
        open(uri)
    }

    /// A remote video: the pipeline starts once the download knows the file's length, reading
    /// the cache's bytes through an appsrc (the load timeout counts from there; connecting has
    /// its own).
    private func load(_ bytes: any RemoteVideoBytes, source: UInt64) {
        begin(uri: bytes.address, source: source)
        loaded = .stream(bytes)
        bytes.whenHeadKnown { [weak self] head in
            guard let self else { return }
            thread.invoke { self.assumeIsolated { $0.streamHeadKnown(head, bytes: bytes, source: source) } }
        }
    }

    private func streamHeadKnown(_ head: Result<RemoteVideoHead, MediaError>, bytes: any RemoteVideoBytes, source: UInt64) {
        guard source == self.source, phase == .loading else { return }
        switch head {
        case .failure(let error):
            fail(error)
        case .success(let head):
            report?(.loading(source: source))
            let failure = streamFeed.failure
            streamFeed.feed = RandomAccessFeed(length: head.length, reader: {
                offset, length, isCancelled in
                switch bytes.read(offset: offset, length: length, isCancelled: isCancelled) {
                case .bytes(let data): return .bytes(data)
                case .end: return .end
                case .cancelled: return .cancelled
                case .failed(let error):
                    failure.store(error)
                    return .failed(error.detail)
                }
            }, wake: { bytes.wakeReaders() })
            // Its own address each time, so playbin makes a new source rather than keep the last
            // one; named with the container's extension, which the type-finder tries first: in
            // pull mode it would otherwise try every type, and some read the end of the file,
            // which would wait for the whole download.
            open("appsrc://loopfeed/\(source)" + Self.containerExtension(head.contentType, address: bytes.address))
        }
    }

    /// ".mp4", ".webm" ...: the container the server's Content-Type names, else the address's own
    /// extension; "" when neither says.
    static func containerExtension(_ contentType: String?, address: String) -> String {
        let type = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        switch type {
        case "video/mp4", "video/x-m4v": return ".mp4"
        case "video/quicktime": return ".mov"
        case "video/webm": return ".webm"
        case "video/x-matroska": return ".mkv"
        default:
            let path = URL(string: address)?.path ?? ""
            let ext = (path as NSString).pathExtension.lowercased()
            return ["mp4", "m4v", "mov", "webm", "mkv", "ogv"].contains(ext) ? "." + ext : ""
        }
    }

    private func open(_ playable: String) {
        playbin.set("uri", playable)
        if playbin.setState(.paused) == .failure {
            // A sink that can't reach the sound server fails playbin's state change at once (a
            // player loading while PulseAudio is down): the video plays without sound.
            if !audio.isSilent, !PlayerAudio.soundServerAnswers(),
               soundLost("the audio sink could not open: the sound server does not answer") {
                // playbin forgets its URI once a start failed: it is given again.
                playbin.setState(.ready)
                playbin.set("uri", playable)
                if playbin.setState(.paused) != .failure { return }
            }
            fail(MediaError(kind: .notFound, message: tr("The video can’t be opened."), detail: uri))
        }
    }

    /// Ends the remote feed before a state change: a read waiting for bytes returns and the
    /// source ends its stream, so the streaming threads can be joined. What the old stream posts
    /// meanwhile is dropped with the rest of its messages (`begin`).
    private func closeFeed() {
        streamFeed.feed?.close()
        streamFeed.feed = nil
        streamFeed.failure.store(nil)
    }

    private func begin(uri: String, source: UInt64) {
        closeFeed()
        playbin.setState(.ready)
        // The path this clip takes: the player's own, or memory for a clip GL could not take.
        let graph = reloadingOnMemory ? .memory : videoPath.graph
        reloadingOnMemory = false
        if graph != installed { switchSink(to: graph) }
        // Messages of the clip being replaced are stale now: an ASYNC_DONE of its last seek,
        // read as this clip's preroll, found no video stream yet and failed a good video with
        // "This file has no video" (seen once in a clean-clone run, Home from the third post).
        playbin.discardPendingMessages()
        // The old stream has stopped (READY joins the streaming threads): what arrives now is new.
        receiver.beginSource(source)
        framesOfClip.reset()
        tracker.reset()
        passes.reset()
        sizing.reset()
        position.store(nil)
        begunSource.store(source)
        self.source = source
        self.uri = uri
        loopStartNs = 0
        loopStopNs = nil
        rate = 1
        segmentArmed = false
        awaitingSeekPreroll = false
        wantsPlaying = false
        running = false
        rearmWhenPlaying = false
        phase = .loading
    }

    /// Pauses and goes back to the first frame (a post that is left).
    private func rewind() {
        wantsPlaying = false
        running = false
        guard phase == .ready else { return }
        playbin.setState(.paused)
        segmentArmed = false
        // Going back to 0 is not a loop: the tracker must not read it as a pass that ended early.
        tracker.reset()
        passes.reset()
        awaitingSeekPreroll = armLoop(flush: true)
    }

    private func handle(_ message: BusMessage) {
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
    private func passEnded(_ pass: LoopPass, lastFrameNs: UInt64, longestGapUs: Int64, tracking: UInt64) {
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

    private func startPlaying() {
        playbin.setState(.playing)
        running = true
        if rearmWhenPlaying {
            rearmWhenPlaying = false
            rearm()
        }
    }

    private func armLoop(flush: Bool) -> Bool {
        // A flushing seek starts a new segment: an earlier pass's end no longer needs arming.
        if flush { rearmWhenPlaying = false }
        let flags: SeekFlags = flush ? [.flush, .segment, .accurate] : [.segment]
        segmentArmed = playbin.seek(to: loopStartNs, flags: flags, stop: loopStopNs, rate: rate)
        return segmentArmed
    }

    /// The audio sink failed (`detail`: why): a silent sink takes its place, the window is told,
    /// and from now on a real one is tried every 2 s. False when the sound was already silent.
    /// `spread`: tell the other players (this one found it out).
    @discardableResult
    private func soundLost(_ detail: String, spread: Bool = true) -> Bool {
        guard audio.goSilent() else { return false }
        if spread { SoundOutage.spread(detail, from: ObjectIdentifier(self)) }
        report?(.sound(available: false, detail: detail))
        scheduleSoundRetry()
        return true
    }

    private func scheduleSoundRetry() {
        guard !soundRetryPending else { return }
        soundRetryPending = true
        thread.after(milliseconds: 2_000) { [weak self] in
            self?.assumeIsolated { engine in
                engine.soundRetryPending = false
                guard !engine.shutDown, engine.audio.isSilent else { return }
                if engine.audio.restore() {
                    engine.report?(.sound(available: true, detail: "the sound server answers again"))
                } else {
                    engine.scheduleSoundRetry()
                }
            }
        }
    }

    /// Loads the current clip again (keeping whether it should play): its load failed in a
    /// part that is now replaced (the audio sink).
    private func reload() {
        guard let loaded else { return }
        let wantsPlaying = wantsPlaying
        switch loaded {
        case .uri(let uri): load(uri: uri, source: source)
        case .stream(let bytes): load(bytes, source: source)
        }
        self.wantsPlaying = wantsPlaying
    }

    /// The GL path failed before the clip's first frame: the clip loads again on the memory path
    /// (keeping whether it should play), and the window is told. `forGood`: GL itself failed, so
    /// this player keeps the memory path; otherwise the next clip tries GL again.
    private func leaveGL(_ reason: String, forGood: Bool) {
        guard let fellBack = videoPath.fellBack, let loaded else { return }
        if forGood { videoPath = .memory }
        let wantsPlaying = wantsPlaying
        let detail = "the GL path failed before the first frame (\(reason)); "
            + (forGood ? "this player uses the memory path now" : "this video plays from memory")
        MainLoop.invoke { fellBack(detail) }
        reloadingOnMemory = true
        switch loaded {
        case .uri(let uri): load(uri: uri, source: source)
        case .stream(let bytes): load(bytes, source: source)
        }
        self.wantsPlaying = wantsPlaying
    }

    /// Makes `graph`'s sink bin playbin's video sink (with playbin in NULL, where playsink takes
    /// a new one).
    private func switchSink(to graph: VideoSinkGraph) {
        playbin.setState(.null)
        do {
            try Self.install(graph, glContext: graph == .gl ? videoPath.glContext : nil, on: playbin, sizing: sizing,
                             frames: frameHandler())
            installed = graph
        } catch {
            // Both bins are fixed text that parses wherever their plugins are installed (GL's are,
            // or the shared context could not have been made); should one not, the player keeps
            // the bin it has.
        }
    }

    private func fail(_ error: MediaError) {
        closeFeed()
        playbin.setState(.null)
        running = false
        phase = .failed
        report?(.failed(source: source, error))
    }
}

