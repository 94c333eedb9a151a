import FeedCore
@testable import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// From the editor to a stored post: cover frames, rendering, publishing, and what a failure
/// leaves (the clip, always).
final class CreateSessionPostingTests: XCTestCase {
    private static let covers = (0..<8).map { URL(fileURLWithPath: "/data/recordings/cover-\($0).png") }

    func testAnUneditedRecordingIsPostedAsItIsAndTheTabStartsOver() throws {
        try onMain {
            let rig = CreateSessionRig()
            rig.recordAndJoin(seconds: 2)
            let folder = try XCTUnwrap(rig.session.clipFolder)
            XCTAssertEqual(rig.session.page, .edit)
            XCTAssertTrue(rig.session.returnPressed(), "Enter on the editor: Next")
            XCTAssertEqual(rig.session.page, .posting)
            let coverJob = try XCTUnwrap(rig.jobs.pendingCovers.first)
            XCTAssertEqual(coverJob.times, [0.125, 0.375, 0.625, 0.875, 1.125, 1.375, 1.625, 1.875])
            XCTAssertEqual(coverJob.folder, folder)
            rig.jobs.finishCovers(Self.covers)
            XCTAssertEqual(rig.posting.covers, [Self.covers])

            XCTAssertTrue(rig.session.postShortcut())
            XCTAssertTrue(rig.jobs.pendingRenders.isEmpty, "nothing to render")
            let publication = try XCTUnwrap(rig.publisher.published.first)
            XCTAssertEqual(publication.clip, URL(fileURLWithPath: "/data/clip.mp4"))
            XCTAssertEqual(publication.music, "", "its own sound: named with the author as they are when shown")
            XCTAssertEqual(publication.cover, Self.covers[0], "the first frame when none was picked")
            XCTAssertEqual(publication.duration, 2)
            XCTAssertNil(publication.copyFolder)
            XCTAssertEqual(rig.publisher.pending.first?.removeWhenDone, folder, "the publisher removes the folder")
            XCTAssertEqual(rig.posting.busyText, "Posting…")

            rig.publisher.finishStore(with: .success(CreateSessionRig.post(id: 7)))
            XCTAssertEqual(rig.posted.map(\.id), [7])
            XCTAssertTrue(rig.events.events.contains(.posted(postID: 7)))
            XCTAssertEqual(rig.feedNotices, ["Posted."])
            XCTAssertEqual(rig.pagesShown, ["edit", "posting", "camera"])
            XCTAssertEqual(rig.editor.calls.last, .unload)
            XCTAssertEqual(rig.posting.resets, 1)
            XCTAssertNil(rig.session.clipFolder)
            XCTAssertTrue(rig.jobs.discarded.isEmpty, "the folder is the publisher's to remove")
            XCTAssertFalse(rig.session.isReviewing)
            XCTAssertEqual(rig.session.status, "Hold to record")
            XCTAssertFalse(rig.session.showsSegmentBar)
        }
    }

    func testPostPressedBeforeTheCoverFramesWaitsForThem() {
        onMain {
            let rig = CreateSessionRig()
            rig.recordAndJoin()
            XCTAssertTrue(rig.session.returnPressed())
            rig.posting.saveCopy = true
            rig.posting.post()
            XCTAssertTrue(rig.publisher.published.isEmpty, "a post without its cover would show a blank tile")
            XCTAssertEqual(rig.posting.busyText, "Posting…")
            rig.posting.post()
            XCTAssertTrue(rig.publisher.published.isEmpty, "Post again while busy does nothing")

            rig.jobs.finishCovers(Self.covers)
            XCTAssertEqual(rig.publisher.published.count, 1, "posted as soon as the covers are there")
            XCTAssertEqual(rig.publisher.published.first?.cover, Self.covers[0])
            XCTAssertEqual(rig.publisher.published.first?.copyFolder, URL(fileURLWithPath: "/home/me/Videos"))
            XCTAssertTrue(rig.preferences.load().saveCopyToVideos, "the switch is remembered")

            rig.publisher.finishStore(with: .success(CreateSessionRig.post(id: 3)))
            XCTAssertEqual(rig.posted.map(\.id), [3])
            XCTAssertTrue(rig.feedNotices.isEmpty, "said with the copy")
            rig.publisher.finishCopy(URL(fileURLWithPath: "/home/me/Videos/clip.mp4"))
            XCTAssertEqual(rig.feedNotices, ["Posted. A copy is in ~/Videos."], "said under the home folder given")
        }
    }

