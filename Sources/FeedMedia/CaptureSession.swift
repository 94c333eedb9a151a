public import FeedCore
public import Foundation
import GLibKit
import GStreamerKit
import Localization
import Synchronization

/// The live camera and microphone: a preview on a `VideoFrameReceiver`, and segments recorded
/// by attaching a record branch to the tees on press and finalising it with EOS on release.
@MainActor
public final class CaptureSession: CaptureSessionControl {
    public var onLive: (() -> Void)?
    public var onError: ((RecorderError) -> Void)?
    /// A segment's file is final: its path and length in seconds.
    public var onSegmentFinished: ((URL, Double) -> Void)?
    /// A too-short segment was let go of and its file deleted.
    public var onSegmentDiscarded: (() -> Void)?

    private let graph: CaptureGraph
    private let pipeline: Pipeline
    /// The same pipeline, for the lifecycle queue, which starts and stops it, and for the
    /// deinitialiser, which stays nonisolated: an isolated one reached off the main thread
    /// would be queued where the GLib main loop never looks, and the camera never let go.
    private let lifecycleHandle: CrossThreadElement
    /// The record branch attached to the tees, and once released how it ends.
    private struct Branch {
        var bin: Element
        var links: [(tee: Element, source: Pad, sink: Pad)]
        var path: URL
        var startedUs: Int64
        var ending: (discard: Bool, endedUs: Int64)?
        /// Going to NULL on the lifecycle queue: still being saved, and written once only.
        var closing = false
    }

    private var recording: Branch?
    /// `stop()` came while a segment was being saved: the pipeline stops once it is.
    private var stopWhenSaved = false
    private var finalizeTimer: SourceHandle?
    private let clock = SystemMonotonicClock()
    private var live = false
    /// Stopped, though the pipeline may still be on its way to NULL on the lifecycle queue:
    /// its last messages (and a start that failed) are no longer this session's news.
    private var stopped = false

    /// Starts and stops the pipeline (the runtime's capture queue).
    private let lifecycle: DispatchQueue

    /// `runtime`: whose queue starts and stops the pipeline (one for every capture session, so
    /// a camera reopened at once waits until the previous pipeline has let go of the device).
    public init(graph: CaptureGraph, preview: PixelSize, receiver: VideoFrameReceiver, runtime: MediaRuntime) throws {
        GStreamer.initialize()
        self.graph = graph
        lifecycle = runtime.captureLifecycle
        do {
            pipeline = try Pipeline.parse(graph.pipelineDescription(preview: preview))
        } catch {
            throw RecorderError.pipeline("\(error)")
        }
        lifecycleHandle = CrossThreadElement(pipeline)
        guard let previewSink = pipeline.child(named: "preview") else { throw RecorderError.pipeline(tr("no preview sink")) }
        previewSink.onVideoFrame { frame, isPreroll in
            if !isPreroll { receiver.receive(frame, isPreroll: false) }
        }
        pipeline.watchBus { [weak self] message in self?.handle(message) }
    }

    deinit {
        let pipeline = lifecycleHandle
        lifecycle.async { _ = pipeline.element.setState(.null) }
    }

    public func start() {
        stopped = false
        let pipeline = lifecycleHandle
        let error: RecorderError = graph.device.camera.isTestPattern ? .pipeline(tr("the test sources did not start")) : .noCamera
        // Weakly: a session dropped meanwhile is not kept (nor freed) on the lifecycle queue.
        let report: @Sendable () -> Void = { [weak self] in
            MainLoop.invoke { self?.startFailed(error) }
        }
        lifecycle.async {
            guard pipeline.element.setState(.playing) == .failure else { return }
            report()
        }
    }

    /// Stops the camera. A segment still recording is finished first and one being saved is
    /// let finish: stopping the pipeline before EOS reaches the muxer would cut its file short.
    public func stop() {
        if let recording {
            if recording.ending == nil { finishSegment(discard: false) }
            stopWhenSaved = true
            return
        }
        finalizeTimer?.cancel()
        let pipeline = lifecycleHandle
        lifecycle.async { _ = pipeline.element.setState(.null) }
        live = false
        stopped = true
    }

    private func startFailed(_ error: RecorderError) {
        guard !stopped else { return }
        onError?(error)
    }

    public var isRecording: Bool { recording != nil }

    /// Mirrors the picture (preview and recording) while the camera runs.
    public func setMirrored(_ mirrored: Bool) {
        pipeline.child(named: "mirror")?.set("method", mirrored ? "horizontal-flip" : "none")
    }

    /// Changes the look while the camera runs.
    public func setFilter(_ filter: CaptureFilter) {
        let s = filter.settings
        if let balance = pipeline.child(named: "balance") {
            balance.set("saturation", s.saturation)
            balance.set("contrast", s.contrast)
            balance.set("brightness", s.brightness)
            balance.set("hue", s.hue)
        }
        pipeline.child(named: "look")?.set("preset", s.preset)
    }

