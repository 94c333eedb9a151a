public import FeedCore
import GLibKit
import Localization

/// A player for one page: plays a clip in a seamless loop, frames going to a
/// `VideoFrameReceiver`. Reused for many posts: `load` swaps the URI without building a new
/// pipeline.
///
/// This is the window's side only: it keeps what the UI asks about (phase, size, wants-playing)
/// and sends commands to a `PlaybackEngine` on the player's own thread, which reports back
/// through the main loop. Nothing here waits on GStreamer.
@MainActor
public final class LoopingPlayer: PagePlayer {
    public typealias Phase = PlayerPhase

    public private(set) var phase: Phase = .empty
    public private(set) var uri: String?
    /// Whether the caller wants it playing; it plays once ready.
    public private(set) var wantsPlaying = false
    /// The clip's display size (after rotation), once known.
    public private(set) var displaySize: PixelSize?
    /// The clip's length in nanoseconds, once ready.
    public private(set) var duration: UInt64?
    /// Whether the clip has a sound track, once ready.
    public private(set) var hasAudio: Bool?

    /// Called when the first frame is decoded and the loop is armed.
    public var onReady: (@MainActor (PixelSize?) -> Void)?
    public var onError: (@MainActor (MediaError) -> Void)?
    /// Called at each new pass with the measured seam in microseconds.
    public var onLoop: (@MainActor (LoopPass) -> Void)?
    /// The sound went (the audio sink failed, the sound server gone: the video plays on silently)
    /// or came back (`available`), with why in words for the log.
    public var onSoundChanged: (@MainActor (_ available: Bool, _ detail: String) -> Void)?

    /// A clip with no first frame after this long fails. decodebin2 (GStreamer 1.22) drops an
    /// error its demuxer posts while decodebin is still trying it (it keeps such errors in case
    /// it tries another demuxer, and forgets them once the demuxer reached PAUSED): an MP4 with
    /// no index fails that fast in about 1 load in 15 into a warm player, and nothing else ever
    /// ends the wait. Under 5 s, so every page shows its video or its reason within 5 s (issue
    /// 13); a local clip's first frame takes well under a second here, an 8K one 0.4 s.
    public var loadTimeoutMilliseconds: UInt32 = 4_500
    /// For a remote video still downloading (from its headers: connecting and stalls have their
    /// own limits), which may have to fetch much of the file before its first frame.
    public var remoteLoadTimeoutMilliseconds: UInt32 = 30_000

    /// Where remote (http, https) videos are played from: downloaded once into the cache and
    /// read from there. Without one, GStreamer fetches them itself.
    public var remoteVideos: (any RemoteVideoCache)?

    private let engine: PlaybackEngine
    private let receiver: VideoFrameReceiver
    /// Numbers each load: results of an earlier one are ignored.
    private var source: UInt64 = 0

    /// The runtime whose thread group, sound and shutdown this player is part of.
    private let runtime: MediaRuntime

    /// `audioSinkDescription`: this player's own audio sink (nil: the runtime's); `video`: how
    /// frames leave GStreamer (the memory path unless the app chose the GL path).
    public init(receiver: VideoFrameReceiver, runtime: MediaRuntime, audioSinkDescription: String? = nil,
                video: PlayerVideoPath = .memory) throws {
        self.receiver = receiver
        self.runtime = runtime
        engine = try PlaybackEngine(receiver: receiver, runtime: runtime,
                                    audioSinkDescription: audioSinkDescription ?? runtime.audioSinkDescription, video: video)
        engine.send(.attach { [weak self] event in
            MainLoop.invoke { self?.apply(event) }
        })
        runtime.adopt(ObjectIdentifier(engine)) { [weak engine] in engine?.send(.shutdown) }
    }

    deinit {
        runtime.release(ObjectIdentifier(engine))
        engine.send(.shutdown)
    }

    /// The video's display size as soon as its caps are known (before the first frame); nil
    /// until the player thread has begun this clip (never the previous clip's).
    public var videoSize: PixelSize? { engine.begunSource.value == source ? engine.videoSize : nil }

    /// The page's size in device pixels; frames are scaled to cover or fit it.
    public var viewport = PixelSize(width: 0, height: 0) {
        didSet { if viewport != oldValue { engine.send(.setViewport(viewport)) } }
    }

    public var volume: Double = 1 {
        didSet {
            volume = min(1, max(0, volume))
            engine.send(.setVolume(volume))
        }
    }

