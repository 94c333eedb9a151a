import Foundation
import GLibKit
import GStreamerKit
import Localization

/// The half of the recorder's sound player that touches GStreamer: an audio-only playbin on its
/// own `ContextThread`, as `PlaybackEngine` is for video. The seek that starts the sound at the
/// clip's point is a flushing one, and the bus handler issues it; on the main loop that pattern
/// once hung the window, so it runs here and the window only sends commands.
actor SoundEngine {
    enum Command: Sendable {
        case attach(@Sendable (Event) -> Void)
        case play(uri: String, name: String, seconds: Double, rate: Double)
        case pause
        case stop
        case shutdown
    }

    enum Event: Sendable {
        case playing(Bool)
        case failed(String)
    }

    nonisolated let thread: ContextThread
    nonisolated var unownedExecutor: UnownedSerialExecutor { thread.asUnownedSerialExecutor() }
    /// For position queries, which the sinks answer without waiting on the stream.
    private nonisolated let queries: CrossThreadElement

    private let playbin: Pipeline
    private var report: @Sendable (Event) -> Void = { _ in }
    private var uri: String?
    private var prerolled = false
    /// Where to start once the file is ready, how fast, and whether to play from there.
    private var pending: (seconds: Double, rate: Double, play: Bool)?

    init(audioSinkDescription: String?, threads: ThreadGroup) throws {
        GStreamer.initialize()
        thread = ContextThread(name: "sound", group: threads)
        let playbin = try Pipeline.makePipeline("playbin")
        playbin.set("flags", "audio+soft-volume")
        // Played slower or faster (recording at 2x or 0.5x), the sound keeps its pitch.
        playbin.set("audio-filter", element: try Element.make("scaletempo"))
        if let audioSinkDescription, !audioSinkDescription.isEmpty {
            playbin.set("audio-sink", element: try Element.bin(description: audioSinkDescription))
        }
        self.playbin = playbin
        queries = CrossThreadElement(playbin)
        playbin.watchBus(on: thread) { [weak self] message in
            self?.assumeIsolated { $0.handle(message) }
        }
    }

    nonisolated var positionNanoseconds: UInt64? { queries.element.position }

    /// Runs `command` on the sound thread after everything sent before it.
    nonisolated func send(_ command: Command) {
        thread.invoke { self.assumeIsolated { $0.perform(command) } }
    }

    private func perform(_ command: Command) {
        switch command {
        case .attach(let report): self.report = report
        case .play(let uri, let name, let seconds, let rate):
            load(uri, name: name)
            pending = (seconds, rate, true)
            if prerolled { applyPending() }
        case .pause:
            pending = nil
            if prerolled { setState(.paused) }
        case .stop:
            pending = nil
            prerolled = false
            uri = nil
            setState(.null)
        case .shutdown:
            report = { _ in }
            playbin.removeBusWatch()
            playbin.setState(.null)
            thread.stop()
        }
    }

    private func load(_ wanted: String, name: String) {
        guard wanted != uri else { return }
        setState(.null)
        prerolled = false
        uri = wanted
        playbin.set("uri", wanted)
        if playbin.setState(.paused) == .failure {
            report(.failed(tr("Couldn’t play {file}.", ["file": name])))
        }
    }

    private func applyPending() {
        guard let pending else { return }
        self.pending = nil
        _ = playbin.seek(to: UInt64(max(0, pending.seconds) * 1_000_000_000), flags: [.flush, .accurate], rate: pending.rate)
        setState(pending.play ? .playing : .paused)
    }

    private func setState(_ state: ElementState) {
        playbin.setState(state)
        if state != .playing { report(.playing(false)) }
    }

    private func handle(_ message: BusMessage) {
        switch message {
        case .stateChanged(_, let new, true):
            report(.playing(new == .playing))
        case .asyncDone:
            if !prerolled {
                prerolled = true
                applyPending()
            }
        case .endOfStream:
            // The track is shorter than the clip: silence from here on, as in the mixed clip.
            setState(.paused)
        case .error(let error, _, _):
            perform(.stop)
            report(.failed(tr("The sound can’t be played: {reason}", ["reason": error.description])))
        default:
            break
        }
    }
}
