import FeedCore

/// Watch signals as `watched` lines of the `--events` log (InterestRecorder keeps them in the library).
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
