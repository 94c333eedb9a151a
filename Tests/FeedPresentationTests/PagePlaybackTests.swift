import FeedCore
@testable import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// A feed page's player decisions without a display, against FeedTesting's FakePagePlayer.
final class PagePlaybackTests: XCTestCase {
    private static func post(_ id: Int64, size: PixelSize? = nil) -> Post {
        Post(id: id, author: Author(handle: "ann", name: "Ann"), caption: "post \(id)", music: "",
             videoURI: "file:///v\(id).mp4", width: size?.width ?? 0, height: size?.height ?? 0,
             created: Date(timeIntervalSince1970: 0))
    }

    func testANewPostLoadsOnceAndTheSamePostAtTheSamePlaceKeepsPlaying() {
        onMain {
            let player = FakePagePlayer()
            let page = PagePlayback(player: player)
            XCTAssertTrue(page.load(Self.post(1), index: 0, uri: "file:///v1.mp4"))
            XCTAssertFalse(page.load(Self.post(1), index: 0, uri: "file:///v1.mp4"), "the same post is not reloaded")
            XCTAssertTrue(page.load(Self.post(1), index: 3, uri: "file:///v1.mp4"), "the same post further on is its own page")
            XCTAssertTrue(page.load(Self.post(2), index: 3, uri: "file:///v2.mp4"))
            XCTAssertEqual(player.commands, [.load("file:///v1.mp4"), .load("file:///v1.mp4"), .load("file:///v2.mp4")])
            XCTAssertEqual(page.post?.id, 2)
            XCTAssertTrue(page.isLoading)
        }
    }

    func testLeavingPausesNowAndRewindsOnceLater() {
        onMain {
            let player = FakePagePlayer()
            let page = PagePlayback(player: player)
            _ = page.load(Self.post(1), index: 0, uri: "u1")
            page.activate()
            player.clearCommands()
            page.leave()
            XCTAssertEqual(player.commands, [.pause], "no flushing seek while the next page starts")
            XCTAssertTrue(page.needsRewind)
            page.rewindIfLeft()
            page.rewindIfLeft()
            XCTAssertEqual(player.commands, [.pause, .rewind], "rewound once")
            XCTAssertFalse(page.needsRewind)
        }
    }

    func testComingBackBeforeTheRewindPlaysFromWhereItWas() {
        onMain {
            let player = FakePagePlayer()
            let page = PagePlayback(player: player)
            _ = page.load(Self.post(1), index: 0, uri: "u1")
            page.leave()
            page.activate()
            page.rewindIfLeft()
            XCTAssertEqual(player.commands, [.load("u1"), .pause, .play], "the pending rewind is dropped")
            XCTAssertTrue(page.isPlaying)
        }
    }

    func testTryAgainLoadsTheSameVideoAfterAnError() {
        onMain {
            let player = FakePagePlayer()
            let page = PagePlayback(player: player)
            _ = page.load(Self.post(1), index: 0, uri: "https://example.org/v1.mp4")
            XCTAssertFalse(page.retry(), "nothing to retry while it has no error")
            player.fail(MediaError(kind: .offline, message: "offline"))
            XCTAssertTrue(page.error?.isRetryable == true)
            player.clearCommands()
            XCTAssertTrue(page.retry())
            XCTAssertEqual(player.commands, [.unload, .load("https://example.org/v1.mp4")])
            XCTAssertNil(page.error)
            XCTAssertTrue(page.isLoading)
        }
    }

    func testAnErrorTakesTheFrameAwayAndANewPostClearsIt() {
        onMain {
            let player = FakePagePlayer()
            let page = PagePlayback(player: player)
            var errors: [MediaError] = []
            page.onError = { errors.append($0) }
            _ = page.load(Self.post(1), index: 0, uri: "u1")
            XCTAssertTrue(page.framePainted(), "the first frame")
            XCTAssertFalse(page.framePainted())
            let error = MediaError(kind: .corrupt, message: "This video is damaged or isn’t a video file.")
            player.fail(error)
            XCTAssertEqual(errors, [error])
            XCTAssertEqual(page.error, error)
            XCTAssertFalse(page.hasFrame, "what was drawn before the error is gone")
            XCTAssertFalse(page.setPaused(true, showIndicator: true), "no pause mark over an error card")
            _ = page.load(Self.post(2), index: 1, uri: "u2")
            XCTAssertNil(page.error)
            XCTAssertTrue(page.setPaused(true, showIndicator: true))
            XCTAssertFalse(page.setPaused(true, showIndicator: false), "a hidden window's pause shows no mark")
        }
    }

