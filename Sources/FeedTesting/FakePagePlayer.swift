public import FeedCore

/// A `PagePlayer` that records what it was asked and reaches a phase only when the test says
/// so (`finishLoading`, `fail`, `endPass`), as the real player's results come later on the
/// main loop.
@MainActor
public final class FakePagePlayer: PagePlayer {
    public enum Command: Equatable, Sendable {
        case load(String), play, pause, rewind, unload
    }

    public private(set) var commands: [Command] = []
    public private(set) var phase: PlayerPhase = .empty
    public private(set) var wantsPlaying = false
    public private(set) var videoSize: PixelSize?
    public var viewport = PixelSize(width: 0, height: 0)
    public var duration: UInt64?
    public var position: UInt64?
    public var onReady: (@MainActor (PixelSize?) -> Void)?
    public var onError: (@MainActor (MediaError) -> Void)?
    public var onLoop: (@MainActor (LoopPass) -> Void)?

    public init() {}

    public func load(uri: String) {
        commands.append(.load(uri))
        phase = .loading
        videoSize = nil
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

    public func unload() {
        commands.append(.unload)
        phase = .empty
        wantsPlaying = false
        videoSize = nil
    }

    /// The clip prerolled, `size` being its display size.
    public func finishLoading(size: PixelSize?) {
        phase = .ready
        videoSize = size
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
