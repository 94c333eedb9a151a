import FeedCore
import XCTest

final class FirstFrameClockTests: XCTestCase {
    func testTheLatencyIsFromTheInputAndReportedOnce() {
        var clock = FirstFrameClock()
        clock.expect(postID: 7, index: 2, inputUs: 1_000)
        XCTAssertNil(clock.painted(postID: 7, index: 1, atUs: 1_500), "the same post at another place is not it")
        XCTAssertNil(clock.painted(postID: 8, index: 2, atUs: 1_500))
        let (awaited, latency) = try! XCTUnwrap(clock.painted(postID: 7, index: 2, atUs: 1_750))
        XCTAssertEqual(awaited.postID, 7)
        XCTAssertEqual(latency, 750)
        XCTAssertNil(clock.painted(postID: 7, index: 2, atUs: 2_000), "once")
    }

    func testANewInputReplacesTheOldAndAFailureCancels() {
        var clock = FirstFrameClock()
        clock.expect(postID: 1, index: 0, inputUs: 0)
        clock.expect(postID: 2, index: 1, inputUs: 500)
        XCTAssertNil(clock.painted(postID: 1, index: 0, atUs: 600))
        XCTAssertEqual(clock.painted(postID: 2, index: 1, atUs: 600)?.latencyUs, 100)
        clock.expect(postID: 3, index: 2, inputUs: 700)
        clock.cancel()
        XCTAssertNil(clock.painted(postID: 3, index: 2, atUs: 800))
    }
}
