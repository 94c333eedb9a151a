import FeedCore
import FeedTesting
import XCTest
@testable import LoopfeedApp

final class WatchSignalEventsTests: XCTestCase {
    func testEachSignalIsAWatchedEvent() {
        MainActor.assumeIsolated {
            let events = RecordingEventSink()
            let sink = WatchSignalEvents(events: events)
            let signal = WatchSignal(postID: 3, watchedMs: 2_200, loops: 2)
            sink.record(signal)
            XCTAssertEqual(events.events, [.watched(signal)])
        }
    }
}
