import FeedCore
import XCTest

/// One showing of a post measured: from its first frame, playing on screen only.
final class WatchMeterTests: XCTestCase {
    func testOnlyTimeWithAFrameUpAndPlayingCounts() {
        var meter = WatchMeter(postID: 7)
        meter.setPlaying(true, atUs: 0)
        XCTAssertFalse(meter.isWatching, "loading is not watching")
        meter.frameShown(atUs: 400_000)
        meter.setPlaying(false, atUs: 1_400_000)
        meter.setPlaying(false, atUs: 2_000_000)
        meter.setPlaying(true, atUs: 5_000_000)
        meter.setPlaying(true, atUs: 5_500_000)
        XCTAssertEqual(meter.watchedUs(atUs: 6_000_000), 2_000_000)
        XCTAssertEqual(meter.finish(atUs: 6_000_000), WatchSignal(postID: 7, watchedMs: 2_000, loops: 0))
    }

    func testPassesCountOnlyWhileWatched() {
        var meter = WatchMeter(postID: 1)
        meter.passEnded()
        meter.frameShown(atUs: 0)
        meter.setPlaying(true, atUs: 0)
        meter.passEnded()
        meter.setPlaying(false, atUs: 1_000_000)
        meter.passEnded()
        XCTAssertEqual(meter.loops, 1)
    }

    func testAPostNeverWatchedGivesNoSignal() {
        var meter = WatchMeter(postID: 1)
        meter.frameShown(atUs: 0)
        XCTAssertNil(meter.finish(atUs: 9_000_000), "a frame up in a hidden feed is not watching")
        meter.setPlaying(true, atUs: 9_000_000)
        XCTAssertEqual(meter.finish(atUs: 9_000_000)?.watchedMs, 0, "watched, if only for an instant")
    }

    func testCompletedIsAWholePassAndASkipIsUnderOneAndAHalfSeconds() {
        XCTAssertTrue(WatchSignal(postID: 1, watchedMs: 1_499, loops: 0).skipped)
        XCTAssertFalse(WatchSignal(postID: 1, watchedMs: 1_500, loops: 0).skipped)
        XCTAssertFalse(WatchSignal(postID: 1, watchedMs: 900, loops: 0).completed)
        XCTAssertTrue(WatchSignal(postID: 1, watchedMs: 900, loops: 1).completed)
    }
}
