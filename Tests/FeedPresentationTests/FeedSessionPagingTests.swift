import FeedCore
import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// The feed's paging without a display: FeedSession over FakePagePlayers, a fake view and a
/// manual clock.
final class FeedSessionPagingTests: XCTestCase {
    func testAtLaunchTheCurrentPostLoadsAloneUntilItsFirstFrame() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 5, launchUs: 400_000)
            feed.session.start()
            XCTAssertEqual(feed.loadedSlots, [feed.current], "only the current post loads at first")
            XCTAssertEqual(feed.currentPlayer.commands, [.load("file:///v5.mp4"), .play])
            feed.advance(ms: 250)
            feed.showFirstFrame(slot: feed.current)
            XCTAssertEqual(feed.loadedSlots.count, 1, "the neighbours load on a later turn, after the paint")
            feed.timers.advance(milliseconds: 0)
            XCTAssertEqual(Set(feed.session.pages.compactMap(\.index)), [0, 1], "the first post has no page above")
            XCTAssertEqual(feed.events(named: "first_frame"),
                           [.firstFrame(postID: feed.postIDs[0], index: 0, latencyUs: 1_250_000 - 400_000, width: 720, height: 1280)],
                           "timed from the launch")
            XCTAssertEqual(feed.view.firstFramesShown, [feed.current])
        }
    }

    func testPagingForwardPlaysThePrerolledNeighbourAndRewindsTheOldPageAfterTheSlide() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 5)
            feed.launchAndSettle()
            let old = feed.current
            let oldPlayer = feed.currentPlayer
            oldPlayer.clearCommands()
            feed.session.move(by: 1)
            let next = feed.current
            XCTAssertNotEqual(next, old)
            XCTAssertEqual(feed.players[next].commands.last, .play, "the prerolled neighbour plays at once")
            XCTAssertEqual(oldPlayer.commands, [.pause], "no flushing seek while the slide runs")
            XCTAssertEqual(feed.view.slides, [.toPage(delta: 1, fromOffset: 0)])
            XCTAssertEqual(feed.view.arranged.last?[2], next, "it slides in from below")
            XCTAssertEqual(feed.events(named: "page").last,
                           .page(index: 1, postID: feed.postIDs[1], uri: "file:///v4.mp4", liked: false, likeCount: 0,
                                 commentCount: 0, author: "ann"))
            feed.view.paint()
            XCTAssertEqual(feed.events(named: "first_frame").last.map { if case .firstFrame(let id, _, _, _, _) = $0 { id } else { 0 } },
                           feed.postIDs[1], "a prerolled page's first frame is the next paint")
            feed.finishSlide()
            XCTAssertEqual(oldPlayer.commands, [.pause, .rewind], "rewound once the slide is over")
            XCTAssertEqual(feed.view.arranged.last?[1], next, "the new page in the middle")
            XCTAssertEqual(Set(feed.session.pages.compactMap(\.index)), [0, 1, 2], "the pool moved on around it")
        }
    }

    func testPagingBackReturnsToThePreviousPostOnThePageThatStillHoldsIt() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 5)
            feed.launchAndSettle()
            feed.page(by: 1)
            feed.page(by: 1)
            XCTAssertEqual(feed.store.index, 2)
            let holding = try XCTUnwrap(feed.session.pages.firstIndex { $0.index == 1 })
            feed.players[holding].clearCommands()
            feed.session.move(by: -1)
            XCTAssertEqual(feed.store.index, 1)
            XCTAssertEqual(feed.current, holding)
            XCTAssertEqual(feed.players[holding].commands, [.play], "played from its preroll, not loaded again")
            XCTAssertEqual(feed.view.slides.last, .toPage(delta: -1, fromOffset: 0))
            XCTAssertEqual(feed.view.arranged.last?[0], holding, "it slides in from above")
            feed.view.paint()
            feed.finishSlide()
            feed.page(by: -1)
            XCTAssertEqual(feed.store.index, 0)
            XCTAssertEqual(feed.session.current?.id, feed.postIDs[0])
            XCTAssertEqual(feed.events(named: "page").count, 5)
        }
    }

    func testAMoveDuringASlideWaitsForItAndALaterOneReplacesIt() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 6)
            feed.launchAndSettle()
            feed.session.move(by: 1)
            XCTAssertEqual(feed.store.index, 1)
            feed.session.move(by: 1)
            feed.session.move(by: 1)
            XCTAssertEqual(feed.store.index, 1, "nothing moves while the page slides")
            XCTAssertEqual(feed.session.motion, .sliding(delta: 1, queued: 1))
            feed.session.move(by: -1)
            XCTAssertEqual(feed.session.motion, .sliding(delta: 1, queued: -1), "one kept, the later one")
            feed.view.paint()
            feed.finishSlide()
            XCTAssertEqual(feed.store.index, 0, "the kept move is done when the slide ends")
            XCTAssertEqual(feed.session.motion, .sliding(delta: -1, queued: nil))
            feed.view.paint()
            feed.finishSlide()
            XCTAssertEqual(feed.session.motion, .atRest)
            XCTAssertEqual(feed.store.index, 0)
        }
    }

    func testAPageNotPrerolledYetIsPutInPlaceWithoutASlide() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 4)
            feed.session.start()
            // Down before the first post's first frame: its neighbours are still waiting.
            feed.session.move(by: 1)
            XCTAssertEqual(feed.store.index, 1)
            XCTAssertEqual(feed.view.slides, [], "no neighbour to slide in")
            XCTAssertEqual(feed.view.putInPlace, 1)
            XCTAssertEqual(feed.currentPlayer.commands, [.load("file:///v3.mp4"), .play])
            XCTAssertEqual(feed.session.neighbours, .loaded, "a page change loads the neighbours at once")
            XCTAssertEqual(Set(feed.session.pages.compactMap(\.index)), [0, 1, 2])
        }
    }

    func testTheLastPostSaysCaughtUpAndBouncesWithoutMoving() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 2)
            feed.launchAndSettle()
            feed.page(by: 1)
            feed.view.paint()
            let caughtUp = "You’re all caught up"
            XCTAssertFalse(feed.view.flashes.contains(caughtUp))
            feed.session.move(by: 1)
            XCTAssertEqual(feed.store.index, 1)
            XCTAssertEqual(feed.view.flashes.last, caughtUp)
            XCTAssertEqual(feed.events(named: "notice").last, .notice(message: caughtUp))
            XCTAssertEqual(feed.view.slides.last, .bounce(delta: 1))
            XCTAssertEqual(feed.signals.signals.map(\.postID), [feed.postIDs[0]], "the post on screen was not left")
            feed.session.move(by: 1)
            XCTAssertEqual(feed.view.slides.filter { $0 == .bounce(delta: 1) }.count, 1, "no bounce over a bounce")
        }
    }

    func testTheFirstPostBouncesBackWithoutANotice() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 3)
            feed.launchAndSettle()
            feed.session.move(by: -1)
            XCTAssertEqual(feed.store.index, 0)
            XCTAssertEqual(feed.view.slides, [.bounce(delta: -1)])
            XCTAssertEqual(feed.view.flashes, [])
            XCTAssertEqual(feed.events(named: "notice"), [])
            feed.finishSlide()
            XCTAssertEqual(feed.session.motion, .atRest)
        }
    }

    func testADragLetGoShortOfAPageSpringsBack() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 3)
            feed.launchAndSettle()
            feed.session.released(delta: 0, from: 30)
            XCTAssertEqual(feed.view.slides, [.backToRest(fromOffset: 30)])
            XCTAssertEqual(feed.store.index, 0)
            feed.finishSlide()
            feed.session.released(delta: 1, from: 120)
            XCTAssertEqual(feed.view.slides.last, .toPage(delta: 1, fromOffset: 120), "on from where the drag left it")
            XCTAssertEqual(feed.store.index, 1)
        }
    }

    func testHomeJumpsToTheFirstPostInPlace() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 5)
            feed.launchAndSettle()
            feed.page(by: 1)
            feed.page(by: 1)
            feed.page(by: -1)
            let slides = feed.view.slides.count
            let left = feed.currentPlayer
            left.clearCommands()
            feed.session.goToFirst()
            XCTAssertEqual(feed.store.index, 0)
            XCTAssertEqual(feed.view.slides.count, slides, "a jump is not a slide")
            XCTAssertEqual(left.commands.first, .pause)
            XCTAssertEqual(feed.currentPlayer.commands.last, .play)
            XCTAssertEqual(feed.signals.signals.last?.postID, feed.postIDs[1], "the post jumped from was left")
            XCTAssertFalse(left.commands.contains(.rewind), "rewound after the paint, not before")
            feed.view.paint()
            XCTAssertEqual(left.commands.last, .rewind)
        }
    }

    func testHomePressedDuringASlideIsMadeWhenTheSlideEnds() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 5)
            feed.launchAndSettle()
            feed.page(by: 1)
            feed.session.move(by: 1)
            XCTAssertTrue(feed.session.isSliding)
            feed.session.goToFirst()
            XCTAssertEqual(feed.store.index, 2, "not during the slide")
            feed.view.paint()
            feed.finishSlide()
            XCTAssertEqual(feed.store.index, 0, "never dropped")
            XCTAssertEqual(feed.session.motion, .atRest)
            feed.session.goToFirst()
            XCTAssertEqual(feed.store.index, 0)
        }
    }

    func testReloadFromStartEmptiesThePagesAndStartsAgainFromTheNewestPost() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 5)
            feed.launchAndSettle()
            feed.page(by: 1)
            feed.advance(ms: 2_000)
            let newer = try feed.repository.insertPost(NewPost(authorHandle: "ann", caption: "mine", music: "",
                                                               videoURI: "file:///mine.mp4",
                                                               created: Date(timeIntervalSince1970: 100)))
            for player in feed.players { player.clearCommands() }
            feed.session.reloadFromStart()
            XCTAssertEqual(feed.session.current?.id, newer.id)
            XCTAssertTrue(feed.players.allSatisfy { $0.commands.first == .unload }, "every page let go of its post")
            XCTAssertEqual(feed.loadedSlots, [feed.current], "the new first post loads alone")
            XCTAssertEqual(feed.signals.signals.last, WatchSignal(postID: feed.postIDs[1], watchedMs: 2_000, loops: 0))
            feed.advance(ms: 100)
            feed.showFirstFrame(slot: feed.current)
            guard case .firstFrame(_, _, let latencyUs, _, _)? = feed.events(named: "first_frame").last else {
                return XCTFail("no first_frame")
            }
            XCTAssertEqual(latencyUs, 100_000, "timed from the reload, not the launch")
        }
    }

    func testAPostThatFailsWhileCurrentIsReportedAndLetsItsNeighboursLoad() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 3)
            feed.session.start()
            feed.currentPlayer.fail(MediaError(kind: .corrupt, message: "not a video"))
            XCTAssertEqual(feed.events(named: "error"),
                           [.error(kind: "corrupt", message: "not a video", postID: feed.postIDs[0])])
            feed.timers.advance(milliseconds: 0)
            XCTAssertEqual(feed.loadedSlots.count, 2, "the neighbour loads after a failure as after a frame")
            feed.session.togglePause()
            XCTAssertFalse(feed.session.isPaused, "a failed post does not pause")
            feed.advance(ms: 3_000)
            feed.showFirstFrame(slot: try XCTUnwrap(feed.loadedSlots.first { $0 != feed.current }))
            feed.session.move(by: 1)
            XCTAssertEqual(feed.events(named: "first_frame").count, 0, "never a frame for the failed post")
            XCTAssertEqual(feed.signals.signals, [], "a post never watched sends no signal")
        }
    }
}
