import Synchronization

extension VideoCache {
    /// The trim waiting for the writer, if any, with what it is to keep.
    final class TrimAsk: Sendable {
        private let pending = Mutex<(keep: Set<String>, limit: Int64)?>(nil)
        private let taken = Mutex(0)

        /// Records the ask; true when a trim is already waiting (and will use it).
        func ask(keep: Set<String>, limit: Int64) -> Bool {
            pending.withLock { pending in
                defer { pending = (keep, limit) }
                return pending != nil
            }
        }

        func take() -> (keep: Set<String>, limit: Int64)? {
            pending.withLock { pending in
                defer { pending = nil }
                if pending != nil { taken.withLock { $0 += 1 } }
                return pending
            }
        }

        /// How many scans ran (tests).
        var scans: Int { taken.withLock { $0 } }
    }
}
