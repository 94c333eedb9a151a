import FeedCore
import GLibKit
import GStreamerKit

/// The half of a player that touches GStreamer: one playbin that loops a clip seamlessly and
/// hands frames to a `VideoFrameReceiver`: on the memory path scaled in GStreamer to the page's
/// pixel size, on the GL path as GL textures at the video's size (`VideoSinkGraph`).
///
/// It is an actor on its own `ContextThread`: commands, bus messages and loop re-arms all run
/// there, one at a time. A flushing seek or a state change can block inside GStreamer (a seek
/// issued from the bus handler once hung the window for good); here it blocks this thread
/// only, and the window keeps answering.
///
/// What to do is decided by `PlayerStateMachine` (no GStreamer there): commands, bus messages,
/// the streaming thread's passes, timers and GStreamer's answers become `PlayerInput`s, and the
/// engine carries out the `PlayerAction`s the machine returns (`execute`). The engine keeps only
/// GStreamer's objects and the measures the streaming thread writes.
actor PlaybackEngine {
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
    /// How long a sink switch waits for a preroll under way (a stalled remote one never ends).
    static let prerollWaitBeforeSinkSwitchMs = 500

    let playbin: Pipeline
    /// The remote video's feed for the appsrc playbin makes (set on the player thread, read in
    /// source-setup, which GStreamer may emit elsewhere).
    let streamFeed = StreamFeedSlot()
    let receiver: VideoFrameReceiver
    let sizing = ScaleTarget()
    let tracker = LoopTracker()
    var report: (@Sendable (PlayerEvent) -> Void)?
    /// The path the player was given (the GL context, and whom to tell when a clip leaves GL).
    let videoPath: PlayerVideoPath
    /// The sink bin playbin has now.
    var installed: VideoSinkGraph
    /// Frames that reached the receiver since the current clip began (streaming thread).
    let framesOfClip = FrameCount()
    /// The current clip's remote bytes, to read and to load again (nil for a file).
    var streamBytes: (any RemoteVideoBytes)?
    /// The decisions: the clip's state, the sound's, the path new clips take.
    var machine: PlayerStateMachine
    /// The sound: the real sink, or a silent one while the sound server is gone.
    let audio: PlayerAudio
    /// The sound of the runtime's other players (one that loses the server tells them).
    let soundOutage: SoundOutage

    init(receiver: VideoFrameReceiver, runtime: MediaRuntime, audioSinkDescription: String?,
         video: PlayerVideoPath = .memory) throws {
        GStreamer.initialize()
        thread = ContextThread(name: "player", group: runtime.threads)
        soundOutage = runtime.soundOutage
        self.receiver = receiver
        videoPath = video
        installed = video.graph
        machine = PlayerStateMachine(path: video.graph)
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
        audio = try PlayerAudio(description: audioSinkDescription, serverAnswers: runtime.soundServerAnswers)
        playbin.set("audio-sink", element: audio.sink.bin)
        // The shared GL display and GTK's wrapped context, for the GL elements playbin makes
        // (they ask with need-context messages, which the bin answers from these).
        video.glContext?.apply(to: playbin)
        try Self.install(video.graph, glContext: video.glContext, on: playbin, sizing: sizing, frames: frameHandler())
        playbin.watchBus(on: thread) { [weak self] message in
            self?.assumeIsolated { $0.handle(message) }
        }
        soundOutage.register(ObjectIdentifier(self)) { [weak self] detail in self?.send(.soundServerGone(detail)) }
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
                        $0.apply(.passEnded(PassReport(pass: pass, lastFrameNs: seam.lastPTS, longestGapUs: seam.longestGapUs,
                                                       tracking: seam.generation, durationNs: $0.playbin.duration)))
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
        case .load(let uri, let source):
            streamBytes = nil
            apply(.load(source: source, uri: uri))
        case .loadStream(let bytes, let source):
            streamBytes = bytes
            apply(.loadStream(source: source, address: bytes.address))
        case .play: apply(.play)
        case .pause: apply(.pause)
        case .rewind: apply(.rewind)
        case .seek(let targetNs): apply(.seek(targetNs: targetNs))
        case .unload(let source): apply(.unload(source: source))
        case .abandon(let source): apply(.abandon(source: source))
        case .setLoop(let startNs, let stopNs, let rate): apply(.setLoop(LoopRange(startNs: startNs, stopNs: stopNs, rate: rate)))
        case .setViewport(let size): sizing.setViewport(size)
        case .setVolume(let volume): playbin.handle.set("volume", volume)
        case .setMuted(let muted): playbin.handle.set("mute", muted)
        case .soundServerGone(let detail): apply(.soundServerGone(detail: detail))
        case .shutdown: apply(.shutdown)
        }
    }

    /// Moves the machine and carries out what it asks, in order. An answer GStreamer gives an
    /// action is applied at once (the action was the last of its list).
    func apply(_ input: PlayerInput) {
        for action in machine.handle(input) { execute(action) }
    }

    private func execute(_ action: PlayerAction) {
        switch action {
        case .begin(let source, let path): begin(source: source, path: path)
        case .open(let uri): open(uri)
        case .reopen(let uri):
            // playbin forgets its URI once a start failed: it is given again.
            playbin.setState(.ready)
            playbin.set("uri", uri)
            if playbin.setState(.paused) == .failure { apply(.openFailed(.refused)) }
        case .awaitStreamHead(let source): awaitStreamHead(source)
        case .feedStream(let head): feedStream(head)
        case .inspectPreroll:
            apply(.prerollInspected(videoStreams: Int(playbin.handle.int("n-video")), framesSeen: framesOfClip.value))
        case .setPaused: playbin.setState(.paused)
        case .setPlaying: playbin.setState(.playing)
        case .stop:
            // After an error only NULL brings playbin back: from READY, the next clip after a
            // corrupt file or a text file never showed a frame (LoopingPlayerTests).
            closeFeed()
            playbin.setState(.null)
        case .release(let source):
            closeFeed()
            streamBytes = nil
            playbin.setState(.ready)
            receiver.beginSource(source)
            sizing.reset()
            position.store(nil)
            begunSource.store(source)
        case .seek(let purpose, let range):
            let flags: SeekFlags = purpose.flushes ? [.flush, .segment, .accurate] : [.segment]
            if !playbin.seek(to: purpose.start(in: range), flags: flags, stop: range.stopNs, rate: range.rate) {
                apply(.seekRefused(purpose))
            }
        case .resetLoopTracking: tracker.reset()
        case .watchFirstPass(let source):
            // A clip's first frame reaches the sink a few milliseconds after its demuxer ran to
            // the end; given a moment and still not prerolled, it is damaged (an Ogg whose every
            // frame the decoder dropped sat on its spinner until the load timeout: the clip
            // fuzzer, 26 runs of 300).
            thread.after(milliseconds: 1_500) { [weak self] in
                self?.assumeIsolated { $0.apply(.firstPassWaitOver(source: source)) }
            }
        case .probeSoundServer: apply(.soundServerProbed(answers: audio.soundServerAnswers()))
        case .silence(let loss): apply(audio.goSilent() ? .wentSilent(loss) : .couldNotGoSilent(loss))
        case .spreadSoundLoss(let detail): soundOutage.spread(detail, from: ObjectIdentifier(self))
        case .scheduleSoundRetry:
            thread.after(milliseconds: 2_000) { [weak self] in
                self?.assumeIsolated { $0.apply(.soundRetryDue) }
            }
        case .restoreSound: apply(audio.restore() ? .soundRestored : .soundStillGone)
        case .announceReady(let source):
            report?(.ready(source: source, displaySize: sizing.videoSize, durationNs: playbin.duration,
                           hasAudio: playbin.handle.int("n-audio") > 0))
        case .post(let event): report?(event)
        case .tellVideoPathLeft(let detail):
            if let fellBack = videoPath.fellBack { MainLoop.invoke { fellBack(detail) } }
        case .shutDown: shutDown()
        }
    }

    /// A local file is judged before a pipeline sees it: filesrc's open of a FIFO waits for a
    /// writer for ever (and this thread with it), /dev/zero reads without end, and a refused
    /// read comes back in GStreamer's words. Only a regular, non-empty, readable file plays.
    private func open(_ uri: String) {
        if let path = FileURI.localPath(uri), let problem = MediaError.localFileProblem(atPath: path) {
            return apply(.openFailed(.unplayable(problem)))
        }
        playbin.set("uri", uri)
        if playbin.setState(.paused) == .failure { apply(.openFailed(.refused)) }
    }

    /// Playbin goes down to READY here and when a clip is let go, not to NULL (only a failed clip,
    /// a switch of sink bin and the shut-down take it there). A preroll cut short leaves playsink
    /// asking streamsynchronizer for a pad after it went down (giving back the unused input
    /// completes a pending reconfigure), and only a later PAUSED to READY returns that pad. NULL
    /// numbers streamsynchronizer's pads from 0 again: the next clip then asked for a name still
    /// in use and GStreamer 1.22 aborted the app ("Padname src_0 is not unique", then
    /// `gst_play_sink_do_reconfigure: assertion failed: (it)`; a player let go mid-preroll when
    /// Home was switched 25 ms apart, about 1 run in 20 under load). Without NULL the numbers
    /// only grow.
    private func begin(source: UInt64, path: VideoSinkGraph) {
        closeFeed()
        // playsink takes a new video sink only in NULL: the preroll under way is let finish
        // first, so it leaves no pad behind (a rare path: the GL path failed before a frame).
        if path != installed { playbin.awaitStateChange(milliseconds: Self.prerollWaitBeforeSinkSwitchMs) }
        playbin.setState(.ready)
        if path != installed { switchSink(to: path) }
        // Messages of the clip being replaced are stale now: an ASYNC_DONE of its last seek,
        // read as this clip's preroll, found no video stream yet and failed a good video with
        // "This file has no video" (seen once in a clean-clone run, Home from the third post).
        playbin.discardPendingMessages()
        // The old stream has stopped (READY joins the streaming threads): what arrives now is new.
        receiver.beginSource(source)
        framesOfClip.reset()
        tracker.reset()
        sizing.reset()
        position.store(nil)
        begunSource.store(source)
    }

    private func shutDown() {
        soundOutage.unregister(ObjectIdentifier(self))
        report = nil
        playbin.removeBusWatch()
        closeFeed()
        playbin.setState(.null)
        thread.stop()
    }
}
