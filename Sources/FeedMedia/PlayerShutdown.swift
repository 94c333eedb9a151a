import Synchronization

/// Every player that runs on a thread of its own (the feed's, the editor's, the recorder's
/// sounds), so that at exit all their pipelines are let go of at once, whoever still holds them:
/// each goes to NULL and its thread ends. GStreamer can then be freed and its leaks tracer
/// says what was never released.
public enum PlayerShutdown {
    private static let live = Mutex<[ObjectIdentifier: @Sendable () -> Void]>([:])

    /// Sends every live player its shutdown (they finish on their own threads).
    public static func stopAll() {
        let shutdowns = live.withLock { players in
            defer { players.removeAll() }
            return Array(players.values)
        }
        for shutdown in shutdowns { shutdown() }
    }

    /// `shutdown` must hold its player weakly: the registry never keeps a player alive.
    static func register(_ id: ObjectIdentifier, shutdown: @escaping @Sendable () -> Void) {
        live.withLock { $0[id] = shutdown }
    }

    static func unregister(_ id: ObjectIdentifier) {
        live.withLock { _ = $0.removeValue(forKey: id) }
    }
}
