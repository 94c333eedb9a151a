public import FeedCore

/// Keeps every watch signal recorded, in order, for tests to inspect.
@MainActor
public final class RecordingWatchSignalSink: WatchSignalSink {
    public private(set) var signals: [WatchSignal] = []

    public init() {}

    public func record(_ signal: WatchSignal) { signals.append(signal) }
}
