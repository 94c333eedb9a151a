import FeedCore
@testable import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// Slow jobs on the clip (joins, probes, covers, renders) whose answers come after the user
/// moved on: dropped, or kept for what the user did meanwhile.
final class CreateSessionJobTests: XCTestCase {
    private static func video(_ url: URL, seconds: Double) -> ClipFacts {
        ClipFacts(url: url, durationSeconds: seconds, size: PixelSize(width: 720, height: 1280), hasAudio: true)
    }

    func testAnAlbumVideoProbedAfterRecordingBeganIsDropped() {
        onMain {
            let rig = CreateSessionRig()
            rig.openLive()
            let file = URL(fileURLWithPath: "/home/me/Videos/beach.mp4")
            XCTAssertTrue(rig.session.canStartFromAlbum)
            rig.session.openAlbumVideo(file)
            XCTAssertEqual(rig.session.status, "Opening beach.mp4…")
            rig.session.press()
            XCTAssertFalse(rig.session.canStartFromAlbum, "recording now")
            rig.jobs.finishProbe(file, with: .success(Self.video(file, seconds: 4)))
            XCTAssertTrue(rig.session.isRecording, "the hold goes on")
            XCTAssertFalse(rig.capture.calls.contains(.stop), "the camera stays")
            XCTAssertFalse(rig.capture.calls.contains(.finishSegment(discard: false)))
            XCTAssertEqual(rig.editor.calls, [])
            XCTAssertEqual(rig.session.page, .camera)
            XCTAssertFalse(rig.session.isReviewing)
        }
    }

    func testAnAlbumVideoOpensTrimmedToTheLimitAndARefusedFileIsSaid() throws {
        try onMain {
            let rig = CreateSessionRig(limitSeconds: 15)
            rig.openLive()
            let song = URL(fileURLWithPath: "/home/me/song.ogg")
            rig.session.openAlbumVideo(song)
            rig.jobs.finishProbe(song, with: .success(ClipFacts(url: song, durationSeconds: 3, size: nil, hasAudio: true)))
            XCTAssertEqual(rig.session.toast, "“song.ogg” isn’t a video Loopfeed can open.")
            XCTAssertEqual(rig.errors, ["album"])

            let file = URL(fileURLWithPath: "/home/me/Videos/long.mp4")
            rig.session.openAlbumVideo(file)
            rig.jobs.finishProbe(file, with: .success(Self.video(file, seconds: 40)))
            XCTAssertEqual(rig.capture.calls.last, .stop, "the camera is let go")
            XCTAssertEqual(rig.session.page, .edit)
            XCTAssertEqual(rig.editor.calls, [.show(file, seconds: 40, speed: .normal, sound: nil), .limit(15)])
            XCTAssertTrue(try XCTUnwrap(rig.session.clipFolder).path.hasPrefix("/data/recordings/album-"))
        }
    }

    func testCoverFramesAskedForOnAnEarlierVisitToThePostingPageAreDropped() {
        onMain {
            let rig = CreateSessionRig()
            rig.recordAndJoin()
            XCTAssertTrue(rig.session.returnPressed())
            rig.session.backToEditor()
            XCTAssertEqual(rig.session.page, .edit)
            XCTAssertEqual(rig.editor.calls.last, .resume)
            rig.editor.edit = ClipEdit(overlayText: "hello")
            XCTAssertTrue(rig.session.returnPressed())
            let jobs = rig.jobs.pendingCovers
            XCTAssertEqual(jobs.count, 2)
            XCTAssertTrue(jobs[0].ticket.isCancelled, "the first edit's frames are called off")
            XCTAssertFalse(jobs[1].ticket.isCancelled)

            let old = [URL(fileURLWithPath: "/data/old.png")], new = [URL(fileURLWithPath: "/data/new.png")]
            rig.jobs.finishCovers(old)
            rig.jobs.finishCovers(new)
            XCTAssertEqual(rig.posting.covers, [new])
            rig.posting.post()
            rig.jobs.finishRender(with: .success(URL(fileURLWithPath: "/data/final.mp4")))
            XCTAssertEqual(rig.publisher.published.first?.cover, new[0])
        }
    }

    func testARenderStillRunningWhenTheClipIsDiscardedIsCalledOff() throws {
        try onMain {
            let rig = CreateSessionRig()
            rig.recordAndJoin()
            let folder = try XCTUnwrap(rig.session.clipFolder)
            rig.editor.edit = ClipEdit(speed: .half)
            XCTAssertTrue(rig.session.returnPressed())
            rig.posting.post()
            let render = try XCTUnwrap(rig.jobs.pendingRenders.first)
            rig.session.backToEditor()
            XCTAssertEqual(rig.session.page, .posting, "not while posting")

            rig.session.discardClip()
            XCTAssertTrue(render.ticket.isCancelled)
            XCTAssertTrue(rig.jobs.pendingCovers[0].ticket.isCancelled)
            XCTAssertEqual(rig.jobs.discarded, [folder])
            XCTAssertEqual(rig.session.page, .camera)
            XCTAssertEqual(rig.captureSessions.count, 2, "back on the camera")
            rig.jobs.finishRender(with: .success(URL(fileURLWithPath: "/data/final.mp4")))
            rig.jobs.finishCovers([URL(fileURLWithPath: "/data/cover.png")])
            XCTAssertTrue(rig.publisher.published.isEmpty)
            XCTAssertTrue(rig.posting.covers.isEmpty)
            XCTAssertFalse(rig.session.isReviewing)
        }
    }

    func testWhatIsTypedWhileJoiningBecomesTheCaptionAndCtrlEnterPostsIt() {
        onMain {
            let rig = CreateSessionRig()
            rig.openLive()
            rig.hold(seconds: 2)
            XCTAssertTrue(rig.session.returnPressed())
            XCTAssertTrue(rig.session.startCaption(with: "h"), "kept, not taken as a shortcut")
            XCTAssertTrue(rig.session.startCaption(with: "i"))
            XCTAssertTrue(rig.session.postShortcut())
            XCTAssertEqual(rig.session.page, .camera)

            rig.jobs.finishJoin(with: .success(Self.video(URL(fileURLWithPath: "/data/clip.mp4"), seconds: 2)))
            XCTAssertEqual(rig.session.page, .posting)
            XCTAssertEqual(rig.posting.caption, "hi")
            rig.jobs.finishCovers([URL(fileURLWithPath: "/data/cover.png")])
            XCTAssertEqual(rig.publisher.published.map(\.caption), ["hi"])
        }
    }

    func testAJoinThatFailsIsSaidAndTheCameraComesBack() {
        onMain {
            let rig = CreateSessionRig()
            rig.openLive()
            rig.hold(seconds: 2)
            XCTAssertTrue(rig.session.returnPressed())
            XCTAssertTrue(rig.session.startCaption(with: "x"))
            rig.jobs.finishJoin(with: .failure(ClipJobFailure("The segments could not be joined.")))
            XCTAssertEqual(rig.session.status, "The segments could not be joined.")
            XCTAssertEqual(rig.session.toast, "The segments could not be joined.")
            XCTAssertEqual(rig.captureSessions.count, 2, "the camera opens again")
            XCTAssertFalse(rig.session.startCaption(with: "y"), "keys are the camera's again")
            rig.wait(milliseconds: 3_000)
            XCTAssertNil(rig.session.toast)
        }
    }
}
