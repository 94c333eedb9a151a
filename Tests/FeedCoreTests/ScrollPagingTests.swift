import FeedCore
import XCTest

final class ScrollPagingTests: XCTestCase {
    func testEachWheelNotchIsOnePage() {
        var paging = ScrollPaging()
        XCTAssertEqual(paging.scroll(dy: 1, unit: .wheel, nowUs: 0), 1)
        XCTAssertEqual(paging.scroll(dy: 1, unit: .wheel, nowUs: 10_000), 1)
        XCTAssertEqual(paging.scroll(dy: -1, unit: .wheel, nowUs: 20_000), -1)
    }

    func testHighResolutionWheelAccumulatesFractions() {
        var paging = ScrollPaging()
        for i in 0..<7 { XCTAssertEqual(paging.scroll(dy: 0.125, unit: .wheel, nowUs: Int64(i)), 0) }
        XCTAssertEqual(paging.scroll(dy: 0.125, unit: .wheel, nowUs: 8), 1)
    }

    func testSmoothScrollingFiresAtFiftyPixelsThenLocks() {
        var paging = ScrollPaging()
        XCTAssertEqual(paging.scroll(dy: 30, unit: .pixels, nowUs: 0), 0)
        XCTAssertEqual(paging.scroll(dy: 25, unit: .pixels, nowUs: 10_000), 1)
        // The rest of the same flick moves nothing.
        for t in stride(from: 20_000, to: 700_000, by: 20_000) {
            XCTAssertEqual(paging.scroll(dy: 40, unit: .pixels, nowUs: Int64(t)), 0)
        }
        XCTAssertEqual(paging.scroll(dy: 60, unit: .pixels, nowUs: 720_000), 1)
    }

    func testDirectionChangeStartsOver() {
        var paging = ScrollPaging()
        XCTAssertEqual(paging.scroll(dy: 40, unit: .pixels, nowUs: 0), 0)
        XCTAssertEqual(paging.scroll(dy: -40, unit: .pixels, nowUs: 1), 0)
        XCTAssertEqual(paging.scroll(dy: -15, unit: .pixels, nowUs: 2), -1)
    }

    func testScrollEndResetsAccumulation() {
        var paging = ScrollPaging()
        XCTAssertEqual(paging.scroll(dy: 45, unit: .pixels, nowUs: 0), 0)
        paging.scrollEnded()
        XCTAssertEqual(paging.scroll(dy: 45, unit: .pixels, nowUs: 1), 0)
    }
}

final class SwipeGestureTests: XCTestCase {
    let swipe = SwipeGesture()

    func testPagesPastThresholdOrOnFlick() {
        XCTAssertEqual(swipe.decide(dragY: -60, velocityY: 0), 1)
        XCTAssertEqual(swipe.decide(dragY: 60, velocityY: 0), -1)
        XCTAssertEqual(swipe.decide(dragY: -20, velocityY: -900), 1)
        XCTAssertEqual(swipe.decide(dragY: 20, velocityY: 900), -1)
        XCTAssertEqual(swipe.decide(dragY: -49, velocityY: -100), 0)
        XCTAssertEqual(swipe.decide(dragY: 30, velocityY: 100), 0)
    }

    func testAFlickAgainstTheDragDirectionSnapsBack() {
        XCTAssertEqual(swipe.decide(dragY: 20, velocityY: -900), 0)
    }

    func testOffsetFollowsPointerAndResistsAtTheEnds() {
        XCTAssertEqual(swipe.visibleOffset(dragY: -120, canGoBack: true, canGoForward: true, pageHeight: 800), -120)
        XCTAssertEqual(swipe.visibleOffset(dragY: -1200, canGoBack: true, canGoForward: true, pageHeight: 800), -800)
        XCTAssertEqual(swipe.visibleOffset(dragY: 90, canGoBack: false, canGoForward: true, pageHeight: 800), 30)
        XCTAssertEqual(swipe.visibleOffset(dragY: 900, canGoBack: false, canGoForward: true, pageHeight: 800), 160)
    }