    func testAVideoNothingPlaysShowsWhyAtOnceWithoutLoadingAndIsNeverRetried() {
        onMain {
            let player = FakePagePlayer()
            let page = PagePlayback(player: player)
            var shown: [PagePlayback.Change] = []
            page.onShow = { shown.append($0) }
            _ = page.load(Self.post(1), index: 0, uri: "file:///v1.mp4")
            player.clearCommands()
            shown.removeAll()
            let live = UnplayableVideo(reason: .live, identity: "https://video.example/w/abc")
            var post = Self.post(2)
            post.videoURI = live.address
            XCTAssertTrue(page.load(post, index: 1, uri: live.address))
            XCTAssertEqual(player.commands, [.unload], "the previous video stops; no player is given the address")
            XCTAssertEqual(shown, [.loaded(isNew: true), .failed(live.error)], "the card at once, no loading in between")
            XCTAssertEqual(page.error?.kind, .unplayable)
            XCTAssertFalse(page.isLoading, "no spinner")
            XCTAssertFalse(page.error?.isRetryable ?? true)
            XCTAssertFalse(page.retry(), "Try Again would change nothing")
            XCTAssertEqual(player.commands, [.unload])
            _ = page.load(Self.post(3), index: 2, uri: "file:///v3.mp4")
            XCTAssertNil(page.error, "the next post plays")
            XCTAssertEqual(player.commands.last, .load("file:///v3.mp4"))
        }
    }

    func testEachPassReportsTheFramesPaintedDuringIt() {
        onMain {
            let player = FakePagePlayer()
            let page = PagePlayback(player: player)
            var passes: [Int] = []
            page.onLoop = { _, frames in passes.append(frames) }
            _ = page.load(Self.post(1), index: 0, uri: "u1")
            page.activate()
            for _ in 0..<30 { _ = page.framePainted() }
            player.endPass(LoopPass(seamUs: 3_000, intervalUs: 33_000, framesDecoded: 30))
            for _ in 0..<29 { _ = page.framePainted() }
            player.endPass(LoopPass(seamUs: 3_000, intervalUs: 33_000, framesDecoded: 30))
            for _ in 0..<5 { _ = page.framePainted() }
            page.activate()
            player.endPass(LoopPass(seamUs: 3_000, intervalUs: 33_000, framesDecoded: 30))
            XCTAssertEqual(passes, [30, 29, 0], "counting restarts when the page comes on screen")
        }
    }

    func testTheVideoShapeIsThePlayersOnceKnownElseTheLibrarys() {
        onMain {
            let player = FakePagePlayer()
            let page = PagePlayback(player: player)
            var ready: [PixelSize?] = []
            page.onReady = { ready.append($0) }
            _ = page.load(Self.post(1, size: PixelSize(width: 720, height: 1280)), index: 0, uri: "u1")
            XCTAssertEqual(page.videoShape, PixelSize(width: 720, height: 1280))
            player.finishLoading(size: PixelSize(width: 1080, height: 1920))
            XCTAssertEqual(page.videoShape, PixelSize(width: 1080, height: 1920))
            XCTAssertEqual(ready, [PixelSize(width: 1080, height: 1920)])
            XCTAssertFalse(page.isLoading)
        }
    }

    func testClearingUnloadsAndForgetsThePost() {
        onMain {
            let player = FakePagePlayer()
            let page = PagePlayback(player: player)
            _ = page.load(Self.post(1), index: 4, uri: "u1")
            page.leave()
            page.clear()
            XCTAssertNil(page.post)
            XCTAssertNil(page.index)
            XCTAssertFalse(page.needsRewind, "an empty page has nothing to rewind")
            XCTAssertEqual(player.commands.last, .unload)
            XCTAssertEqual(player.phase, .empty)
            XCTAssertTrue(page.load(Self.post(1), index: 4, uri: "u1"), "the same post again is loaded again")
        }
    }

    /// The page's widgets follow these: each change once, the view's before the owner hears.
    func testTheViewIsToldEachChangeOfThePage() {
        onMain {
            let player = FakePagePlayer()
            let page = PagePlayback(player: player)
            var shown: [PagePlayback.Change] = []
            var viewHadShown: PagePlayback.Change?
            page.onShow = { shown.append($0) }
            page.onError = { _ in viewHadShown = shown.last }
            _ = page.load(Self.post(1), index: 0, uri: "u1")
            _ = page.load(Self.post(1), index: 0, uri: "u1")
            page.activate()
            page.setPaused(true)
            page.setPaused(true, showIndicator: false)
            XCTAssertFalse(page.update(Self.post(2)), "another post's details are not this page's")
            XCTAssertTrue(page.update(Self.post(1)))
            player.finishLoading(size: nil)
            let error = MediaError(kind: .corrupt, message: "bad")
            player.fail(error)
            page.setPaused(true)
            XCTAssertTrue(page.retry())
            page.leave()
            page.clear()
            XCTAssertEqual(shown, [.loaded(isNew: true), .loaded(isNew: false), .playing(true, pauseMark: false),
                                   .playing(false, pauseMark: true), .playing(false, pauseMark: false), .updated,
                                   .ready(nil), .failed(error), .playing(false, pauseMark: false), .retrying,
                                   .playing(false, pauseMark: false), .cleared])
            XCTAssertEqual(viewHadShown, .failed(error), "the error card before the owner's report")
        }
    }
}
