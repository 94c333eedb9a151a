import FeedCore
import XCTest

final class RecordButtonAnimationTests: XCTestCase {
    private typealias Animation = RecordButtonAnimation

    private func assertLook(_ frame: Animation.Frame, _ expected: Animation.Frame, accuracy: Double = 1e-9,
                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(frame.ringScale, expected.ringScale, accuracy: accuracy, "ring scale", file: file, line: line)
        XCTAssertEqual(frame.ringAlpha, expected.ringAlpha, accuracy: accuracy, "ring alpha", file: file, line: line)
        XCTAssertEqual(frame.discScale, expected.discScale, accuracy: accuracy, "disc scale", file: file, line: line)
        XCTAssertEqual(frame.discCornerRadius, expected.discCornerRadius, accuracy: accuracy, "corner", file: file, line: line)
    }

    func testAtRestTheButtonIsAHalfTransparentRingAroundACircle() {
        let animation = Animation()
        let frame = animation.frame(atUs: 5_000_000)
        XCTAssertEqual(frame, Animation.Frame(ringScale: 1, ringAlpha: 0.5, discScale: 1, discCornerRadius: 36))
        XCTAssertEqual(frame.discCornerRadius, frame.discHalfSide, "a rounded square whose corner is its half side is a circle")
        XCTAssertEqual(frame.outerRadius, 45)
        XCTAssertFalse(animation.isAnimating(atUs: 5_000_000))
    }

    func testStartingRunsFromTheIdleLookToTheRecordingLookIn700ms() {
        var animation = Animation()
        animation.setPhase(.recording, atUs: 1_000_000)
        assertLook(animation.frame(atUs: 1_000_000), Animation.idleLook)
        XCTAssertTrue(animation.isAnimating(atUs: 1_000_000))

        let middle = animation.frame(atUs: 1_350_000)
        let eased = Animation.ease(0.5)
        XCTAssertEqual(eased, 0.8024, accuracy: 0.001, "CSS ease at half time")
        XCTAssertEqual(middle.ringScale, 1 + 0.5 * eased, accuracy: 1e-9)
        XCTAssertEqual(middle.ringAlpha, 0.5 + 0.5 * eased, accuracy: 1e-9)
        XCTAssertEqual(middle.discScale, 1 - 0.5 * eased, accuracy: 1e-9)
        XCTAssertEqual(middle.discCornerRadius, 36 - 31 * eased, accuracy: 1e-9)

        let end = animation.frame(atUs: 1_700_000)
        XCTAssertEqual(end, Animation.Frame(ringScale: 1.5, ringAlpha: 1, discScale: 0.5, discCornerRadius: 5))
        XCTAssertEqual(end.discHalfSide, 18)
        XCTAssertEqual(end.outerRadius, 66, "the 1.5x ring must fit a 140 px square")
        XCTAssertFalse(animation.isAnimating(atUs: 1_700_000))
        XCTAssertEqual(animation.frame(atUs: 9_000_000), end)
    }

    func testStoppingReturnsToTheIdleLookIn350ms() {
        var animation = Animation()
        animation.setPhase(.recording, atUs: 0)
        animation.setPhase(.idle, atUs: 2_000_000)
        assertLook(animation.frame(atUs: 2_000_000), Animation.recordingLook)
        let middle = animation.frame(atUs: 2_175_000)
        XCTAssertEqual(middle.ringScale, 1.5 - 0.5 * Animation.ease(0.5), accuracy: 1e-9)
        XCTAssertTrue(animation.isAnimating(atUs: 2_349_999))
        assertLook(animation.frame(atUs: 2_350_000), Animation.idleLook)
        XCTAssertFalse(animation.isAnimating(atUs: 2_350_000))
    }

