import FeedCore

/// Watch signals as `watched` lines of the `--events` log. Nothing is stored yet.
@MainActor
final class WatchSignalEvents: WatchSignalSink {
    private let events: EventSink

    init(events: EventSink) {
        self.events = events
    }

    func record(_ signal: WatchSignal) {
        events.emit(.watched(signal))
    }
}
