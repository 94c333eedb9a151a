import FeedCore
@testable import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// Holding to record without a display or a camera: FeedTesting's capture session, clock and
/// timers stand in for the pipeline and the main loop.
final class CreateSessionRecordingTests: XCTestCase {
    func testAHoldRecordsOneSegmentThatIsSavedWhenReleased() throws {
        try onMain {
            let rig = CreateSessionRig()
            rig.sounds.cameraSound = RecordingSound(title: "Tune", artist: "", file: URL(fileURLWithPath: "/tune.ogg"))
            rig.session.speed = 2
            rig.openLive()
            XCTAssertEqual(rig.capture.calls, [.filter(.none), .start])
            XCTAssertFalse(rig.session.canFlip, "one camera")

            rig.session.press()
            let segment = try XCTUnwrap(rig.capture.segmentPath)
            XCTAssertEqual(segment.lastPathComponent, "seg-001.mp4")
            XCTAssertTrue(segment.deletingLastPathComponent().path.hasPrefix("/data/recordings/clip-"))
            XCTAssertEqual(rig.jobs.madeFolders.map(\.path), [segment.deletingLastPathComponent().path])
            XCTAssertTrue(rig.session.isRecording)
            XCTAssertEqual(rig.session.tools, .init(recording: true, hasSegments: true))
            XCTAssertEqual(rig.session.status, "Recording")
            XCTAssertEqual(rig.sounds.calls, [.close, .play(fromSeconds: 0, rate: 0.5)], "the sound plays at 1/speed")
            XCTAssertTrue(rig.events.events.contains(.recordStarted))

            rig.wait(milliseconds: 1_200)
            rig.session.frameShown()
            XCTAssertEqual(rig.session.progress, 1.2 / 15, accuracy: 0.001)
            XCTAssertEqual(rig.session.status, "\(DecimalText.fixed(1.2)) s / 15 s")

            rig.session.release()
            XCTAssertEqual(rig.capture.calls.last, .finishSegment(discard: false))
            XCTAssertFalse(rig.session.isRecording)
            XCTAssertEqual(rig.session.status, "Saving…")
            XCTAssertFalse(rig.session.showsSegmentBar, "not before the file is saved")

            rig.clock.advance(byMicroseconds: 40_000)
            rig.capture.endSegment(seconds: 1.2)
            XCTAssertEqual(rig.recordFinishedEvents, [.recordFinished(path: segment.path, duration: 1.2, finalizeUs: 40_000)])
            XCTAssertTrue(rig.session.showsSegmentBar)
            XCTAssertEqual(rig.session.tools, .init(recording: false, hasSegments: true))
            XCTAssertEqual(rig.session.status, "1 segment · \(DecimalText.fixed(1.2)) s · hold to add · Enter for next")
            XCTAssertEqual(rig.timers.waiting, 0, "no clock ticks between holds")
        }
    }

    func testAHoldTooShortIsThrownAwayAndSaidForAWhile() {
        onMain {
            let rig = CreateSessionRig()
            rig.openLive()
            rig.session.press()
            rig.wait(milliseconds: 200)
            rig.session.release()
            XCTAssertEqual(rig.capture.calls.last, .finishSegment(discard: true))
            XCTAssertTrue(rig.session.status.hasPrefix("Hold to record — keep the button"))
            rig.capture.endSegment(seconds: 0, discarded: true)
            XCTAssertTrue(rig.recordFinishedEvents.isEmpty)
            XCTAssertEqual(rig.session.tools, .init(recording: false, hasSegments: false), "Album and the limit are back")
            rig.wait(milliseconds: 2_600)
            XCTAssertEqual(rig.session.status, "Hold to record")
        }
    }

    func testSeveralSegmentsMakeOneClipAndUndoTakesTheLastAway() throws {
        try onMain {
            let rig = CreateSessionRig()
            rig.openLive()
            rig.hold(seconds: 1)
            rig.hold(seconds: 2)
            let folder = try XCTUnwrap(rig.session.clipFolder)
            XCTAssertEqual(rig.recordFinishedEvents.count, 2)
            XCTAssertEqual(rig.jobs.madeFolders, [folder, folder], "both segments in the one clip's folder")
            XCTAssertEqual(rig.session.status, "2 segments · \(DecimalText.fixed(3)) s · hold to add · Enter for next")
            XCTAssertEqual(rig.session.progress, 3.0 / 15, accuracy: 0.001)

            rig.session.undoSegment()
            XCTAssertEqual(rig.jobs.removedSegments, [folder])
            XCTAssertEqual(rig.session.status, "1 segment · \(DecimalText.fixed(1)) s · hold to add · Enter for next")
            XCTAssertEqual(rig.session.progress, 1.0 / 15, accuracy: 0.001)
            XCTAssertTrue(rig.session.showsSegmentBar)

            rig.session.undoSegment()
            rig.session.undoSegment()
            XCTAssertEqual(rig.jobs.removedSegments, [folder, folder], "nothing left to undo the third time")
            XCTAssertEqual(rig.session.status, "Hold to record")
            XCTAssertFalse(rig.session.showsSegmentBar)
            XCTAssertEqual(rig.session.tools, .init(recording: false, hasSegments: false))
            XCTAssertFalse(rig.session.returnPressed(), "Enter has nothing to join")
        }
    }

