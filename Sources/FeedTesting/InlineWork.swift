public import FeedCore

/// `BackgroundWork` that runs the work at once, on the calling thread (the main thread in
/// tests), and delivers the result before returning: services become synchronous in tests.
public struct InlineWork: BackgroundWork {
    public init() {}

    public func run<Output: Sendable>(_ work: @escaping @Sendable () -> Output,
                                      then deliver: @escaping @MainActor @Sendable (Output) -> Void) {
        let output = work()
        MainActor.assumeIsolated { deliver(output) }
    }
}
