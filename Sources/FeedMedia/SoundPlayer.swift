public import Foundation
import GLibKit

/// Plays the sound chosen in the recorder: while a segment records (from where the clip has
/// got to, so the track runs on across holds) and as a preview in the sound list. Audio only.
/// The window's half: it sends commands to a `SoundEngine` on its own thread and hears back
/// whether the sound plays and what went wrong, so nothing here can block on the pipeline.
@MainActor
public final class SoundPlayer {
    /// The file could not be played; the message is for people.
    public var onError: ((String) -> Void)?

    private let engine: SoundEngine
    /// As last reported by the engine.
    public private(set) var isPlaying = false

    /// The runtime whose thread group and shutdown this player is part of.
    private let runtime: MediaRuntime

    /// Plays through the runtime's audio sink, on a thread of the runtime's.
    public init(runtime: MediaRuntime) throws {
        self.runtime = runtime
        engine = try SoundEngine(audioSinkDescription: runtime.audioSinkDescription, threads: runtime.threads)
        engine.send(.attach { [weak self] event in
            MainLoop.invoke { self?.apply(event) }
        })
        runtime.adopt(ObjectIdentifier(engine)) { [weak engine] in engine?.send(.shutdown) }
    }

    deinit {
        runtime.release(ObjectIdentifier(engine))
        engine.send(.shutdown)
    }

    /// Plays `file` from `seconds` at `rate` (a different file is loaded first).
    public func play(_ file: URL, from seconds: Double, rate: Double = 1) {
        engine.send(.play(uri: file.absoluteString, name: file.lastPathComponent,
                          seconds: seconds, rate: rate > 0 ? rate : 1))
    }

    /// Stops where it is; `play` picks up from a given point again.
    public func pause() { engine.send(.pause) }

    /// Lets go of the file (and the sound device).
    public func stop() { engine.send(.stop) }

    /// Where in the file it is, in seconds.
    public var positionSeconds: Double? { engine.positionNanoseconds.map { Double($0) / 1_000_000_000 } }

    private func apply(_ event: SoundEngine.Event) {
        switch event {
        case .playing(let playing): isPlaying = playing
        case .failed(let message):
            isPlaying = false
            onError?(message)
        }
    }
}
