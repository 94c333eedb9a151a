import Synchronization

/// A lock-protected value shared between a test and callbacks on other threads.
public final class Locked<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>
    public init(_ value: Value) { storage = Mutex(value) }
    public var value: Value {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }
    public func mutate(_ body: (inout Value) -> Void) { storage.withLock { body(&$0) } }
}
