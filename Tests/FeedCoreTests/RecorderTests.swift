import FeedCore
import XCTest

final class RecorderTests: XCTestCase {
    func testHoldRecordsAndReleaseFinishes() {
        var recorder = Recorder()
        XCTAssertEqual(recorder.cameraRequested(), .openCamera)
        XCTAssertEqual(recorder.cameraReady(nowUs: 0), .none)
        XCTAssertEqual(recorder.press(nowUs: 1_000_000), .startSegment)
        XCTAssertEqual(recorder.state, .recording(startedUs: 1_000_000))
        XCTAssertEqual(recorder.release(nowUs: 3_000_000), .finishSegment)
        XCTAssertEqual(recorder.state, .finishing)
        recorder.segmentFinished(seconds: 2.0, nowUs: 0)
        XCTAssertEqual(recorder.state, .ready)
        XCTAssertEqual(recorder.segments, [2.0])
    }

    func testShortHoldIsDiscarded() {
        var recorder = Recorder()
        _ = recorder.cameraRequested()
        _ = recorder.cameraReady(nowUs: 0)
        XCTAssertEqual(recorder.press(nowUs: 0), .startSegment)
        XCTAssertEqual(recorder.release(nowUs: 400_000), .discardSegment)
        recorder.segmentDiscarded(nowUs: 0)
        XCTAssertEqual(recorder.segments, [])
        XCTAssertEqual(recorder.state, .ready)
    }

    func testAutorepeatedPressesAreIgnored() {
        var recorder = Recorder()
        _ = recorder.cameraRequested()
        _ = recorder.cameraReady(nowUs: 0)
        XCTAssertEqual(recorder.press(nowUs: 0), .startSegment)
        for t in stride(from: 650_000, to: 2_000_000, by: 40_000) {
            XCTAssertEqual(recorder.press(nowUs: Int64(t)), .none)
        }
        XCTAssertEqual(recorder.release(nowUs: 2_000_000), .finishSegment)
        XCTAssertEqual(recorder.release(nowUs: 2_100_000), .none)
    }

    func testHoldingBeforeTheCameraIsLiveRecordsFromWhenItIs() {
        var recorder = Recorder()
        XCTAssertEqual(recorder.press(nowUs: 0), .openCamera)
        XCTAssertEqual(recorder.cameraReady(nowUs: 800_000), .startSegment)
        XCTAssertEqual(recorder.state, .recording(startedUs: 800_000))
    }

    func testStopsByItselfAtTheMaximumAcrossSegments() {
        var recorder = Recorder(maximumSeconds: 5)
        _ = recorder.cameraRequested()
        _ = recorder.cameraReady(nowUs: 0)
        _ = recorder.press(nowUs: 0)
        _ = recorder.release(nowUs: 3_000_000)
        recorder.segmentFinished(seconds: 3, nowUs: 0)
        _ = recorder.press(nowUs: 10_000_000)
        XCTAssertEqual(recorder.tick(nowUs: 11_000_000), .none)
        XCTAssertEqual(recorder.progress(atUs: 11_000_000), 0.8, accuracy: 1e-9)
        XCTAssertEqual(recorder.tick(nowUs: 12_000_000), .finishSegment)
        XCTAssertFalse(recorder.holding)
        recorder.segmentFinished(seconds: 2, nowUs: 0)
        XCTAssertFalse(recorder.canRecordMore)
        XCTAssertEqual(recorder.press(nowUs: 20_000_000), .none, "full: nothing more records")
    }

    func testMaximumIsClampedToFiveToOneHundredEightySeconds() {
        XCTAssertEqual(Recorder(maximumSeconds: 600).maximumUs, 180_000_000)
        XCTAssertEqual(Recorder(maximumSeconds: 1).maximumUs, 5_000_000)
    }

    func testUndoLastSegmentAndReset() {
        var recorder = Recorder()
        _ = recorder.cameraRequested()
        _ = recorder.cameraReady(nowUs: 0)
        for (start, end) in [(0, 1_000_000), (2_000_000, 4_000_000)] {
            _ = recorder.press(nowUs: Int64(start))
            _ = recorder.release(nowUs: Int64(end))
            recorder.segmentFinished(seconds: Double(end - start) / 1_000_000, nowUs: 0)
        }
        XCTAssertEqual(recorder.segments, [1, 2])
        XCTAssertTrue(recorder.removeLastSegment())
        XCTAssertEqual(recorder.segments, [1])
        recorder.reset()
        XCTAssertEqual(recorder.segments, [])
        XCTAssertEqual(recorder.state, .ready)
    }

    func testNoCameraFailsAndARetryCanOpenAgain() {
        var recorder = Recorder()
        XCTAssertEqual(recorder.press(nowUs: 0), .openCamera)
        recorder.cameraFailed(.noCamera)
        XCTAssertEqual(recorder.state, .failed(.noCamera))
        XCTAssertFalse(recorder.holding)
        XCTAssertTrue(RecorderError.noCamera.description.contains("--camera test"))
        XCTAssertEqual(recorder.cameraRequested(), .openCamera)
    }

    private func readyRecorder() -> Recorder {
        var recorder = Recorder()
        _ = recorder.cameraRequested()
        _ = recorder.cameraReady(nowUs: 0)
        return recorder
    }