    func testRecordingStopsByItselfAtTheLimitAndTheFullClipTakesNoMore() {
        onMain {
            let rig = CreateSessionRig(limitSeconds: 5)
            rig.openLive()
            rig.hold(seconds: 3)
            rig.session.press()
            rig.wait(milliseconds: 1_900)
            XCTAssertTrue(rig.session.isRecording, "2 s left when this hold began")
            rig.wait(milliseconds: 200)
            XCTAssertFalse(rig.session.isRecording, "stopped at 5 s while still held")
            XCTAssertEqual(rig.capture.calls.last, .finishSegment(discard: false))
            rig.session.release()
            rig.capture.endSegment(seconds: 2)
            XCTAssertEqual(rig.session.status, "The clip is full — Enter for next")
            XCTAssertEqual(rig.session.progress, 1)

            let calls = rig.capture.calls.count
            rig.session.press()
            rig.wait(milliseconds: 500)
            rig.session.release()
            XCTAssertEqual(rig.capture.calls.count, calls, "a full clip records nothing more")
            XCTAssertEqual(rig.recordFinishedEvents.count, 2)
        }
    }

    func testTheTimerCountsDownThenRecordsHandsFreeUntilTheNextPress() {
        onMain {
            let rig = CreateSessionRig()
            rig.openLive()
            rig.session.timerSeconds = 3
            rig.session.press()
            rig.session.release()
            XCTAssertEqual(rig.session.countdown, "3")
            XCTAssertEqual(rig.session.status, "Get ready… (press again to cancel)")
            XCTAssertEqual(rig.session.tools, .init(recording: true, hasSegments: false), "the tools wait too")
            XCTAssertNil(rig.capture.segmentPath, "the release of that press stops nothing")

            rig.wait(milliseconds: 1_100)
            XCTAssertEqual(rig.session.countdown, "2")
            rig.wait(milliseconds: 1_000)
            XCTAssertEqual(rig.session.countdown, "1")
            XCTAssertNil(rig.capture.segmentPath)
            rig.wait(milliseconds: 1_000)
            XCTAssertNotNil(rig.capture.segmentPath, "recording from the end of the countdown")
            XCTAssertNil(rig.session.countdown)
            XCTAssertEqual(rig.session.status, "Recording — press to stop")

            rig.wait(milliseconds: 2_000)
            rig.session.frameShown()
            XCTAssertTrue(rig.session.status.hasPrefix("Press to stop · "))
            XCTAssertTrue(rig.session.isRecording, "nothing is held, and it records on")
            rig.session.press()
            XCTAssertEqual(rig.capture.calls.last, .finishSegment(discard: false), "the next press stops it")
            rig.session.release()
            rig.capture.endSegment(seconds: 2)
            XCTAssertEqual(rig.recordFinishedEvents.count, 1)
            XCTAssertTrue(rig.session.status.hasPrefix("1 segment"))
        }
    }

    func testAPressDuringTheCountdownCallsItOff() {
        onMain {
            let rig = CreateSessionRig()
            rig.openLive()
            rig.session.timerSeconds = 10
            rig.session.press()
            rig.session.release()
            rig.wait(milliseconds: 1_000)
            rig.session.press()
            rig.session.release()
            XCTAssertNil(rig.session.countdown)
            XCTAssertEqual(rig.session.status, "Hold to record")
            XCTAssertEqual(rig.session.tools, .init(recording: false, hasSegments: false))
            XCTAssertEqual(rig.timers.waiting, 0, "the countdown's clock stopped")
            rig.wait(milliseconds: 12_000)
            XCTAssertEqual(rig.capture.calls, [.filter(.none), .start], "nothing was recorded")
            XCTAssertFalse(rig.events.events.contains(.recordStarted))
        }
    }

    func testALimitChosenIsKeptAndALimitThatCannotBeSavedIsSaid() {
        onMain {
            let rig = CreateSessionRig()
            rig.session.changeLimit(60)
            XCTAssertEqual(rig.preferences.load().recordingLimitSeconds, 60)
            XCTAssertEqual(rig.session.toast, "Clips up to 1 min")
            rig.preferences.failure = .diskFull(path: "/config")
            rig.session.changeLimit(30)
            XCTAssertEqual(rig.session.limitSeconds, 30, "it holds for this run")
            XCTAssertEqual(rig.errors, ["preferences"], "said in the events (the toast then says the new limit)")
            XCTAssertEqual(rig.session.toast, "Clips up to 30 s")
            rig.wait(milliseconds: 3_000)
            XCTAssertNil(rig.session.toast, "the toast goes after 3 s")

            rig.openLive()
            rig.hold(seconds: 1)
            rig.session.applyRecordingLimit(90)
            XCTAssertEqual(rig.session.limitSeconds, 30, "a clip under way keeps its limit")
            rig.session.press()
            rig.wait(milliseconds: 30_000)
            XCTAssertFalse(rig.session.isRecording, "stopped at the clip's 30 s")
        }
    }
}
