import FeedCore
import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// How each post was watched, as FeedSession measures it: time on screen while playing (paused
/// and hidden time left out), whole passes, completion and skips, sent when the post is left.
final class FeedSessionWatchTests: XCTestCase {
    private static let pass = LoopPass(seamUs: 0, intervalUs: 33_000, framesDecoded: 30)

    func testPausedTimeIsNotWatchedTime() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 3)
            feed.launchAndSettle()
            feed.advance(ms: 1_000)
            feed.session.togglePause()
            XCTAssertTrue(feed.session.isPaused)
            XCTAssertEqual(feed.currentPlayer.commands.last, .pause)
            feed.advance(ms: 5_000)
            feed.session.togglePause()
            XCTAssertEqual(feed.currentPlayer.commands.last, .play)
            feed.advance(ms: 700)
            feed.session.move(by: 1)
            XCTAssertEqual(feed.signals.signals, [WatchSignal(postID: feed.postIDs[0], watchedMs: 1_700, loops: 0)])
        }
    }

    func testHiddenTimeIsNotWatchedTimeAndAUserPauseOutlastsHiding() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 3)
            feed.launchAndSettle()
            feed.advance(ms: 2_000)
            feed.session.setVisible(false)
            XCTAssertEqual(feed.currentPlayer.commands.last, .pause)
            feed.advance(ms: 10_000)
            feed.session.setVisible(true)
            XCTAssertEqual(feed.currentPlayer.commands.last, .play)
            feed.advance(ms: 500)
            feed.session.togglePause()
            feed.session.setVisible(false)
            feed.session.setVisible(true)
            XCTAssertEqual(feed.currentPlayer.commands.last, .pause, "paused by the user, it stays paused")
            feed.advance(ms: 4_000)
            feed.session.move(by: 1)
            XCTAssertEqual(feed.signals.signals.first?.watchedMs, 2_500)
        }
    }

    func testWholePassesAreCountedAndOneCompletesThePost() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 3)
            feed.launchAndSettle()
            let player = feed.currentPlayer
            feed.advance(ms: 1_000)
            player.endPass(Self.pass)
            feed.advance(ms: 1_000)
            player.endPass(Self.pass)
            feed.advance(ms: 300)
            feed.session.move(by: 1)
            let signal = try XCTUnwrap(feed.signals.signals.first)
            XCTAssertEqual(signal, WatchSignal(postID: feed.postIDs[0], watchedMs: 2_300, loops: 2))
            XCTAssertTrue(signal.completed)
            XCTAssertFalse(signal.skipped)
            XCTAssertEqual(feed.events(named: "loop").count, 2)
        }
    }

    func testPassesOfAPageNotOnScreenAreNotCounted() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 3)
            feed.launchAndSettle()
            let neighbour = feed.loadedSlots.first { $0 != feed.current }!
            feed.players[neighbour].endPass(Self.pass)
            feed.advance(ms: 1_000)
            feed.session.togglePause()
            feed.currentPlayer.endPass(Self.pass)
            feed.session.close()
            XCTAssertEqual(feed.signals.signals, [WatchSignal(postID: feed.postIDs[0], watchedMs: 1_000, loops: 0)])
            XCTAssertEqual(feed.events(named: "loop").count, 1, "only the page on screen reports its loops")
        }
    }

    func testLeavingBeforeOneAndAHalfSecondsIsASkip() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 3)
            feed.launchAndSettle()
            feed.advance(ms: 1_499)
            feed.session.move(by: 1)
            let signal = try XCTUnwrap(feed.signals.signals.first)
            XCTAssertEqual(signal.watchedMs, 1_499)
            XCTAssertTrue(signal.skipped)
            XCTAssertFalse(signal.completed)
        }
    }

    func testOneAndAHalfSecondsWatchedIsNotASkip() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 3)
            feed.launchAndSettle()
            feed.advance(ms: 1_500)
            feed.session.move(by: 1)
            XCTAssertEqual(feed.signals.signals.first?.skipped, false)
        }
    }

    func testWatchingStartsAtTheFirstFrameNotAtThePageChange() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 3)
            feed.session.start()
            feed.advance(ms: 3_000)
            feed.showFirstFrame(slot: feed.current)
            feed.advance(ms: 1_000)
            feed.session.close()
            XCTAssertEqual(feed.signals.signals.map(\.watchedMs), [1_000], "loading is not watching")
        }
    }

    func testAPostLeftBeforeItsFirstFrameSendsNoSignal() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 3)
            feed.session.start()
            feed.advance(ms: 800)
            feed.session.move(by: 1)
            XCTAssertEqual(feed.signals.signals, [])
        }
    }

    func testEachPostLeftSendsOneSignalAndClosingTheFeedSendsTheLast() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 4)
            feed.launchAndSettle()
            feed.advance(ms: 3_000)
            feed.page(by: 1)
            feed.advance(ms: 400)
            feed.page(by: 1)
            feed.advance(ms: 2_000)
            feed.session.close()
            feed.session.close()
            XCTAssertEqual(feed.signals.signals.map(\.postID), Array(feed.postIDs.prefix(3)))
            XCTAssertEqual(feed.signals.signals.map(\.watchedMs), [3_000, 400, 2_000])
            XCTAssertEqual(feed.signals.signals.map(\.skipped), [false, true, false])
        }
    }

    func testStopRewindsAndPlayResumesWithoutCountingTheStop() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 2)
            feed.launchAndSettle()
            feed.advance(ms: 1_000)
            feed.session.stop()
            XCTAssertTrue(feed.session.isStopped)
            XCTAssertEqual(feed.currentPlayer.commands.last, .rewind)
            XCTAssertEqual(feed.view.playing.last, false)
            feed.advance(ms: 9_000)
            feed.session.play()
            XCTAssertFalse(feed.session.isPaused)
            XCTAssertEqual(feed.currentPlayer.commands.last, .play)
            feed.advance(ms: 1_000)
            feed.session.close()
            XCTAssertEqual(feed.signals.signals.first?.watchedMs, 2_000)
        }
    }

    func testAHiddenFeedPagedByMediaKeysNeitherPlaysNorWatches() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 3)
            feed.launchAndSettle()
            feed.session.setVisible(false)
            feed.session.move(by: 1)
            feed.view.paint()
            XCTAssertFalse(feed.currentPlayer.commands.contains(.play), "not played while hidden")
            feed.advance(ms: 5_000)
            feed.session.move(by: -1)
            XCTAssertEqual(feed.signals.signals.map(\.postID), [feed.postIDs[0]], "the hidden post was never watched")
        }
    }

    func testAReloadWhileTheFeedIsHiddenWaitsToBeShownToPlayAndCount() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 3)
            feed.launchAndSettle()
            feed.session.setVisible(false)
            for player in feed.players { player.clearCommands() }
            feed.session.reloadFromStart()
            XCTAssertFalse(feed.currentPlayer.commands.contains(.play), "no sound from a feed on another tab")
            feed.showFirstFrame(slot: feed.current)
            feed.advance(ms: 4_000)
            feed.session.setVisible(true)
            XCTAssertEqual(feed.currentPlayer.commands.last, .play)
            feed.advance(ms: 1_000)
            feed.session.close()
            XCTAssertEqual(feed.signals.signals.last?.watchedMs, 1_000)
        }
    }
}
