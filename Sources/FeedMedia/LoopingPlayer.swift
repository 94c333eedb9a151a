public import FeedCore
import Foundation
import GLibKit
import GStreamerKit
import Localization
import Synchronization

/// One playbin that plays a clip in a seamless loop and hands frames, scaled in GStreamer to
/// the page's pixel size, to a `VideoFrameReceiver`. Reused for many posts: `load` swaps the
/// URI without building a new pipeline.
///
/// Looping: once prerolled, a flushing SEGMENT seek; then on each SEGMENT_DONE a non-flushing
/// SEGMENT seek back to 0, which keeps the stream running with no gap. A re-arm the pipeline
/// refuses falls back to a flushing seek.
/// One pass of a looping clip ending: the seam measured at the wrap and the frames decoded.
public struct LoopPass: Sendable, Equatable {
    public let seamUs: Int64
    public let intervalUs: Int64
    public let framesDecoded: Int
}

@MainActor
public final class LoopingPlayer {
    public enum Phase: Equatable, Sendable {
        case empty
        /// Loading until the first frame is decoded (PAUSED, prerolled).
        case loading
        case ready
        case failed(MediaError)
    }

    public private(set) var phase: Phase = .empty
    public private(set) var uri: String?
    /// Whether the caller wants it playing; it plays once ready.
    public private(set) var wantsPlaying = false
    /// The clip's display size (after rotation), once known.
    public private(set) var displaySize: PixelSize?

    /// Called when the first frame is decoded and the loop is armed.
    public var onReady: (@MainActor (PixelSize?) -> Void)?
    public var onError: (@MainActor (MediaError) -> Void)?
    /// Called at each new pass with the measured seam in microseconds.
    public var onLoop: (@MainActor (LoopPass) -> Void)?

    private let playbin: Pipeline
    private let scaleFilter: Element
    private let receiver: VideoFrameReceiver
    private let sizing: ScaleTarget
    private let loopTracker = LoopTracker()
    private var segmentArmed = false
    /// The part of the clip that loops (the recorder's trim) and how fast (its speed preview).
    private var loopStartNs: UInt64 = 0
    private var loopStopNs: UInt64?
    private var rate = 1.0
    private var awaitingSeekPreroll = false
    /// A clip with no first frame after this long fails. decodebin drops a demuxer error that
    /// races its own state change (seen with truncated MP4s loaded into a warm player), which
    /// otherwise leaves the player loading forever.
    public var loadTimeoutMilliseconds: UInt32 = 8_000
    private var loadSerial = 0

