import FeedCore
@testable import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// The tab left and come back to, and what goes wrong with the camera, said.
final class CreateSessionCameraTests: XCTestCase {
    func testLeavingMidHoldKeepsTheSegmentAndLetsGoOfTheCameraOnceItIsSaved() throws {
        try onMain {
            let rig = CreateSessionRig()
            rig.openLive()
            rig.session.press()
            rig.wait(milliseconds: 1_000)
            let first = rig.capture
            rig.session.deactivate()
            XCTAssertEqual(first.calls.last, .finishSegment(discard: false), "the hold ends with the tab")
            XCTAssertFalse(first.calls.contains(.stop), "not before the segment is saved: its file would be cut short")
            XCTAssertEqual(Array(rig.sounds.calls.suffix(2)), [.close, .stop])
            XCTAssertEqual(rig.editor.calls.last, .pause)

            first.endSegment(seconds: 1)
            XCTAssertEqual(first.calls.last, .stop, "let go once saved")
            XCTAssertEqual(rig.recordFinishedEvents.count, 1)

            rig.session.activate()
            XCTAssertEqual(rig.captureSessions.count, 2, "the camera opens again on return")
            rig.capture.goLive()
            XCTAssertTrue(rig.session.status.hasPrefix("1 segment"), "the segment is still part of the clip")
            rig.hold(seconds: 1)
            XCTAssertTrue(rig.session.returnPressed())
            XCTAssertEqual(rig.jobs.pendingJoins, [try XCTUnwrap(rig.session.clipFolder)])
            XCTAssertEqual(rig.recordFinishedEvents.count, 2)
        }
    }

    func testLeavingWhileHandsFreeStopsTheSegmentAndDuringTheCountdownCallsItOff() {
        onMain {
            let rig = CreateSessionRig()
            rig.openLive()
            rig.session.timerSeconds = 3
            rig.session.press()
            rig.wait(milliseconds: 4_000)
            XCTAssertTrue(rig.session.isRecording)
            rig.session.deactivate()
            XCTAssertEqual(rig.capture.calls.last, .finishSegment(discard: false))
            rig.capture.endSegment(seconds: 1)
            XCTAssertEqual(rig.capture.calls.last, .stop)

            rig.session.activate()
            rig.capture.goLive()
            rig.session.press()
            XCTAssertEqual(rig.session.countdown, "3")
            rig.session.deactivate()
            XCTAssertNil(rig.session.countdown)
            XCTAssertEqual(rig.capture.calls.last, .stop)
            rig.wait(milliseconds: 5_000)
            XCTAssertEqual(rig.events.events.filter { $0 == .recordStarted }.count, 1, "the countdown did not go on alone")
        }
    }

    func testAJoinAnsweredWhileTheTabIsAwayWaitsInThePausedEditor() {
        onMain {
            let rig = CreateSessionRig()
            rig.openLive()
            rig.hold(seconds: 2)
            XCTAssertTrue(rig.session.returnPressed())
            XCTAssertEqual(rig.session.status, "Joining…")
            XCTAssertEqual(rig.capture.calls.last, .stop, "the camera is let go while joining")
            rig.session.deactivate()
            rig.session.activate()
            XCTAssertEqual(rig.captureSessions.count, 1, "no camera while the segments are joined")
            rig.session.deactivate()
            rig.jobs.finishJoin(with: .success(ClipFacts(url: URL(fileURLWithPath: "/data/clip.mp4"), durationSeconds: 2,
                                                         size: PixelSize(width: 720, height: 1280), hasAudio: true)))
            XCTAssertEqual(rig.session.page, .edit)
            XCTAssertEqual(Array(rig.editor.calls.suffix(2)),
                           [.show(URL(fileURLWithPath: "/data/clip.mp4"), seconds: 2, speed: .normal, sound: nil), .pause])
            rig.session.activate()
            XCTAssertEqual(rig.editor.calls.last, .resume)
            XCTAssertEqual(rig.pagesShown, ["edit"])
        }
    }

    func testWithoutACameraTheMissingPageSaysWhyAndOneArrivingOpensIt() {
        onMain {
            let rig = CreateSessionRig(cameras: [])
            rig.session.activate()
            XCTAssertEqual(rig.session.page, .missing)
            XCTAssertEqual(rig.session.deviceRows.map(\.sentence), ["No camera found", "Microphone: Headset"])
            XCTAssertEqual(rig.errors, ["camera"])
            XCTAssertTrue(rig.captureSessions.isEmpty)
            rig.session.press()
            rig.session.release()
            XCTAssertTrue(rig.captureSessions.isEmpty, "R on the missing page records nothing")

            rig.directory.cameras = [CameraDevice(name: "USB Camera", path: "/dev/video2")]
            XCTAssertEqual(rig.session.page, .camera, "plugged in: the camera opens by itself")
            XCTAssertEqual(rig.captureSessions.count, 1)
            XCTAssertEqual(rig.pagesShown, ["missing", "camera"])
        }
    }

    func testACameraFailingMidHoldIsSaidAndAPressOpensItAgain() {
        onMain {
            let rig = CreateSessionRig()
            rig.openLive()
            rig.session.press()
            rig.wait(milliseconds: 800)
            rig.capture.fail(.pipeline("device gone"))
            XCTAssertEqual(rig.session.status, RecorderError.pipeline("device gone").description)
            XCTAssertEqual(rig.errors, ["recording"])
            XCTAssertFalse(rig.session.isRecording)
            XCTAssertEqual(rig.capture.calls.last, .stop, "the failed session is let go")
            XCTAssertEqual(rig.timers.waiting, 0)
            XCTAssertEqual(rig.session.page, .camera)

            rig.session.release()
            rig.session.press()
            XCTAssertEqual(rig.captureSessions.count, 2, "the next press opens the camera again")
            rig.capture.goLive()
            XCTAssertNotNil(rig.capture.segmentPath, "and records from the moment it is live, as it is held")
        }
    }

    func testAFolderThatCannotBeWrittenStopsTheHoldAndIsSaid() {
        onMain {
            let rig = CreateSessionRig()
            rig.openLive()
            rig.jobs.folderProblem = .diskFull(path: "/data/recordings")
            rig.session.press()
            XCTAssertNil(rig.capture.segmentPath)
            XCTAssertEqual(rig.session.status, RecorderError.notWritable(path: "/data/recordings").description)
            XCTAssertEqual(rig.errors, ["recording"])
            XCTAssertFalse(rig.session.isRecording)

            rig.jobs.folderProblem = nil
            rig.session.release()
            rig.session.press()
            XCTAssertEqual(rig.captureSessions.count, 2)
            rig.capture.segmentError = .diskFull(path: "/data/recordings/clip")
            rig.capture.goLive()
            XCTAssertEqual(rig.session.status, RecorderError.diskFull(path: "/data/recordings/clip").description)
            XCTAssertEqual(rig.errors, ["recording", "recording"])
        }
    }
}
