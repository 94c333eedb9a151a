public import FeedCore
public import Foundation
import GLibKit
import GStreamerKit

/// The live camera and microphone: a preview on a `VideoFrameReceiver`, and segments recorded
/// by attaching a record branch to the tees on press and finalising it with EOS on release.
@MainActor
public final class CaptureSession {
    public var onLive: (() -> Void)?
    public var onError: ((RecorderError) -> Void)?
    /// A segment's file is final: its path and length in seconds.
    public var onSegmentFinished: ((URL, Double) -> Void)?

    private let graph: CaptureGraph
    private let pipeline: Pipeline
    private var recording: (bin: Element, links: [(tee: Element, source: Pad, sink: Pad)], path: URL, startedUs: Int64)?
    private var finalizeTimer: SourceHandle?
    private let clock = SystemMonotonicClock()
    private var live = false

    public init(graph: CaptureGraph, preview: PixelSize, receiver: VideoFrameReceiver) throws {
        GStreamer.initialize()
        self.graph = graph
        do {
            pipeline = try Pipeline.parse(graph.pipelineDescription(preview: preview))
        } catch {
            throw RecorderError.pipeline("\(error)")
        }
        guard let previewSink = pipeline.child(named: "preview") else { throw RecorderError.pipeline("no preview sink") }
        previewSink.onVideoFrame { frame, isPreroll in
            if !isPreroll { receiver.receive(frame, isPreroll: false) }
        }
        pipeline.watchBus { [weak self] message in self?.handle(message) }
    }

    deinit {
        MainActor.assumeIsolated { _ = pipeline.setState(.null) }
    }

    public func start() {
        if pipeline.setState(.playing) == .failure {
            onError?(graph.device.camera.isTestPattern ? .pipeline("the test sources did not start") : .noCamera)
        }
    }

    public func stop() {
        finalizeTimer?.cancel()
        pipeline.setState(.null)
        recording = nil
        live = false
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
        guard recording == nil else { return }
        let directory = path.deletingLastPathComponent()
        guard FileManager.default.isWritableFile(atPath: directory.path) else { throw .notWritable(path: directory.path) }
        let bin: Element
        do {
            bin = try Element.bin(description: graph.recordBranch(path: path.path), ghostUnlinkedPads: false)
        } catch {
            throw .pipeline("\(error)")
        }
        guard let videoIn = bin.child(named: "videoin")?.staticPad("sink"),
              let audioIn = bin.child(named: "audioin")?.staticPad("sink"),
              let videoTee = pipeline.child(named: "video"), let audioTee = pipeline.child(named: "audio"),
              pipeline.add(bin) else {
            throw .pipeline("the record branch could not be attached")
        }
        guard let videoGhost = bin.addGhostPad("video", target: videoIn),
              let audioGhost = bin.addGhostPad("audio", target: audioIn) else {
            pipeline.remove(bin)
            throw .pipeline("the record branch has no inputs")
        }
        bin.syncStateWithParent()
        var links: [(tee: Element, source: Pad, sink: Pad)] = []
        for (tee, sink) in [(videoTee, videoGhost), (audioTee, audioGhost)] {
            guard let source = tee.requestPad("src_%u"), source.link(to: sink) else {
                throw .pipeline("the record branch could not be linked")
            }
            links.append((tee, source, sink))
        }
        if let fileSink = bin.child(named: "file")?.staticPad("sink") {
            fileSink.onEndOfStream { MainLoop.invoke { [weak self] in self?.segmentWritten() } }
        }
        recording = (bin, links, path, clock.nowMicroseconds())
    }

    /// Detaches the branch and sends it end-of-stream; the file is final when EOS reaches the
    /// file sink (or after a 3 s timeout, when it is still playable thanks to the reserved moov).
    /// `discard`: the hold was too short; the file is deleted.
    public func finishSegment(discard: Bool) {
        guard let recording else { return }
        for link in recording.links {
            link.source.unlink(from: link.sink)
            link.tee.releaseRequestPad(link.source)
            link.sink.sendEndOfStream()
        }
        discarding = discard
        endedUs = clock.nowMicroseconds()
        finalizeTimer = MainLoop.after(milliseconds: 3_000) { [weak self] in self?.segmentWritten() }
    }

    private var discarding = false
    private var endedUs: Int64 = 0

    private func segmentWritten() {
        guard let recording else { return }
        finalizeTimer?.cancel()
        self.recording = nil
        recording.bin.setState(.null)
        pipeline.remove(recording.bin)
        if discarding {
            try? FileManager.default.removeItem(at: recording.path)
            return
        }
        onSegmentFinished?(recording.path, Double(endedUs - recording.startedUs) / 1_000_000)
    }

    private func handle(_ message: BusMessage) {
        switch message {
        case .stateChanged(_, .playing, true) where !live:
            live = true
            onLive?()
        case .error(let error, _):
            if case .stream(.device, _, _) = error { onError?(.deviceBusy(graph.device.camera.name)) }
            else if case .stream(.notFound, _, _) = error { onError?(.noCamera) }
            else { onError?(.pipeline(error.description)) }
        default:
            break
        }
    }
}