    public init(receiver: VideoFrameReceiver, audioSinkDescription: String? = nil) throws {
        GStreamer.initialize()
        self.receiver = receiver
        playbin = try Pipeline.makePipeline("playbin")
        // Subtitles and colour balance are never shown, and our own sink bin converts and scales
        // (native-video), so the caps it sees are the clip's own size.
        playbin.set("flags", "video+audio+soft-volume+native-video")
        // Frame threading gives every libav decoder a copy of its frame pool per thread; three
        // pooled players at 720x1280 held ~100 MB more for it. One thread decodes 720p30 at a
        // small share of a core, and the pool's other two decoders sit paused anyway.
        playbin.onElementSetup { element in
            if element.factoryName.hasPrefix("avdec_") { element.set("max-threads", "1") }
        }
        // One element converts and scales, right before the size filter; the filter takes the
        // previous size until the new one arrives (delayed). With videoscale ! videoconvert !
        // capsfilter, a resize that landed between videoscale choosing its size and videoconvert
        // accepting it left videoconvert unable to make the new size: not-negotiated, and the
        // stream stopped with an error (1 in ~20 resizes while playing).
        let sink = try Element.bin(description:
            "videoflip name=flip video-direction=auto ! videoconvertscale name=scale "
            + "! capsfilter name=size caps-change-mode=delayed caps=video/x-raw,format=BGRA,pixel-aspect-ratio=1/1 "
            + "! appsink name=frames max-buffers=2 drop=true enable-last-sample=false qos=true")
        guard let filter = sink.child(named: "size"), let appsink = sink.child(named: "frames"),
              let scale = sink.child(named: "scale"), let scaleSink = scale.staticPad("sink") else {
            throw GStreamerError.invalidDescription("video sink")
        }
        scaleFilter = filter
        playbin.set("video-sink", element: sink)
        if let audioSinkDescription, !audioSinkDescription.isEmpty {
            playbin.set("audio-sink", element: try Element.bin(description: audioSinkDescription))
        }
        let sizing = ScaleTarget(filter: filter)
        self.sizing = sizing
        // The caps event on the scaler's input carries the display size (after rotation): the
        // output size is chosen there, before the first frame is scaled, so it is never scaled twice.
        scaleSink.onCaps { width, height in sizing.videoSizeChanged(PixelSize(width: width, height: height)) }
        let tracker = loopTracker
        appsink.onVideoFrame { [weak self] frame, isPreroll in
            if !isPreroll, let seam = tracker.frameArrived(pts: frame.presentationTime,
                                                          durationNs: frame.durationNanoseconds) {
                let pass = LoopPass(seamUs: seam.seamUs, intervalUs: seam.intervalUs, framesDecoded: seam.framesInPass)
                let lastFrame = seam.lastPTS
                MainLoop.invoke {
                    guard let self, self.phase == .ready, !self.endedEarly(lastFrameNs: lastFrame) else { return }
                    self.onLoop?(pass)
                }
            }
            receiver.receive(frame, isPreroll: isPreroll)
        }
        playbin.watchBus { [weak self] message in self?.handle(message) }
    }

    deinit {
        playbin.removeBusWatch()
    }

    /// The video's display size as soon as its caps are known (before the first frame).
    public var videoSize: PixelSize? { sizing.videoSize }

    /// The page's size in device pixels; frames are scaled to cover or fit it.
    public var viewport: PixelSize {
        get { sizing.viewport }
        set { sizing.setViewport(newValue) }
    }

    public var volume: Double {
        get { playbin.handle.double("volume") }
        set { playbin.handle.set("volume", min(1, max(0, newValue))) }
    }

    public var muted: Bool {
        get { playbin.handle.bool("mute") }
        set { playbin.handle.set("mute", newValue) }
    }

    /// Starts loading `uri` paused on its first frame. Reloading the same URI keeps it.
    public func load(uri: String) {
        if uri == self.uri, phase != .empty { return }
        playbin.setState(.ready)
        // Messages of the clip being replaced are stale now: an ASYNC_DONE of its last seek,
        // read as this clip's preroll, found no video stream yet and failed a good video with
        // "This file has no video" (seen once in a clean-clone run, Home from the third post).
        playbin.discardPendingMessages()
        receiver.reset()
        loopTracker.reset()
        sizing.reset()
        self.uri = uri
        loopStartNs = 0
        loopStopNs = nil
        rate = 1
        displaySize = nil
        segmentArmed = false
        awaitingSeekPreroll = false
        wantsPlaying = false
        phase = .loading
        playbin.set("uri", uri)
        loadSerial += 1
        let serial = loadSerial
        MainLoop.after(milliseconds: loadTimeoutMilliseconds) { [weak self] in
            guard let self, self.loadSerial == serial, self.phase == .loading else { return }
            self.fail(MediaError(kind: .other, message: tr("This video didn’t load."),
                                 detail: "no first frame after \(self.loadTimeoutMilliseconds) ms: \(uri)"))
        }
        if playbin.setState(.paused) == .failure {
            fail(MediaError(kind: .notFound, message: tr("The video can’t be opened."), detail: uri))
        }
    }

    public func play() {
        wantsPlaying = true
        if phase == .ready { playbin.setState(.playing) }
    }

    public func pause() {
        wantsPlaying = false
        if phase == .ready { playbin.setState(.paused) }
    }

