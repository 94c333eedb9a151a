public import FeedCore
import Synchronization

/// Keeps every emitted event, in order, for tests to inspect. Emitting is safe from any thread.
public final class RecordingEventSink: EventSink {
    private let recorded = Mutex<[AppEvent]>([])

    public init() {}

    public func emit(_ event: AppEvent) {
        recorded.withLock { $0.append(event) }
    }

    public var events: [AppEvent] { recorded.withLock { $0 } }

    public func removeAll() {
        recorded.withLock { $0.removeAll() }
    }
}
