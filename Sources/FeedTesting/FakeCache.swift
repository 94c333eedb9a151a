public import FeedCore

/// A cache of `bytes` that answers when the test says: clearing frees all of it.
@MainActor
public final class FakeCache: CacheControl {
    public var bytes: Int64
    public private(set) var pendingClears: [@MainActor (Int64) -> Void] = []
    public private(set) var measureCount = 0

    public init(bytes: Int64 = 0) { self.bytes = bytes }

    public func measure(_ completion: @escaping @MainActor (Int64) -> Void) {
        measureCount += 1
        completion(bytes)
    }

    public func clear(_ completion: @escaping @MainActor (Int64) -> Void) {
        pendingClears.append(completion)
    }

    /// Finishes the clears asked for so far.
    public func finishClearing() {
        let freed = bytes
        bytes = 0
        let clears = pendingClears
        pendingClears.removeAll()
        for clear in clears { clear(freed) }
    }
}
