@testable import FeedCore
import XCTest

final class LoopSeekTests: XCTestCase {
    private let second: UInt64 = 1_000_000_000

    func testTheBarsFractionIsAPointOfTheClipShortOfItsVeryEnd() {
        XCTAssertEqual(LoopSeek.target(fraction: 0.5, durationNs: 10 * second), 5 * second)
        XCTAssertEqual(LoopSeek.target(fraction: 0, durationNs: 10 * second), 0)
        XCTAssertEqual(LoopSeek.target(fraction: -0.3, durationNs: 10 * second), 0)
        // The very end would be over at once: the last moment is a little before it.
        XCTAssertEqual(LoopSeek.target(fraction: 1, durationNs: 10 * second), 10 * second - LoopSeek.endMarginNs)
        XCTAssertEqual(LoopSeek.target(fraction: 7, durationNs: 10 * second), 10 * second - LoopSeek.endMarginNs)
        XCTAssertEqual(LoopSeek.target(fraction: .nan, durationNs: 10 * second), 0)
        XCTAssertEqual(LoopSeek.target(fraction: 0.5, durationNs: 0), 0, "an unknown length seeks nowhere")
    }

    func testAStepIsFiveSecondsOrAFifthOfAShortClip() {
        XCTAssertEqual(LoopSeek.stepNs(durationNs: 60 * second), 5 * second)
        XCTAssertEqual(LoopSeek.stepNs(durationNs: 25 * second), 5 * second)
        XCTAssertEqual(LoopSeek.stepNs(durationNs: 15 * second), 3 * second)
        XCTAssertEqual(LoopSeek.stepNs(durationNs: 2 * second), 400_000_000)
    }

    func testBackStopsAtTheStart() {
        XCTAssertEqual(LoopSeek.stepped(from: 12 * second, by: -1, durationNs: 60 * second), 7 * second)
        XCTAssertEqual(LoopSeek.stepped(from: 3 * second, by: -1, durationNs: 60 * second), 0)
        XCTAssertEqual(LoopSeek.stepped(from: 0, by: -1, durationNs: 60 * second), 0)
        XCTAssertEqual(LoopSeek.stepped(from: 30 * second, by: -2, durationNs: 60 * second), 20 * second)
    }

    func testOnPastTheEndComesRoundToTheStart() {
        XCTAssertEqual(LoopSeek.stepped(from: 10 * second, by: 1, durationNs: 60 * second), 15 * second)
        XCTAssertEqual(LoopSeek.stepped(from: 58 * second, by: 1, durationNs: 60 * second), 3 * second)
        // 15 s clip, 3 s steps: from 14 s on to 2 s of the next pass.
        XCTAssertEqual(LoopSeek.stepped(from: 14 * second, by: 1, durationNs: 15 * second), 2 * second)
        XCTAssertEqual(LoopSeek.stepped(from: 0, by: 0, durationNs: 15 * second), 0)
    }

    func testTheFractionAndTheClockSayWhereTheLoopIs() {
        XCTAssertEqual(LoopSeek.fraction(positionNs: 5 * second, durationNs: 20 * second), 0.25)
        XCTAssertNil(LoopSeek.fraction(positionNs: nil, durationNs: 20 * second))
        XCTAssertNil(LoopSeek.fraction(positionNs: 5 * second, durationNs: 0))
        XCTAssertEqual(LoopSeek.fraction(positionNs: 25 * second, durationNs: 20 * second), 1)
        XCTAssertEqual(LoopSeek.clock(positionNs: 7 * second + 900_000_000, durationNs: 75 * second), "0:07 / 1:15")
    }
}
