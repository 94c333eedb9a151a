import FeedCore
import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

private let second: UInt64 = 1_000_000_000

/// Issue 21: the progress bar and Left and Right seek the post on screen; what a player learns
/// at its preroll (whether the video has sound) is kept with the post.
final class FeedSessionSeekTests: XCTestCase {
    func testTheBarsPointGoesToThePlayerAndIsTold() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 3)
            feed.launchAndSettle()
            feed.currentPlayer.duration = 20 * second
            feed.currentPlayer.position = 2 * second
            XCTAssertEqual(feed.session.progress, 0.1)
            feed.session.seek(toFraction: 0.75)
            XCTAssertEqual(feed.currentPlayer.commands.last, .seek(15 * second))
            XCTAssertEqual(feed.session.progress, 0.75)
            XCTAssertEqual(feed.events(named: "seek"), [.seek(postID: feed.postIDs[0], toMs: 15_000, durationMs: 20_000)])
            for slot in feed.loadedSlots where slot != feed.current {
                XCTAssertFalse(feed.players[slot].commands.contains { if case .seek = $0 { true } else { false } },
                               "only the post on screen seeks")
            }
        }
    }

    func testLeftStopsAtTheStartAndRightComesRoundPastTheEnd() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 2)
            feed.launchAndSettle()
            feed.currentPlayer.duration = 15 * second
            feed.currentPlayer.position = 2 * second
            feed.session.seek(bySteps: -1)
            XCTAssertEqual(feed.currentPlayer.commands.last, .seek(0))
            feed.currentPlayer.position = 13 * second
            feed.session.seek(bySteps: 1)
            XCTAssertEqual(feed.currentPlayer.commands.last, .seek(1 * second), "3 s on from 13 s of 15 s")
            XCTAssertEqual(feed.events(named: "seek").count, 2)
        }
    }

    func testNothingSeeksWhileLoadingFailedSlidingOrHidden() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 3)
            feed.session.start()
            feed.currentPlayer.duration = 10 * second
            feed.session.seek(toFraction: 0.5)
            XCTAssertNil(feed.session.progress, "loading: no bar to show")
            feed.showFirstFrame(slot: feed.current)
            feed.currentPlayer.duration = nil
            feed.session.seek(bySteps: 1)
            XCTAssertNil(feed.session.position, "a clip of unknown length")
            feed.currentPlayer.duration = 10 * second
            feed.session.setVisible(false)
            feed.session.seek(toFraction: 0.5)
            feed.session.setVisible(true)
            feed.session.move(by: 1)
            feed.session.seek(toFraction: 0.5)
            XCTAssertEqual(feed.events(named: "seek"), [], "nothing seeks while loading, unknown, hidden or sliding")
            feed.finishSlide()
            let failed = feed.current
            feed.players[failed].fail(MediaError(kind: .corrupt, message: "broken", detail: ""))
            feed.session.seek(toFraction: 0.5)
            XCTAssertEqual(feed.events(named: "seek"), [], "an error card has no bar")
        }
    }

    /// Issue 21: a video without sound was credited "♫ Original sound". The player says at its
    /// preroll; the post and the library keep it.
    func testWhetherTheVideoHasSoundIsKeptWithThePost() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 2)
            feed.session.start()
            let page = feed.session.pages[feed.current]
            var changes: [PagePlayback.Change] = []
            page.onShow = { changes.append($0) }
            XCTAssertNil(page.post?.shownMusicLine, "not known yet: no line")
            feed.currentPlayer.finishLoading(size: PixelSize(width: 720, height: 1280), hasAudio: false)
            XCTAssertEqual(page.post?.hasAudio, false)
            XCTAssertNil(page.post?.shownMusicLine)
            XCTAssertTrue(changes.contains(.updated), "the page shows it: \(changes)")
            XCTAssertEqual(try feed.repository.post(id: feed.postIDs[0])?.hasAudio, false, "kept for next time")
            XCTAssertEqual(feed.session.store.posts.first?.hasAudio, false)
            _ = page.framePainted()
            feed.session.firstFramePainted(slot: feed.current)
            feed.timers.advance(milliseconds: 0)
            let neighbour = try XCTUnwrap(feed.loadedSlots.first { $0 != feed.current })
            feed.players[neighbour].finishLoading(size: PixelSize(width: 720, height: 1280), hasAudio: true)
            XCTAssertEqual(feed.session.pages[neighbour].post?.shownMusicLine, "Original sound — Ann")
        }
    }
}