    /// Attaches a record branch writing to `path`.
    public func startSegment(path: URL) throws(RecorderError) {
        guard recording == nil, !stopWhenSaved else { throw .pipeline(tr("the last segment is still being saved")) }
        let directory = path.deletingLastPathComponent()
        guard FileManager.default.isWritableFile(atPath: directory.path) else { throw .notWritable(path: directory.path) }
        let bin: Element
        do {
            bin = try graph.recordBranch(path: path.path).bin(ghostUnlinkedPads: false)
        } catch {
            throw .pipeline("\(error)")
        }
        guard let videoIn = bin.child(named: "videoin")?.staticPad("sink"),
              let audioIn = bin.child(named: "audioin")?.staticPad("sink"),
              let videoTee = pipeline.child(named: "video"), let audioTee = pipeline.child(named: "audio"),
              pipeline.add(bin) else {
            throw .pipeline(tr("the record branch could not be attached"))
        }
        guard let videoGhost = bin.addGhostPad("video", target: videoIn),
              let audioGhost = bin.addGhostPad("audio", target: audioIn) else {
            pipeline.remove(bin)
            throw .pipeline(tr("the record branch has no inputs"))
        }
        bin.syncStateWithParent()
        var links: [(tee: Element, source: Pad, sink: Pad)] = []
        for (tee, sink) in [(videoTee, videoGhost), (audioTee, audioGhost)] {
            guard let source = tee.requestPad("src_%u"), source.link(to: sink) else {
                throw .pipeline(tr("the record branch could not be linked"))
            }
            links.append((tee, source, sink))
        }
        if let fileSink = bin.child(named: "file")?.staticPad("sink") {
            fileSink.onEndOfStream { [weak self] in MainLoop.invoke { self?.segmentWritten() } }
        }
        recording = Branch(bin: bin, links: links, path: path, startedUs: clock.nowMicroseconds())
    }

    /// Detaches the branch and sends it end-of-stream; the file is final when EOS reaches the
    /// file sink (or after a 3 s timeout, when it is still playable thanks to the reserved moov).
    /// `discard`: the hold was too short; the file is deleted.
    public func finishSegment(discard: Bool) {
        // Once only: the tee pads are released here.
        guard let branch = recording, branch.ending == nil else { return }
        for (tee, source, sink) in branch.links {
            // Between two buffers: none is cut in half, and EOS follows the last one to the muxer.
            // Once: a second run would release a pad the tee no longer has.
            let once = RunOnce()
            let tee = CrossThreadElement(tee)
            source.whenIdle {
                guard once.claim() else { return }
                source.unlink(from: sink)
                tee.element.releaseRequestPad(source)
                sink.sendEndOfStream()
            }
        }
        recording?.ending = (discard, clock.nowMicroseconds())
        finalizeTimer = MainLoop.after(milliseconds: 3_000) { [weak self] in self?.segmentWritten() }
    }

    /// EOS reached the file sink (or the timeout came): the branch is stopped, which closes the
    /// file, on the lifecycle queue, since a branch whose EOS never got through can block going
    /// to NULL (a queue still full, the encoder); then the segment is announced here.
    private func segmentWritten() {
        guard let branch = recording, branch.ending != nil, !branch.closing else { return }
        finalizeTimer?.cancel()
        finalizeTimer = nil
        recording?.closing = true
        let path = branch.path
        let bin = CrossThreadElement(branch.bin)
        let pipeline = lifecycleHandle
        // Strongly: the segment's news must reach whoever holds the session's callbacks.
        let closed: @Sendable () -> Void = { MainLoop.invoke { self.segmentClosed(path) } }
        lifecycle.async {
            bin.element.setState(.null)
            pipeline.element.remove(bin.element)
            closed()
        }
    }

    private func segmentClosed(_ path: URL) {
        guard let branch = recording, branch.path == path, let ending = branch.ending else { return }
        recording = nil
        if ending.discard {
            try? FileManager.default.removeItem(at: branch.path)
            onSegmentDiscarded?()
        } else {
            onSegmentFinished?(branch.path, Double(ending.endedUs - branch.startedUs) / 1_000_000)
        }
        if stopWhenSaved {
            stopWhenSaved = false
            stop()
        }
    }

    private func handle(_ message: BusMessage) {
        guard !stopped else { return }
        switch message {
        case .stateChanged(_, .playing, true) where !live:
            live = true
            onLive?()
        case .error(let error, _, _):
            if case .stream(.device, _, _) = error { onError?(.deviceBusy(graph.device.camera.name)) }
            else if case .stream(.notFound, _, _) = error { onError?(.noCamera) }
            else { onError?(.pipeline(error.description)) }
        default:
            break
        }
    }
}

/// Lets one caller through, from any thread.
private final class RunOnce: Sendable {
    private let done = Atomic<Bool>(false)
    func claim() -> Bool { !done.exchange(true, ordering: .acquiringAndReleasing) }
}
