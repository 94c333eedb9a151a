public import FeedCore
import Synchronization

/// `BackgroundWork` that holds each piece until the test runs it (`runNext`), so a test can
/// look at, or cancel, a service between two pieces of its work.
public final class QueuedWork: BackgroundWork {
    private let queue = Mutex<[@Sendable @MainActor () -> Void]>([])

    public init() {}

    public var pendingCount: Int { queue.withLock { $0.count } }

    public func run<Output: Sendable>(_ work: @escaping @Sendable () -> Output,
                                      then deliver: @escaping @MainActor @Sendable (Output) -> Void) {
        queue.withLock { $0.append { deliver(work()) } }
    }

    /// Runs the oldest piece and delivers its result; false when none was waiting.
    @MainActor
    @discardableResult
    public func runNext() -> Bool {
        guard let next = queue.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { return false }
        next()
        return true
    }

    /// Runs pieces (and those they queue) until none is left.
    @MainActor
    public func runAll() {
        while runNext() {}
    }
}