    func testAFailedPublishKeepsTheDraftToPostAgain() throws {
        try onMain {
            let rig = CreateSessionRig()
            rig.recordAndJoin()
            XCTAssertTrue(rig.session.startCaption(with: "m"), "typing on the editor starts the caption")
            XCTAssertEqual(rig.session.page, .posting)
            rig.posting.continueCaption(with: "y clip")
            rig.jobs.finishCovers([])
            rig.posting.coverIndex = nil
            XCTAssertTrue(rig.session.postShortcut())
            rig.publisher.finishStore(with: .failure(.diskFull(path: "/data/media")))

            let error = try XCTUnwrap(rig.posting.error)
            XCTAssertTrue(error.contains("Your clip is still here: free some space and press Post again."), error)
            XCTAssertFalse(rig.posting.isBusy)
            XCTAssertEqual(rig.posting.caption, "my clip")
            XCTAssertEqual(rig.posting.resets, 0)
            XCTAssertFalse(rig.editor.calls.contains(.unload))
            XCTAssertTrue(rig.jobs.discarded.isEmpty)
            XCTAssertTrue(rig.session.isReviewing)
            XCTAssertEqual(rig.session.page, .posting)
            XCTAssertEqual(rig.errors, ["posting"])
            XCTAssertTrue(rig.posted.isEmpty)

            XCTAssertTrue(rig.session.postShortcut())
            XCTAssertEqual(rig.publisher.published.map(\.caption), ["my clip", "my clip"])
            XCTAssertEqual(rig.publisher.published.map(\.clip), [URL(fileURLWithPath: "/data/clip.mp4"), URL(fileURLWithPath: "/data/clip.mp4")])
            rig.publisher.finishStore(with: .success(CreateSessionRig.post(id: 9)))
            XCTAssertEqual(rig.posted.map(\.id), [9])
        }
    }

    func testAnEditIsRenderedAndARetryPostsTheSameRenderWhileItsFileIsThere() throws {
        try onMain {
            let rig = CreateSessionRig()
            rig.recordAndJoin(seconds: 2)
            rig.editor.edit = ClipEdit(trimStart: 0.5)
            XCTAssertTrue(rig.session.returnPressed())
            XCTAssertEqual(rig.jobs.pendingCovers.first?.times.first, 0.5 + 1.5 / 16, "covers from the kept part")
            rig.jobs.finishCovers(Self.covers)
            rig.posting.post()
            let render = try XCTUnwrap(rig.jobs.pendingRenders.first)
            XCTAssertEqual(render.edit, ClipEdit(trimStart: 0.5))
            XCTAssertEqual(rig.posting.busyText, "Preparing your video… 0 %")
            rig.jobs.renderProgress(0.5)
            XCTAssertEqual(rig.posting.busyText, "Preparing your video… 50 %")
            let final = URL(fileURLWithPath: "/data/recordings/final.mp4")
            rig.jobs.finishRender(with: .success(final))
            XCTAssertEqual(rig.publisher.published.map(\.clip), [final])
            XCTAssertEqual(rig.publisher.published.first?.duration, 1.5)
            rig.publisher.finishStore(with: .failure(.notWritable(path: "/data/media")))
            XCTAssertTrue(try XCTUnwrap(rig.posting.error).contains("make the folder writable"))

            rig.posting.post()
            XCTAssertEqual(rig.jobs.pendingRenders.count, 1, "the render's file is gone: made again")
            XCTAssertEqual(rig.jobs.discarded, [final])
            let again = URL(fileURLWithPath: "/data/recordings/final-2.mp4")
            rig.jobs.finishRender(with: .success(again))
            rig.publisher.finishStore(with: .failure(.diskFull(path: "/data/media")))

            rig.jobs.existing = [again]
            rig.posting.post()
            XCTAssertTrue(rig.jobs.pendingRenders.isEmpty, "the render is still there: not made again")
            XCTAssertEqual(rig.publisher.published.map(\.clip), [final, again, again])
        }
    }

    func testARenderThatFailsKeepsTheClipAndSaysWhy() {
        onMain {
            let rig = CreateSessionRig()
            rig.recordAndJoin()
            rig.editor.edit = ClipEdit(speed: .double)
            XCTAssertTrue(rig.session.returnPressed())
            rig.posting.post()
            rig.jobs.finishRender(with: .failure(ClipJobFailure("The encoder stopped.")))
            XCTAssertEqual(rig.posting.error, "The encoder stopped. Your clip is still here; try again.")
            XCTAssertEqual(rig.errors, ["posting"])
            XCTAssertTrue(rig.session.isReviewing)
            XCTAssertTrue(rig.publisher.published.isEmpty)
            rig.posting.post()
            XCTAssertEqual(rig.jobs.pendingRenders.count, 1, "Post again renders again")
        }
    }
}
