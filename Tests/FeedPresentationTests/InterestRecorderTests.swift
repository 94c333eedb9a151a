import FeedCore
import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// What the user does with posts, kept for For You: watch signals with their post's traits,
/// likes, follows and profiles, written after the page change and never while paused.
final class InterestRecorderTests: XCTestCase {
    func testAWatchSignalIsKeptWithItsPostsTraitsAfterThePageChange() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 3, recordsInterests: true,
                                              author: { ($0 == 3 ? "bea" : "ann", "clip \($0) #Snow #night") })
            feed.launchAndSettle()
            feed.advance(ms: 2_000)
            feed.session.move(by: 1)
            XCTAssertEqual(feed.interestStore.writes, 0, "the page change never waits on the library")
            XCTAssertEqual(feed.signals.signals.count, 1, "the events log still hears it at once")
            feed.timers.advance(milliseconds: 0)
            let kept = try XCTUnwrap(feed.interestStore.kept.first)
            XCTAssertEqual(kept.action, .watched)
            XCTAssertEqual(kept.postID, feed.postIDs[0])
            XCTAssertEqual(kept.watchedMs, 2_000)
            XCTAssertEqual(kept.traits.hashtags, ["snow", "night"])
            XCTAssertEqual(kept.traits.creatorID, try feed.repository.author(handle: "bea")?.id)
            XCTAssertEqual(feed.events(named: "interest").count, 1)
        }
    }

    func testLikesFollowsSharesAndProfilesAreKept() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 3, recordsInterests: true, author: { ($0 == 3 ? "bea" : "ann", "clip") })
            feed.launchAndSettle()
            feed.session.likeCurrent()
            feed.session.likeCurrent()
            feed.session.followAuthor(slot: feed.current)
            _ = try feed.session.recordShare(postID: feed.postIDs[0])
            feed.interests?.record(.openedProfile, post: try XCTUnwrap(feed.session.current))
            feed.timers.advance(milliseconds: 0)
            XCTAssertEqual(feed.interestStore.kept.map(\.action), [.liked, .followed, .shared, .openedProfile],
                           "an unlike is not a signal")
            XCTAssertEqual(Set(feed.interestStore.kept.map(\.postID)), [feed.postIDs[0]])
        }
    }

    func testNothingIsKeptWhilePausedAndForYouHearsOnlyWhatWasKept() {
        onMain {
            let store = InMemoryInterestSignals()
            let timers = ManualTimers()
            let post = Post(id: 7, author: Author(id: 2, handle: "ann", name: "Ann"), caption: "#cats", music: "",
                            videoURI: "file:///v.mp4", duration: 9, created: Date(timeIntervalSince1970: 5))
            let recorder = InterestRecorder(.init(store: store, post: { $0 == 7 ? post : nil }, timers: timers))
            var heard: [InterestAction] = []
            recorder.onRecorded = { heard.append($0.action) }
            recorder.setPaused(true)
            XCTAssertTrue(recorder.isPaused)
            recorder.record(WatchSignal(postID: 7, watchedMs: 9_000, loops: 1))
            recorder.record(.liked, post: post)
            timers.advance(milliseconds: 0)
            XCTAssertEqual(store.kept, [])
            XCTAssertEqual(heard, [])
            recorder.setPaused(false)
            recorder.record(WatchSignal(postID: 7, watchedMs: 9_000, loops: 1))
            recorder.record(WatchSignal(postID: 99, watchedMs: 9_000, loops: 1))
            timers.advance(milliseconds: 0)
            XCTAssertEqual(heard, [.watched], "a post no longer in the library has no traits to keep")
            XCTAssertEqual(store.kept.first?.traits.lengthSeconds, 9)
            recorder.eraseAll()
            XCTAssertEqual(recorder.signals(), [])
        }
    }
}