    func testSmallMovesAreClicks() {
        XCTAssertFalse(swipe.isDrag(dx: 3, dy: 4))
        XCTAssertTrue(swipe.isDrag(dx: 0, dy: 9))
    }

    func testSnapAnimationEasesOutAndEnds() {
        let snap = SnapAnimation(from: 0, to: 100, startUs: 1_000, durationUs: 150_000)
        XCTAssertEqual(snap.value(atUs: 1_000), 0)
        XCTAssertGreaterThan(snap.value(atUs: 76_000), 50) // ease-out: past half at half time
        XCTAssertEqual(snap.value(atUs: 151_000), 100)
        XCTAssertEqual(snap.value(atUs: 999_000), 100)
        XCTAssertFalse(snap.isFinished(atUs: 150_000))
        XCTAssertTrue(snap.isFinished(atUs: 151_000))
    }

    func testAQuintSnapPassesHalfWaySoonerAndArrivesAsOneDoes() {
        let quint = SnapAnimation(from: 0, to: 800, startUs: 0, durationUs: 150_000, easing: .quintOut)
        let cubic = SnapAnimation(from: 0, to: 800, startUs: 0, durationUs: 150_000)
        XCTAssertLessThan(quint.value(atUs: 19_000), 400)
        XCTAssertGreaterThan(quint.value(atUs: 20_000), 400, "half a page at 13 % of the slide")
        XCTAssertLessThan(cubic.value(atUs: 30_000), 400, "cubic is not half-way until 21 %")
        XCTAssertEqual(quint.value(atUs: 150_000), 800)
        XCTAssertTrue(quint.isFinished(atUs: 150_000))
        var last = 0.0
        for us in stride(from: 0, through: 150_000, by: 5_000) {
            let value = quint.value(atUs: Int64(us))
            XCTAssertGreaterThanOrEqual(value, last, "never moves back")
            last = value
        }
    }

    func testVelocityFromRecentSamples() {
        var tracker = VelocityTracker()
        tracker.add(y: 0, atUs: 0)
        tracker.add(y: 10, atUs: 10_000)
        tracker.add(y: 50, atUs: 50_000)
        XCTAssertEqual(tracker.velocity, 1000, accuracy: 0.001)
        tracker.add(y: 60, atUs: 400_000) // old samples fall out
        XCTAssertEqual(tracker.velocity, 0)
    }
}

final class PreloadPlanTests: XCTestCase {
    func testKeepsCurrentAndNeighbours() {
        let plan = PreloadPlan(radius: 1)
        XCTAssertEqual(plan.poolSize, 3)
        XCTAssertEqual(plan.indices(current: 5, count: 10), [5, 6, 4])
        XCTAssertEqual(plan.indices(current: 0, count: 10), [0, 1])
        XCTAssertEqual(plan.indices(current: 9, count: 10), [9, 8])
        XCTAssertEqual(plan.indices(current: 0, count: 0), [])
    }

    func testAssignmentReusesLoadedSlots() {
        let plan = PreloadPlan(radius: 1)
        // Slots hold 4, 5, 6 with 5 current; moving to 6 keeps 5 and 6 and reloads 4's slot with 7.
        XCTAssertEqual(plan.assign(loaded: [4, 5, 6], current: 6, count: 10), [7, 5, 6])
        XCTAssertEqual(plan.assign(loaded: [nil, nil, nil], current: 0, count: 10), [0, 1, nil])
        XCTAssertEqual(plan.assign(loaded: [0, 1, nil], current: 1, count: 10), [0, 1, 2])
    }

    func testPoolStaysBoundedForLongFeeds() {
        let plan = PreloadPlan(radius: 1)
        var loaded: [Int?] = [nil, nil, nil]
        for current in 0..<10_000 {
            loaded = plan.assign(loaded: loaded, current: current, count: 10_000)
            XCTAssertEqual(loaded.count, 3)
            XCTAssertTrue(loaded.contains(current))
        }
    }
}
