import FeedCore
import XCTest

final class PageShownClockTests: XCTestCase {
    func testThePageIsShownWhenItCoversTheMiddleWithAFrame() {
        var clock = PageShownClock()
        clock.expect(postID: 7, index: 2, inputUs: 1_000)
        XCTAssertNil(clock.painted(postID: 7, index: 2, covering: 0.3, hasFrame: true, atUs: 40_000), "a third in: not yet")
        XCTAssertNil(clock.painted(postID: 7, index: 2, covering: 0.8, hasFrame: false, atUs: 60_000), "in, but no frame of it")
        XCTAssertNil(clock.painted(postID: 8, index: 2, covering: 1, hasFrame: true, atUs: 70_000), "another post")
        let shown = clock.painted(postID: 7, index: 2, covering: 0.5, hasFrame: true, atUs: 81_000)
        XCTAssertEqual(shown?.latencyUs, 80_000)
        XCTAssertNil(clock.painted(postID: 7, index: 2, covering: 1, hasFrame: true, atUs: 90_000), "told once")
    }

    func testAPageThatFailsIsNeverShown() {
        var clock = PageShownClock()
        clock.expect(postID: 1, index: 0, inputUs: 0)
        clock.cancel()
        XCTAssertFalse(clock.wouldShow(postID: 1, index: 0, covering: 1, hasFrame: true))
    }
}
