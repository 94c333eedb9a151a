import FeedCore
@testable import FeedMedia
import TestSupport
import XCTest

/// A monotonic clock that moves only when the test says so.
private final class FakeClock: MonotonicClock {
    private let now: Locked<Int64>
    init(_ start: Int64 = 5_000_000) { now = Locked(start) }
    func nowMicroseconds() -> Int64 { now.value }
    func advance(_ microseconds: Int64) { now.mutate { $0 += microseconds } }
}

final class LoopTrackerTests: XCTestCase {
    private let frameNs: UInt64 = 33_333_333

    /// Feeds `count` frames of one pass starting at pts 0, one frame interval apart.
    private func playPass(_ tracker: LoopTracker, _ clock: FakeClock, frames count: Int,
                          firstGapUs: Int64 = 33_333) -> [LoopTracker.Seam] {
        var seams: [LoopTracker.Seam] = []
        for index in 0..<count {
            clock.advance(index == 0 ? firstGapUs : 33_333)
            if let seam = tracker.frameArrived(pts: UInt64(index) * frameNs, durationNs: frameNs) { seams.append(seam) }
        }
        return seams
    }

    /// A seam says which tracking it was measured under: one measured before a rewind or a new
    /// trim is not the new loop's (the engine drops it).
    func testASeamCarriesTheResetsBeforeIt() {
        let clock = FakeClock()
        let tracker = LoopTracker(clock: clock)
        _ = playPass(tracker, clock, frames: 10)
        XCTAssertEqual(playPass(tracker, clock, frames: 10).first?.generation, 0)
        tracker.reset()
        XCTAssertEqual(tracker.generation, 1)
        _ = playPass(tracker, clock, frames: 10)
        XCTAssertEqual(playPass(tracker, clock, frames: 10).first?.generation, 1)
    }

    func testNoSeamWithinAPass() {
        let clock = FakeClock()
        let tracker = LoopTracker(clock: clock)
        XCTAssertEqual(playPass(tracker, clock, frames: 30), [])
    }

    func testPerfectLoopHasZeroSeam() {
        let clock = FakeClock()
        let tracker = LoopTracker(clock: clock)
        _ = playPass(tracker, clock, frames: 30)
        let seams = playPass(tracker, clock, frames: 30)
        XCTAssertEqual(seams.count, 1)
        XCTAssertEqual(seams.first?.intervalUs, 33_333)
        XCTAssertEqual(seams.first?.frameUs, 33_333)
        XCTAssertEqual(seams.first?.seamUs, 0)
        XCTAssertEqual(seams.first?.framesInPass, 30, "every frame of the first pass counts")
        XCTAssertEqual(seams.first?.lastPTS, 29 * frameNs, "the pass ended on its 30th frame")
    }

    func testSeamIsTheExtraTimeTheLastFrameStood() {
        let clock = FakeClock()
        let tracker = LoopTracker(clock: clock)
        _ = playPass(tracker, clock, frames: 30)
        let seams = playPass(tracker, clock, frames: 10, firstGapUs: 133_333)
        XCTAssertEqual(seams.count, 1)
        XCTAssertEqual(seams.first?.intervalUs, 133_333)
        XCTAssertEqual(seams.first?.seamUs, 100_000)
    }

    func testEarlyFrameIsNeverANegativeSeam() {
        let clock = FakeClock()
        let tracker = LoopTracker(clock: clock)
        _ = playPass(tracker, clock, frames: 5)
        let seams = playPass(tracker, clock, frames: 1, firstGapUs: 10_000)
        XCTAssertEqual(seams.first?.seamUs, 0)
        XCTAssertEqual(seams.first?.intervalUs, 10_000)
    }

    func testFramesInPassCountsEachPassSeparately() {
        let clock = FakeClock()
        let tracker = LoopTracker(clock: clock)
        _ = playPass(tracker, clock, frames: 30)
        let second = playPass(tracker, clock, frames: 12) // a pass cut short (truncated clip)
        XCTAssertEqual(second.first?.framesInPass, 30)
        let third = playPass(tracker, clock, frames: 1)
        XCTAssertEqual(third.first?.framesInPass, 12)
        XCTAssertEqual(third.first?.lastPTS, 11 * frameNs)
    }

    func testAPassCarriesItsLongestWaitBetweenFrames() {
        let clock = FakeClock()
        let tracker = LoopTracker(clock: clock)
        _ = playPass(tracker, clock, frames: 30)
        // The second pass: frames 0-9, then the process stands still for 5 s, then frames 10-29.
        var seams: [LoopTracker.Seam] = []
        for index in 0..<30 {
            clock.advance(index == 10 ? 5_000_000 : 33_333)
            if let seam = tracker.frameArrived(pts: UInt64(index) * frameNs, durationNs: frameNs) { seams.append(seam) }
        }
        XCTAssertEqual(seams.first?.longestGapUs, 33_333, "the first pass came steadily")
        let third = playPass(tracker, clock, frames: 1)
        XCTAssertEqual(third.first?.longestGapUs, 5_000_000, "the stall is the second pass's longest wait")
    }

