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
    enum Phase { case empty, loading, ready, failed }

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

    let playbin: Pipeline
    /// The remote video's feed for the appsrc playbin makes (set on the player thread, read in
    /// source-setup, which GStreamer may emit elsewhere).
    let streamFeed = StreamFeedSlot()
    let receiver: VideoFrameReceiver
    let sizing = ScaleTarget(filter: nil)
    let tracker = LoopTracker()
    var report: (@Sendable (PlayerEvent) -> Void)?
    var videoPath: PlayerVideoPath
    /// The sink bin playbin has now (the memory path's for a clip GL could not take).
    var installed: VideoSinkGraph
    /// The clip being loaded again plays from memory.
    var reloadingOnMemory = false
    /// Frames that reached the receiver since the current clip began (streaming thread).
    let framesOfClip = FrameCount()
    /// What the current clip was loaded from, to load it again on the memory path.
    var loaded: PlayerSource?

    var phase = Phase.empty
    var source: UInt64 = 0
    var uri = ""
    var wantsPlaying = false
    var segmentArmed = false
    /// playbin was set to PLAYING and not paused since.
    var running = false
    /// A pass ended (SEGMENT_DONE) while paused: the next one is armed once playing.
    var rearmWhenPlaying = false
    var awaitingSeekPreroll = false
    /// The part of the clip that loops (the recorder's trim) and how fast (its speed preview).
    var loopStartNs: UInt64 = 0
    var loopStopNs: UInt64?
    var rate = 1.0
    /// Whether passes reach the clip's length (a truncated file wraps early).
    var passes = PassJudge()
    /// The sound: the real sink, or a silent one while the sound server is gone.
    let audio: PlayerAudio
    /// A try at putting the real sink back is due.
    var soundRetryPending = false
    var shutDown = false

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
    nonisolated func frameHandler() -> @Sendable (VideoFrame, Bool) -> Void {
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

    func load(uri: String, source: UInt64) {
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

    func open(_ playable: String) {
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

    func begin(uri: String, source: UInt64) {
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
    func rewind() {
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

    func fail(_ error: MediaError) {
        closeFeed()
        playbin.setState(.null)
        running = false
        phase = .failed
        report?(.failed(source: source, error))
    }
}
