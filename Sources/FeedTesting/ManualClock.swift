public import FeedCore
import Synchronization

/// A monotonic clock that moves only when a test says so.
public final class ManualClock: MonotonicClock {
    private let now: Mutex<Int64>

    public init(startMicroseconds: Int64 = 0) {
        now = Mutex(startMicroseconds)
    }

    public func nowMicroseconds() -> Int64 { now.withLock { $0 } }

    public func advance(byMicroseconds delta: Int64) {
        now.withLock { $0 += delta }
    }
}