    func testStoppingHalfwayThroughTheStartTurnsBackFromTheCurrentLook() {
        var animation = Animation()
        animation.setPhase(.recording, atUs: 0)
        let shownAtStop = animation.frame(atUs: 350_000)
        XCTAssertGreaterThan(shownAtStop.ringScale, 1.2, "the start animation is well under way")
        animation.setPhase(.idle, atUs: 350_000)
        assertLook(animation.frame(atUs: 350_000), shownAtStop)
        // One frame later it has moved a little back towards idle, not jumped to either end.
        let nextFrame = animation.frame(atUs: 366_000)
        XCTAssertLessThan(nextFrame.ringScale, shownAtStop.ringScale)
        XCTAssertGreaterThan(nextFrame.ringScale, shownAtStop.ringScale - 0.1)
        XCTAssertGreaterThan(nextFrame.discScale, shownAtStop.discScale)
        assertLook(animation.frame(atUs: 700_000), Animation.idleLook)
        XCTAssertFalse(animation.isAnimating(atUs: 700_000))
    }

    func testSettingTheSamePhaseAgainDoesNotRestartTheAnimation() {
        var animation = Animation()
        animation.setPhase(.recording, atUs: 0)
        animation.setPhase(.recording, atUs: 600_000)
        XCTAssertEqual(animation.phaseChangedUs, 0)
        assertLook(animation.frame(atUs: 700_000), Animation.recordingLook)
    }

    func testTheCornerNeverExceedsTheHalfSide() {
        var animation = Animation()
        animation.setPhase(.recording, atUs: 0)
        animation.setPhase(.idle, atUs: 200_000)
        for now in stride(from: Int64(0), through: 600_000, by: 10_000) {
            let frame = animation.frame(atUs: now)
            XCTAssertLessThanOrEqual(frame.discCornerRadius, frame.discHalfSide + 1e-9, "at \(now) µs")
        }
    }

    func testAHeldButtonFollowsThePointerAndGlidesHomeWhenReleased() {
        var animation = Animation()
        animation.beginHold(atUs: 0)
        animation.moveHold(dx: 30, dy: -40)
        XCTAssertEqual(animation.frame(atUs: 100_000).offset, .init(x: 30, y: -40))
        XCTAssertFalse(animation.isAnimating(atUs: 100_000), "while held only the pointer moves it")

        animation.endHold(atUs: 1_000_000)
        XCTAssertEqual(animation.frame(atUs: 1_000_000).offset, .init(x: 30, y: -40))
        XCTAssertTrue(animation.isAnimating(atUs: 1_000_000))
        let middle = animation.frame(atUs: 1_175_000).offset
        let remaining = 1 - Animation.ease(0.5)
        XCTAssertEqual(middle.x, 30 * remaining, accuracy: 1e-9)
        XCTAssertEqual(middle.y, -40 * remaining, accuracy: 1e-9)
        XCTAssertEqual(animation.frame(atUs: 1_350_000).offset, .zero)
        XCTAssertFalse(animation.isAnimating(atUs: 1_350_000))
    }

    func testPressingAgainWhileGlidingHomeHoldsItWhereItIs() {
        var animation = Animation()
        animation.beginHold(atUs: 0)
        animation.moveHold(dx: 100, dy: 0)
        animation.endHold(atUs: 0)
        let caught = animation.frame(atUs: 100_000).offset
        XCTAssertGreaterThan(caught.x, 0)
        XCTAssertLessThan(caught.x, 100)
        animation.beginHold(atUs: 100_000)
        XCTAssertEqual(animation.frame(atUs: 500_000).offset, caught, "no jump when caught mid-glide")
        animation.moveHold(dx: 0, dy: 10)
        XCTAssertEqual(animation.frame(atUs: 500_000).offset, .init(x: caught.x, y: 10))
    }

    func testAClickThatDidNotMoveHasNothingToAnimate() {
        var animation = Animation()
        animation.beginHold(atUs: 0)
        animation.endHold(atUs: 50_000)
        XCTAssertFalse(animation.isAnimating(atUs: 50_000))
        XCTAssertEqual(animation.frame(atUs: 50_000).offset, .zero)
    }

    func testEaseIsMonotonicFromZeroToOne() {
        XCTAssertEqual(Animation.ease(0), 0)
        XCTAssertEqual(Animation.ease(1), 1)
        var previous = 0.0
        for step in 1...100 {
            let value = Animation.ease(Double(step) / 100)
            XCTAssertGreaterThanOrEqual(value, previous)
            previous = value
        }
    }
}
