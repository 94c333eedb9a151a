import FeedCore
import Foundation
import XCTest

final class CreateFlowTests: XCTestCase {
    private let joinedClip = CreateFlow.Clip(url: URL(fileURLWithPath: "/r/clip-1/clip.mp4"), seconds: 4.5, recorded: true)
    private let albumClip = CreateFlow.Clip(url: URL(fileURLWithPath: "/home/u/Videos/a.mp4"), seconds: 9, recorded: false)

    /// A live camera with `segments` saved.
    private func readyRecorder(segments: Int = 0) -> Recorder {
        var recorder = Recorder()
        _ = recorder.cameraRequested()
        _ = recorder.cameraReady(nowUs: 0)
        for index in 0..<segments {
            let start = Int64(index) * 3_000_000
            _ = recorder.press(nowUs: start)
            _ = recorder.release(nowUs: start + 2_000_000)
            _ = recorder.segmentFinished(seconds: 2, nowUs: start + 2_100_000)
        }
        return recorder
    }

    /// A segment released and still being written.
    private func finishingRecorder() -> Recorder {
        var recorder = readyRecorder(segments: 1)
        _ = recorder.press(nowUs: 10_000_000)
        XCTAssertEqual(recorder.release(nowUs: 12_000_000), .finishSegment)
        XCTAssertEqual(recorder.state, .finishing)
        return recorder
    }

    func testAFreshTabOpensTheCamera() {
        var flow = CreateFlow()
        XCTAssertEqual(flow.open(), .openCamera)
        XCTAssertEqual(flow.stage, .capturing)
        XCTAssertTrue(flow.canRecord)
        XCTAssertNil(flow.clip)
    }

    func testACrashLeftoverIsJoinedOnTheFirstVisitOnly() {
        let folder = URL(fileURLWithPath: "/r/clip-crashed")
        var flow = CreateFlow(leftover: folder)
        XCTAssertEqual(flow.open(), .recoverLeftover(folder))
        XCTAssertTrue(flow.isJoining)
        XCTAssertNil(flow.leftover, "a leftover is recovered once")
        XCTAssertFalse(flow.canRecord, "no recording over a clip being recovered")
        XCTAssertEqual(flow.open(), .waitForJoin, "leaving and coming back while joining waits")
        XCTAssertEqual(flow.joined(joinedClip), CreateFlow.Replay(typed: "", post: false))
        XCTAssertEqual(flow.open(), .resumeEditor)
    }

    func testALeftoverThatCannotBeJoinedGoesBackToTheCameraAndIsNotRetried() {
        var flow = CreateFlow(leftover: URL(fileURLWithPath: "/r/clip-broken"))
        _ = flow.open()
        flow.joinFailed()
        XCTAssertEqual(flow.stage, .capturing)
        XCTAssertEqual(flow.open(), .openCamera)
    }

    func testNextJoinsOnlyWithSegmentsOnALiveCamera() {
        var flow = CreateFlow()
        XCTAssertEqual(flow.next(recorder: readyRecorder()), .none, "nothing recorded")
        var holding = readyRecorder(segments: 1)
        _ = holding.press(nowUs: 20_000_000)
        XCTAssertEqual(flow.next(recorder: holding), .none, "Enter while holding R records on")
        XCTAssertEqual(flow.next(recorder: readyRecorder(segments: 2)), .join)
        XCTAssertTrue(flow.isJoining)
        XCTAssertEqual(flow.next(recorder: readyRecorder(segments: 2)), .none, "a second Enter does not join twice")
    }

    func testEnterWhileASegmentIsSavedJoinsOnceItIs() {
        var flow = CreateFlow()
        XCTAssertEqual(flow.next(recorder: finishingRecorder()), .waitForSave)
        XCTAssertEqual(flow.stage, .capturing)
        XCTAssertEqual(flow.segmentSaved(), .next)
        XCTAssertEqual(flow.segmentSaved(), .nothing, "the wait is used once")
        XCTAssertEqual(flow.next(recorder: readyRecorder(segments: 2)), .join)
    }

    func testLeavingWhileSavingClosesTheCameraOnceSaved() {
        var flow = CreateFlow()
        XCTAssertFalse(flow.closeCamera(recorder: finishingRecorder()), "cutting the pipeline now would cut the file")
        XCTAssertFalse(flow.canRecord, "a hold while the camera closes records nothing")
        XCTAssertEqual(flow.segmentSaved(), .closeCamera(thenNext: false))
        XCTAssertTrue(flow.canRecord)
        XCTAssertTrue(flow.closeCamera(recorder: readyRecorder(segments: 1)))
    }

    func testComingBackBeforeTheSegmentIsSavedKeepsTheCamera() {
        var flow = CreateFlow()
        _ = flow.closeCamera(recorder: finishingRecorder())
        XCTAssertEqual(flow.open(), .openCamera)
        XCTAssertEqual(flow.segmentSaved(), .nothing, "the camera is wanted again: it must not close")
    }

