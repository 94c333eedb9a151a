import FeedCore
import XCTest

/// Issue 21: a short sound name that fits still scrolled and repeated itself.
final class MarqueeMotionTests: XCTestCase {
    func testANameThatFitsStandsStillAndShowsOnce() {
        let plan = MarqueeMotion.plan(nameWidth: 180, doubledWidth: 410, boxWidth: 300)
        XCTAssertEqual(plan, .still)
        XCTAssertFalse(plan.showsTwice)
        XCTAssertEqual(MarqueeMotion.plan(nameWidth: 300, doubledWidth: 650, boxWidth: 300), .still, "exactly fits")
        XCTAssertEqual(plan.offset(after: 12, elapsedUs: 1_000_000, speed: 30), 0)
    }

    func testALongerNameScrollsOneCopyAndItsGapThenStartsAgain() {
        let plan = MarqueeMotion.plan(nameWidth: 400, doubledWidth: 850, boxWidth: 300)
        XCTAssertEqual(plan, .scrolling(cycle: 450))
        XCTAssertTrue(plan.showsTwice)
        XCTAssertEqual(plan.offset(after: 0, elapsedUs: 1_000_000, speed: 30), 30)
        XCTAssertEqual(plan.offset(after: 440, elapsedUs: 1_000_000, speed: 30), 20, accuracy: 1e-9)
        XCTAssertEqual(plan.offset(after: 10, elapsedUs: -5, speed: 30), 10, "time never runs back")
    }

    func testNothingMeasuredYetStandsStill() {
        XCTAssertEqual(MarqueeMotion.plan(nameWidth: 0, doubledWidth: 0, boxWidth: 0), .still)
    }
}