    public var muted = false {
        didSet { engine.send(.setMuted(muted)) }
    }

    /// Where playback is (the last frame decoded), in nanoseconds.
    public var position: UInt64? { engine.begunSource.value == source ? engine.position.value : nil }

    /// Starts loading `uri` paused on its first frame. Reloading the same URI keeps it.
    public func load(uri: String) {
        if uri == self.uri, phase != .empty { return }
        let source = beginSource()
        self.uri = uri
        streaming = false
        displaySize = nil
        duration = nil
        hasAudio = nil
        wantsPlaying = false
        phase = .loading
        if uri.isWebAddress, let remoteVideos {
            if let file = remoteVideos.cachedFileURI(for: uri) {
                engine.send(.load(uri: file, source: source))
            } else {
                streaming = true
                engine.send(.loadStream(remoteVideos.bytes(for: uri), source: source))
            }
        } else {
            engine.send(.load(uri: uri, source: source))
        }
    }

    /// The current load reads a download in progress.
    public private(set) var streaming = false

    /// The player thread began loading `source`: from now on it has `loadTimeoutMilliseconds`
    /// to show a first frame (time spent queued behind a slow seek does not count).
    private func startLoadTimeout(_ source: UInt64) {
        let timeout = streaming ? remoteLoadTimeoutMilliseconds : loadTimeoutMilliseconds
        let uri = uri ?? ""
        MainLoop.after(milliseconds: timeout) { [weak self] in
            guard let self, self.source == source, self.phase == .loading else { return }
            self.engine.send(.abandon(source: source))
            self.fail(MediaError(kind: .other, message: tr("This video didn’t load."),
                                 detail: "no first frame after \(timeout) ms: \(uri)"))
        }
    }

    public func play() {
        wantsPlaying = true
        engine.send(.play)
    }

    public func pause() {
        wantsPlaying = false
        engine.send(.pause)
    }

    /// Pauses and goes back to the first frame (a post that is left).
    public func rewind() {
        wantsPlaying = false
        engine.send(.rewind)
    }

    /// Goes to `nanoseconds` into the clip, playing or paused as it was (see `PlayerStateMachine`:
    /// the loop goes on seamlessly from there).
    public func seek(toNanoseconds nanoseconds: UInt64) {
        guard phase == .ready else { return }
        engine.send(.seek(nanoseconds))
    }

    /// Releases the stream and the decoder; the pipeline stays for reuse.
    public func unload() {
        streaming = false
        let source = beginSource()
        engine.send(.unload(source: source))
        uri = nil
        phase = .empty
        hasAudio = nil
        wantsPlaying = false
    }

    /// Loops only `start..<stop` seconds (nil: to the end) at `rate`; applies at once when
    /// the clip is ready, else when it is.
    public func setLoop(start: Double, stop: Double?, rate: Double = 1.0) {
        engine.send(.setLoop(startNs: UInt64(max(0, start) * 1_000_000_000),
                             stopNs: stop.map { UInt64(max(start + 0.1, $0) * 1_000_000_000) },
                             rate: rate > 0 ? rate : 1))
    }

    /// Runs `body` on the player's thread, after the commands sent before it (tests block the
    /// thread with it to check the window does not wait).
    func runOnPlayerThread(_ body: @escaping @Sendable () -> Void) {
        engine.thread.invoke(body)
    }

    /// A weak reference to the playbin, for tests of reuse and release.
    var pipelineReference: GWeakReference { engine.pipelineReference }

    /// A new load numbers its results; the receiver drops frames of the previous one from now.
    private func beginSource() -> UInt64 {
        source &+= 1
        receiver.expectSource(source)
        return source
    }

    private func apply(_ event: PlayerEvent) {
        switch event {
        case .loading(let source):
            guard source == self.source, phase == .loading else { return }
            startLoadTimeout(source)
        case .ready(let source, let size, let durationNs, let hasAudio):
            guard source == self.source, phase == .loading else { return }
            displaySize = size
            duration = durationNs
            self.hasAudio = hasAudio
            phase = .ready
            onReady?(size)
        case .failed(let source, let error):
            guard source == self.source, phase == .loading || phase == .ready else { return }
            fail(error)
        case .loop(let source, let pass):
            guard source == self.source, phase == .ready else { return }
            onLoop?(pass)
        case .sound(let available, let detail):
            onSoundChanged?(available, detail)
        }
    }

    private func fail(_ error: MediaError) {
        _ = beginSource()
        phase = .failed(error)
        onError?(error)
    }
}
