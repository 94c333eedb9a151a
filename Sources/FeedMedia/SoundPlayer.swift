public import Foundation
import GLibKit
import GStreamerKit
import Localization

/// Plays the sound chosen in the recorder: while a segment records (from where the clip has
/// got to, so the track runs on across holds) and as a preview in the sound list. Audio only.
@MainActor
public final class SoundPlayer {
    /// The file could not be played; the message is for people.
    public var onError: ((String) -> Void)?

    private let playbin: Pipeline
    private var uri: String?
    private var prerolled = false
    /// Where to start once the file is ready, how fast, and whether to play from there.
    private var pending: (seconds: Double, rate: Double, play: Bool)?

    public init(audioSinkDescription: String? = nil) throws {
        GStreamer.initialize()
        playbin = try Pipeline.makePipeline("playbin")
        playbin.set("flags", "audio+soft-volume")
        // Played slower or faster (recording at 2x or 0.5x), the sound keeps its pitch.
        playbin.set("audio-filter", element: try Element.make("scaletempo"))
        if let audioSinkDescription, !audioSinkDescription.isEmpty {
            playbin.set("audio-sink", element: try Element.bin(description: audioSinkDescription))
        }
        playbin.watchBus { [weak self] message in self?.handle(message) }
    }

    isolated deinit {
        playbin.removeBusWatch()
        _ = playbin.setState(.null)
    }

    /// Plays `file` from `seconds` at `rate` (a different file is loaded first).
    public func play(_ file: URL, from seconds: Double, rate: Double = 1) {
        load(file)
        pending = (seconds, rate > 0 ? rate : 1, true)
        if prerolled { applyPending() }
    }

    /// Stops where it is; `play` picks up from a given point again.
    public func pause() {
        pending = nil
        if prerolled { playbin.setState(.paused) }
    }

    /// Lets go of the file (and the sound device).
    public func stop() {
        pending = nil
        prerolled = false
        uri = nil
        playbin.setState(.null)
    }

    public var isPlaying: Bool { playbin.currentState == .playing }

    /// Where in the file it is, in seconds.
    public var positionSeconds: Double? { playbin.position.map { Double($0) / 1_000_000_000 } }

    private func load(_ file: URL) {
        let wanted = file.absoluteString
        guard wanted != uri else { return }
        playbin.setState(.null)
        prerolled = false
        uri = wanted
        playbin.set("uri", wanted)
        if playbin.setState(.paused) == .failure {
            onError?(tr("Couldn’t play {file}.", ["file": file.lastPathComponent]))
        }
    }

    private func applyPending() {
        guard let pending else { return }
        self.pending = nil
        _ = playbin.seek(to: UInt64(max(0, pending.seconds) * 1_000_000_000), flags: [.flush, .accurate], rate: pending.rate)
        playbin.setState(pending.play ? .playing : .paused)
    }

    private func handle(_ message: BusMessage) {
        switch message {
        case .asyncDone:
            if !prerolled {
                prerolled = true
                applyPending()
            }
        case .endOfStream:
            // The track is shorter than the clip: silence from here on, as in the mixed clip.
            playbin.setState(.paused)
        case .error(let error, _):
            stop()
            onError?(tr("The sound can’t be played: {reason}", ["reason": error.description]))
        default:
            break
        }
    }
}