    func testSelfTimerStartsRecordingHandsFreeAndAPressStopsIt() {
        var recorder = readyRecorder()
        XCTAssertEqual(recorder.startCountdown(nowUs: 0, seconds: 3), .none)
        XCTAssertEqual(recorder.countdownRemaining(nowUs: 0), 3)
        XCTAssertEqual(recorder.countdownRemaining(nowUs: 2_100_000), 1)
        XCTAssertEqual(recorder.tick(nowUs: 2_900_000), .none)
        XCTAssertEqual(recorder.tick(nowUs: 3_000_000), .startSegment)
        XCTAssertTrue(recorder.handsFree)
        XCTAssertNil(recorder.countdownRemaining(nowUs: 3_000_000))
        // Nothing is held, so no release ends it; the next click does.
        XCTAssertEqual(recorder.release(nowUs: 4_000_000), .none)
        XCTAssertEqual(recorder.press(nowUs: 5_000_000), .finishSegment)
        XCTAssertEqual(recorder.release(nowUs: 5_100_000), .none, "the click's release changes nothing")
        recorder.segmentFinished(seconds: 2, nowUs: 0)
        XCTAssertEqual(recorder.state, .ready)
        XCTAssertFalse(recorder.handsFree)
    }

    func testAPressDuringTheCountdownCallsItOff() {
        var recorder = readyRecorder()
        _ = recorder.startCountdown(nowUs: 0, seconds: 10)
        XCTAssertEqual(recorder.press(nowUs: 1_000_000), .cancelCountdown)
        XCTAssertEqual(recorder.release(nowUs: 1_100_000), .none)
        XCTAssertEqual(recorder.state, .ready)
        XCTAssertEqual(recorder.tick(nowUs: 20_000_000), .none, "a called-off timer never starts recording")
    }

    func testHandsFreeRecordingStopsAtTheMaximum() {
        var recorder = Recorder(maximumSeconds: 15)
        _ = recorder.cameraRequested()
        _ = recorder.cameraReady(nowUs: 0)
        _ = recorder.startCountdown(nowUs: 0, seconds: 3)
        XCTAssertEqual(recorder.tick(nowUs: 3_000_000), .startSegment)
        XCTAssertEqual(recorder.tick(nowUs: 17_999_000), .none)
        XCTAssertEqual(recorder.tick(nowUs: 18_000_000), .finishSegment)
        XCTAssertFalse(recorder.handsFree)
    }

    func testNoCountdownWhileRecordingOrWhenTheClipIsFull() {
        var recorder = readyRecorder()
        _ = recorder.press(nowUs: 0)
        XCTAssertEqual(recorder.startCountdown(nowUs: 1, seconds: 3), .none)
        XCTAssertEqual(recorder.state, .recording(startedUs: 0))
        var full = Recorder(maximumSeconds: 5)
        _ = full.cameraRequested()
        _ = full.cameraReady(nowUs: 0)
        _ = full.press(nowUs: 0)
        _ = full.tick(nowUs: 5_000_000)
        full.segmentFinished(seconds: 5, nowUs: 0)
        _ = full.startCountdown(nowUs: 6_000_000, seconds: 3)
        XCTAssertEqual(full.state, .ready)
    }

    func testTheLimitChangesOnlyBeforeTheFirstSegment() {
        var recorder = readyRecorder()
        XCTAssertTrue(recorder.setMaximum(seconds: 180))
        XCTAssertEqual(recorder.maximumUs, 180_000_000)
        XCTAssertTrue(recorder.setMaximum(seconds: 900))
        XCTAssertEqual(recorder.maximumUs, 180_000_000)
        _ = recorder.press(nowUs: 0)
        XCTAssertFalse(recorder.setMaximum(seconds: 15), "not while recording")
        _ = recorder.release(nowUs: 2_000_000)
        recorder.segmentFinished(seconds: 2, nowUs: 0)
        XCTAssertFalse(recorder.setMaximum(seconds: 15), "not once a segment exists")
        XCTAssertEqual(recorder.maximumUs, 180_000_000)
    }

    func testAHoldDuringSavingRecordsOnceTheSegmentIsSaved() {
        var recorder = readyRecorder()
        _ = recorder.press(nowUs: 0)
        XCTAssertEqual(recorder.release(nowUs: 2_000_000), .finishSegment)
        XCTAssertEqual(recorder.press(nowUs: 2_100_000), .none, "still saving the first segment")
        XCTAssertEqual(recorder.segmentFinished(seconds: 2, nowUs: 2_300_000), .startSegment)
        XCTAssertEqual(recorder.state, .recording(startedUs: 2_300_000))
        XCTAssertEqual(recorder.release(nowUs: 3_500_000), .finishSegment)
    }

    func testAHoldAfterATapWaitsUntilTheTapIsThrownAway() {
        var recorder = readyRecorder()
        _ = recorder.press(nowUs: 0)
        XCTAssertEqual(recorder.release(nowUs: 200_000), .discardSegment)
        XCTAssertEqual(recorder.state, .finishing, "the tap's file is still being let go")
        XCTAssertEqual(recorder.press(nowUs: 300_000), .none)
        XCTAssertEqual(recorder.segmentDiscarded(nowUs: 400_000), .startSegment)
        XCTAssertEqual(recorder.segments, [])
    }

    func testTheLimitCountsFromWhenTheFileStarted() {
        var recorder = Recorder(maximumSeconds: 15)
        _ = recorder.cameraRequested()
        _ = recorder.cameraReady(nowUs: 0)
        XCTAssertEqual(recorder.press(nowUs: 1_000_000), .startSegment)
        recorder.segmentBegan(nowUs: 1_400_000)
        XCTAssertEqual(recorder.tick(nowUs: 16_000_000), .none, "only 14.6 s are in the file")
        XCTAssertEqual(recorder.tick(nowUs: 16_400_000), .finishSegment)
    }
}