    /// Pauses and goes back to the first frame (a post that is left).
    public func rewind() {
        wantsPlaying = false
        guard phase == .ready else { return }
        playbin.setState(.paused)
        segmentArmed = false
        // Going back to 0 is not a loop: the tracker must not read it as a pass that ended early.
        loopTracker.reset()
        awaitingSeekPreroll = armLoop(flush: true)
    }

    /// Releases the stream and the decoder; the pipeline stays for reuse.
    public func unload() {
        playbin.setState(.null)
        receiver.reset()
        uri = nil
        phase = .empty
        wantsPlaying = false
    }

    /// Loops only `start..<stop` seconds (nil: to the end) at `rate`; applies at once when
    /// the clip is ready, else when it is.
    public func setLoop(start: Double, stop: Double?, rate: Double = 1.0) {
        loopStartNs = UInt64(max(0, start) * 1_000_000_000)
        loopStopNs = stop.map { UInt64(max(start + 0.1, $0) * 1_000_000_000) }
        self.rate = rate > 0 ? rate : 1
        guard phase == .ready else { return }
        loopTracker.reset()
        awaitingSeekPreroll = armLoop(flush: true)
    }

    public var position: UInt64? { playbin.position }
    public var duration: UInt64? { playbin.duration }

    private func handle(_ message: BusMessage) {
        switch message {
        case .asyncDone:
            guard phase == .loading || awaitingSeekPreroll else { return }
            if phase == .loading && !segmentArmed {
                if playbin.handle.int("n-video") == 0 {
                    fail(MediaError(kind: .noVideo, message: tr("This file has no video."), detail: uri ?? ""))
                    return
                }
                // Arm the loop: a flushing segment seek from the start, then wait for its preroll.
                awaitingSeekPreroll = armLoop(flush: true)
                if awaitingSeekPreroll { return }
            }
            awaitingSeekPreroll = false
            if phase == .loading {
                displaySize = sizing.videoSize
                phase = .ready
                onReady?(displaySize)
            }
            if wantsPlaying { playbin.setState(.playing) }
        case .segmentDone:
            // Non-flushing: the next pass follows the last frame with no gap.
            if !armLoop(flush: false) { _ = armLoop(flush: true) }
        case .endOfStream:
            // A segment seek that could not be armed ends in EOS: restart with a flushing seek.
            _ = armLoop(flush: true)
        case .error(let error, _):
            fail(MediaError(error))
        default:
            break
        }
    }

    /// A truncated file plays part-way and wraps like a whole one (no error): compare the last
    /// frame of a pass with the length the header promises.
    private func endedEarly(lastFrameNs: UInt64) -> Bool {
        // A trimmed loop stops early on purpose.
        guard loopStopNs == nil, loopStartNs == 0 else { return false }
        guard let duration = playbin.duration, duration > 0 else { return false }
        // Wide enough for an audio track longer than the video (the duration is the longest
        // stream's); a truncated file usually stops far earlier.
        let tolerance = max(1_000_000_000, duration / 4)
        guard lastFrameNs + tolerance < duration else { return false }
        func clock(_ ns: UInt64) -> String {
            let seconds = Int(ns / 1_000_000_000)
            return String(format: "%d:%02d", seconds / 60, seconds % 60)
        }
        fail(MediaError(kind: .corrupt,
                        // TRANSLATORS: {stop} and {length} are times like “0:07”.
                        message: tr("This video is incomplete: it stops at {stop} of {length}.",
                                    ["stop": clock(lastFrameNs), "length": clock(duration)]),
                        detail: uri ?? ""))
        return true
    }

    private func armLoop(flush: Bool) -> Bool {
        let flags: SeekFlags = flush ? [.flush, .segment, .accurate] : [.segment]
        segmentArmed = playbin.seek(to: loopStartNs, flags: flags, stop: loopStopNs, rate: rate)
        return segmentArmed
    }

    private func fail(_ error: MediaError) {
        playbin.setState(.null)
        receiver.reset()
        phase = .failed(error)
        onError?(error)
    }
}