    func testEnterThenLeavingAndComingBackWhileSavingStillJoins() {
        var flow = CreateFlow()
        XCTAssertEqual(flow.next(recorder: finishingRecorder()), .waitForSave)
        XCTAssertFalse(flow.closeCamera(recorder: finishingRecorder()))
        XCTAssertEqual(flow.afterSave, .closeCamera(thenNext: true))
        XCTAssertFalse(flow.canStartFromAlbum(Recorder()), "no album while the camera is closing")
        XCTAssertEqual(flow.open(), .openCamera)
        XCTAssertEqual(flow.segmentSaved(), .next, "back in time: the Enter still counts")
    }

    func testEnterThenLeavingForGoodClosesTheCameraOnly() {
        var flow = CreateFlow()
        _ = flow.next(recorder: finishingRecorder())
        _ = flow.closeCamera(recorder: finishingRecorder())
        XCTAssertEqual(flow.segmentSaved(), .closeCamera(thenNext: true))
        XCTAssertEqual(flow.afterSave, .nothing)
        XCTAssertEqual(flow.open(), .openCamera, "coming back later starts on the camera")
    }

    func testTypingWhileJoiningIsKeptForTheCaptionAndReplayed() {
        var flow = CreateFlow()
        XCTAssertFalse(flow.typed("x"), "on the camera a key is a shortcut")
        XCTAssertFalse(flow.postShortcut())
        _ = flow.next(recorder: readyRecorder(segments: 1))
        for character in "fun r" { XCTAssertTrue(flow.typed(character)) }
        XCTAssertTrue(flow.postShortcut())
        XCTAssertEqual(flow.joined(joinedClip), CreateFlow.Replay(typed: "fun r", post: true))
        XCTAssertEqual(flow.clip, joinedClip)
        XCTAssertFalse(flow.typed("y"), "in the editor typing goes to the page")
    }

    func testAFailedJoinDropsWhatWasTyped() {
        var flow = CreateFlow()
        _ = flow.next(recorder: readyRecorder(segments: 1))
        _ = flow.typed("a")
        flow.joinFailed()
        XCTAssertEqual(flow.stage, .capturing)
        XCTAssertNil(flow.joined(joinedClip), "a late join result after a failure is ignored")
        XCTAssertNil(flow.clip)
    }

    func testAlbumOnlyBeforeAnythingIsRecorded() {
        var flow = CreateFlow()
        XCTAssertTrue(flow.canStartFromAlbum(readyRecorder()))
        XCTAssertTrue(flow.canStartFromAlbum(Recorder()), "without a camera too")
        XCTAssertFalse(flow.canStartFromAlbum(readyRecorder(segments: 1)))
        var counting = readyRecorder()
        _ = counting.startCountdown(nowUs: 0, seconds: 3)
        XCTAssertFalse(flow.canStartFromAlbum(counting), "the self-timer is running")
        var recording = readyRecorder()
        _ = recording.press(nowUs: 0)
        XCTAssertFalse(flow.albumOpened(albumClip, recorder: recording), "a recording started meanwhile wins")
        XCTAssertEqual(flow.stage, .capturing)
        XCTAssertTrue(flow.albumOpened(albumClip, recorder: readyRecorder()))
        XCTAssertEqual(flow.clip, albumClip)
        XCTAssertFalse(flow.canStartFromAlbum(readyRecorder()), "one clip at a time")
        XCTAssertFalse(flow.canRecord)
    }

    func testPostingOnceAtATimeAndAFailureKeepsTheClip() {
        var flow = CreateFlow()
        XCTAssertNil(flow.beginPublishing(), "nothing to post")
        XCTAssertTrue(flow.albumOpened(albumClip, recorder: readyRecorder()))
        XCTAssertEqual(flow.beginPublishing(), albumClip)
        XCTAssertTrue(flow.isPublishing)
        XCTAssertNil(flow.beginPublishing(), "a second Post while one is on its way")
        XCTAssertEqual(flow.open(), .resumeEditor)
        flow.publishingFailed()
        XCTAssertEqual(flow.stage, .reviewing(albumClip), "the clip is still there after a full disk")
        XCTAssertEqual(flow.beginPublishing(), albumClip, "and Post works again")
    }

    func testAPostedOrDiscardedClipStartsAfresh() {
        var flow = CreateFlow()
        _ = flow.next(recorder: readyRecorder(segments: 1))
        _ = flow.joined(joinedClip)
        _ = flow.beginPublishing()
        flow.finishClip()
        XCTAssertEqual(flow.stage, .capturing)
        XCTAssertNil(flow.clip)
        XCTAssertTrue(flow.canRecord)
        XCTAssertEqual(flow.open(), .openCamera)
    }
}
