/// Runs slow work (disk, probing, decoding) off the main thread and hands the result back on
/// it. Services take one, so the UI never waits and tests can run the work inline.
public protocol BackgroundWork: Sendable {
    func run<Output: Sendable>(_ work: @escaping @Sendable () -> Output,
                               then deliver: @escaping @MainActor @Sendable (Output) -> Void)
}

/// A piece of background work someone may stop waiting for (a tile scrolled away, a page left):
/// work that has not started yet is skipped, a result is not delivered.
public final class WorkTicket: Sendable {
    private let state = AtomicFlag()

    public init() {}

    public func cancel() { state.set() }
    public var isCancelled: Bool { state.isSet }
}

import Synchronization

/// A flag set once, from any thread.
final class AtomicFlag: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .releasing) }
    var isSet: Bool { value.load(ordering: .acquiring) }
}
