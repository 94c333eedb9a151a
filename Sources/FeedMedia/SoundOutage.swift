import Synchronization

/// The sound of every player of one runtime, so that when one finds the sound server gone all of
/// them go silent at once, the paused ones too. A pulsesink left paused while its server died hung
/// its streaming thread for good once played: it posts its error from inside a lock its own
/// message needs, and every other pulsesink in the process (they share one PulseAudio main loop)
/// then waited for it, the players' threads with them (the e2e case: the next page's player, two
/// seconds after the first player had gone silent on its own).
final class SoundOutage: Sendable {
    private let players = Mutex<[ObjectIdentifier: @Sendable (String) -> Void]>([:])

    /// `silence` must hold its player weakly.
    func register(_ id: ObjectIdentifier, silence: @escaping @Sendable (_ detail: String) -> Void) {
        players.withLock { $0[id] = silence }
    }

    func unregister(_ id: ObjectIdentifier) {
        players.withLock { _ = $0.removeValue(forKey: id) }
    }

    /// The player `id` lost its sound server: tells every other player.
    func spread(_ detail: String, from id: ObjectIdentifier) {
        let others = players.withLock { $0.filter { $0.key != id }.map(\.value) }
        for silence in others { silence(detail) }
    }
}
