public import FeedCore

/// A `PagePlayer` that records what it was asked and reaches a phase only when the test says
/// so (`finishLoading`, `fail`, `endPass`), as the real player's results come later on the
/// main loop.
@MainActor
public final class FakePagePlayer: PagePlayer {
    public enum Command: Equatable, Sendable {
        case load(String), play, pause, rewind, unload, seek(UInt64)
    }

    public private(set) var commands: [Command] = []
    public private(set) var phase: PlayerPhase = .empty
    public private(set) var wantsPlaying = false
    public private(set) var videoSize: PixelSize?
    public var viewport = PixelSize(width: 0, height: 0)
    public var duration: UInt64?
    public var position: UInt64?
    public private(set) var hasAudio: Bool?
    public var onReady: (@MainActor (PixelSize?) -> Void)?
    public var onError: (@MainActor (MediaError) -> Void)?
    public var onLoop: (@MainActor (LoopPass) -> Void)?

    public init() {}

    public func load(uri: String) {
        commands.append(.load(uri))
        phase = .loading
        videoSize = nil
        hasAudio = nil
    }

    public func play() {
        commands.append(.play)
        wantsPlaying = true
    }

    public func pause() {
        commands.append(.pause)
        wantsPlaying = false
    }

    public func rewind() {
        commands.append(.rewind)
        wantsPlaying = false
    }

    /// Lands at once: the position is where it went.
    public func seek(toNanoseconds nanoseconds: UInt64) {
        commands.append(.seek(nanoseconds))
        position = nanoseconds
    }

    public func unload() {
        commands.append(.unload)
        phase = .empty
        wantsPlaying = false
        videoSize = nil
        hasAudio = nil
    }

    /// The clip prerolled, `size` being its display size; `hasAudio`: whether it has a sound
    /// track.
    public func finishLoading(size: PixelSize?, hasAudio: Bool = true, durationNs: UInt64? = nil) {
        phase = .ready
        videoSize = size
        self.hasAudio = hasAudio
        if let durationNs { duration = durationNs }
        onReady?(size)
    }

    public func fail(_ error: MediaError) {
        phase = .failed(error)
        onError?(error)
    }

    public func endPass(_ pass: LoopPass) { onLoop?(pass) }

    /// Forgets the commands so far (a test's set-up is not what it checks).
    public func clearCommands() { commands.removeAll() }
}