    func testEveryPassIsMeasured() {
        let clock = FakeClock()
        let tracker = LoopTracker(clock: clock)
        _ = playPass(tracker, clock, frames: 30)
        var seams: [Int64] = []
        for gap in [40_000, 50_000, 33_333] as [Int64] {
            seams += playPass(tracker, clock, frames: 30, firstGapUs: gap).map(\.seamUs)
        }
        XCTAssertEqual(seams, [6_667, 16_667, 0])
    }

    func testFrameDurationComesFromTheBuffers() {
        let clock = FakeClock()
        let tracker = LoopTracker(clock: clock)
        let frame60: UInt64 = 16_666_666
        for index in 0..<10 {
            clock.advance(16_667)
            XCTAssertNil(tracker.frameArrived(pts: UInt64(index) * frame60, durationNs: frame60))
        }
        clock.advance(50_000)
        let seam = tracker.frameArrived(pts: 0, durationNs: frame60)
        XCTAssertEqual(seam?.intervalUs, 50_000)
        XCTAssertEqual(seam?.frameUs, 16_666)
        XCTAssertEqual(seam?.seamUs, 33_334)
    }

    func testMissingOrAbsurdDurationsKeepTheLastKnownFrameLength() {
        let clock = FakeClock()
        let tracker = LoopTracker(clock: clock)
        clock.advance(40_000)
        XCTAssertNil(tracker.frameArrived(pts: 0, durationNs: 40_000_000))
        clock.advance(40_000)
        XCTAssertNil(tracker.frameArrived(pts: 40_000_000, durationNs: nil))
        clock.advance(40_000)
        XCTAssertNil(tracker.frameArrived(pts: 80_000_000, durationNs: 5_000_000_000)) // ignored: ≥ 1 s
        clock.advance(40_000)
        XCTAssertNil(tracker.frameArrived(pts: 120_000_000, durationNs: 0)) // ignored
        clock.advance(100_000)
        let seam = tracker.frameArrived(pts: 0, durationNs: nil)
        XCTAssertEqual(seam?.intervalUs, 100_000)
        XCTAssertEqual(seam?.frameUs, 40_000)
        XCTAssertEqual(seam?.lastPTS, 120_000_000)
    }

    func testDefaultFrameLengthIsThirtyFramesPerSecond() {
        let clock = FakeClock()
        let tracker = LoopTracker(clock: clock)
        clock.advance(1)
        XCTAssertNil(tracker.frameArrived(pts: 500_000_000, durationNs: nil))
        clock.advance(33_333)
        XCTAssertEqual(tracker.frameArrived(pts: 0, durationNs: nil)?.frameUs, 33_333)
    }

    func testFramesWithoutTimestampsNeitherLoopNorForgetTheLastPTS() {
        let clock = FakeClock()
        let tracker = LoopTracker(clock: clock)
        _ = playPass(tracker, clock, frames: 10)
        clock.advance(33_333)
        XCTAssertNil(tracker.frameArrived(pts: nil, durationNs: nil))
        clock.advance(33_333)
        // Still compared with the last real PTS (frame 9): a wrap, measured from the untimed frame.
        XCTAssertEqual(tracker.frameArrived(pts: 0, durationNs: frameNs)?.intervalUs, 33_333)
    }

    func testResetForgetsThePreviousClip() {
        let clock = FakeClock()
        let tracker = LoopTracker(clock: clock)
        _ = playPass(tracker, clock, frames: 30)
        tracker.reset()
        // A new clip starting at 0 is not a loop of the old one.
        XCTAssertEqual(playPass(tracker, clock, frames: 5, firstGapUs: 2_000_000), [])
    }

    func testSeekForwardIsNotALoop() {
        let clock = FakeClock()
        let tracker = LoopTracker(clock: clock)
        _ = playPass(tracker, clock, frames: 3)
        clock.advance(33_333)
        XCTAssertNil(tracker.frameArrived(pts: 900_000_000, durationNs: frameNs))
    }

    func testRepeatedTimestampIsNotALoop() {
        // The preroll frame is shown again as the first played frame: same PTS, no new pass.
        let clock = FakeClock()
        let tracker = LoopTracker(clock: clock)
        clock.advance(1_000)
        XCTAssertNil(tracker.frameArrived(pts: 0, durationNs: frameNs))
        clock.advance(1_000)
        XCTAssertNil(tracker.frameArrived(pts: 0, durationNs: frameNs))
    }
}
