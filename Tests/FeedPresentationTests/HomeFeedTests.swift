import FeedCore
import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// Home's For You and Following over FeedSession: Following only what is followed and ends, For
/// You ranked (fresh and popular for a new user) and turning within the session, dismissals at once
/// and undone, and the reasons.
final class HomeFeedTests: XCTestCase {
    private static let pass = LoopPass(seamUs: 0, intervalUs: 33_000, framesDecoded: 30)

    func testFollowingShowsOnlyWhatIsFollowedNewestFirstAndEnds() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 12, home: .following, author: { number in
                (number % 3 == 0 ? "fol" : number % 3 == 1 ? Author.localFilesHandle : "ann", "clip \(number)")
            })
            try feed.repository.setFollowing(handle: "fol", following: true)
            feed.launchAndSettle()
            var shown = [feed.session.current?.caption]
            while feed.session.canGoNext {
                feed.page(by: 1)
                shown.append(feed.session.current?.caption)
            }
            XCTAssertEqual(shown, ["clip 12", "clip 10", "clip 9", "clip 7", "clip 6", "clip 4", "clip 3", "clip 1"])
            feed.session.move(by: 1)
            XCTAssertEqual(feed.view.flashes.last, "You’re all caught up")
            XCTAssertEqual(feed.session.current?.caption, "clip 1")
            feed.session.showHome(.forYou)
            XCTAssertEqual(feed.store.posts.count, 10, "For You draws from everything")
            XCTAssertEqual(feed.events(named: "home_feed").count, 1)
        }
    }

    /// A new user's For You is fresh and popular: the posts most liked for their age first, then the
    /// newest; Why this video? says so. After likes it turns to them, and after Erase all it is a new
    /// user's again at once, the same posts in the same order.
    func testANewUsersForYouIsFreshAndPopularAndEraseAllMakesItNewAgain() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 12, home: .forYou, author: { number in
                ("c\(number)", number % 2 == 0 ? "snow \(number) #snow" : "golf \(number) #golf")
            }, likes: { [3: 500, 8: 50][$0] ?? 0 })
            feed.launchAndSettle()
            XCTAssertEqual(feed.home?.order, .ranked)
            let newUser = feed.store.posts.map(\.caption)
            XCTAssertEqual(Array(newUser.prefix(2)), ["golf 3 #golf", "snow 8 #snow"], "the most liked for their age first")
            XCTAssertEqual(feed.session.reasonsForCurrent(), ["Popular among your videos"])
            let interests = try XCTUnwrap(feed.interests)
            for post in feed.store.posts where post.caption.hasPrefix("golf") && post.likeCount == 0 {
                interests.record(.liked, post: post)
            }
            interests.writeWaiting()
            feed.session.showHome(.forYou)
            let liked = feed.store.posts.map(\.caption)
            XCTAssertNotEqual(liked, newUser)
            XCTAssertGreaterThanOrEqual(liked.prefix(5).filter { $0.hasPrefix("golf") }.count, 4,
                                        "the liked theme first: \(liked)")
            let events = feed.events(named: "home_feed").count
            interests.eraseAll()
            interests.writeWaiting()
            XCTAssertEqual(feed.interestStore.kept, [], "no signal is left, not even the post on screen's")
            XCTAssertEqual(feed.events(named: "home_feed").count, events + 1, "For You starts over at once")
            XCTAssertEqual(feed.store.posts.map(\.caption), newUser, "the next feed is a new user's")
            XCTAssertEqual(feed.store.index, 0)
        }
    }

    /// Lingering on #snow and skipping the rest turns the posts ahead to #snow, the post prerolled
    /// next stays, and Why this video? names the tag.
    func testForYouTurnsToWhatIsWatchedWithinTheSession() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 80, home: .forYou, author: { number in
                ("c\(number)", number % 4 == 0 ? "snow \(number) #snow" : "golf \(number) #golf")
            })
            feed.launchAndSettle()
            XCTAssertEqual(feed.home?.order, .ranked)
            for swipe in 0..<8 {
                let post = try XCTUnwrap(feed.session.current)
                if post.hashtags.contains("snow") {
                    feed.advance(ms: 1_000)
                    feed.currentPlayer.endPass(Self.pass)
                    feed.advance(ms: 1_000)
                } else {
                    feed.advance(ms: 300)
                }
                feed.page(by: 1)
                let prerolled = feed.store.posts[feed.store.index + 1].id
                feed.timers.elapse(milliseconds: 0)
                XCTAssertEqual(feed.store.posts[feed.store.index + 1].id, prerolled, "the post prerolled next stays")
                if swipe == 3 {
                    // The first page was ranked for a new user (newest first): the posts after the
                    // prerolled one are ranked again at once, not when the next page is read.
                    let ahead = feed.store.posts.dropFirst(feed.store.index + 2).prefix(5)
                    XCTAssertGreaterThanOrEqual(ahead.filter { $0.hashtags.contains("snow") }.count, 4, "\(ahead.map(\.caption))")
                }
            }
            let completed = feed.interestStore.kept.filter(\.completed).count
            XCTAssertGreaterThanOrEqual(completed, 2)
            let ahead = feed.store.posts.dropFirst(feed.store.index + 2).prefix(6)
            XCTAssertEqual(ahead.count, 6)
            let snow = ahead.filter { $0.hashtags.contains("snow") }.count
            XCTAssertGreaterThanOrEqual(snow, 4, "a quarter of the pool is #snow: at least twice that share ahead")
            feed.page(by: 1)
            feed.page(by: 1)
            let reasons = feed.session.reasonsForCurrent()
            XCTAssertTrue(reasons.contains { $0.contains("tagged #snow to the end") }, "\(reasons)")
        }
    }

    func testNotInterestedTakesThePostOutAtOnceAndUndoBringsItBack() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 6, home: .forYou)
            feed.launchAndSettle()
            let first = feed.postIDs[0]
            let dismissed = try XCTUnwrap(feed.session.dismissCurrent(.notInterested))
            XCTAssertEqual(dismissed.id, first)
            XCTAssertEqual(feed.session.current?.id, feed.postIDs[1], "the next post takes its place")
            // It slides in; the view ends the slide before anything else is pressed.
            feed.view.paint()
            feed.finishSlide()
            XCTAssertFalse(feed.store.posts.contains { $0.id == first })
            XCTAssertEqual(feed.interestStore.kept.map(\.action), [.notInterested])
            feed.session.showHome(.forYou)
            XCTAssertFalse(feed.store.posts.contains { $0.id == first }, "nor does it come back in the next For You")
            feed.session.undoDismiss(dismissed, .notInterested)
            XCTAssertFalse(feed.interestStore.kept.contains { $0.action == .notInterested }, "the signal is forgotten")
            XCTAssertEqual(feed.session.current?.id, first)
        }
    }

    /// Not interested slides on to the next post as a page change does: the player that held it
    /// prerolled plays it, none loads again, and the one left is cleared only when the slide ends.
    func testNotInterestedSlidesToTheNextPostWithoutReloading() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 8, home: .forYou)
            feed.launchAndSettle()
            let leavingSlot = feed.current
            let nextSlot = try XCTUnwrap(feed.session.pages.firstIndex { $0.post?.id == feed.postIDs[1] })
            let previousLoads = feed.players.map { $0.commands.filter { if case .load = $0 { true } else { false } }.count }
            feed.session.dismissCurrent(.notInterested)
            XCTAssertEqual(feed.view.slides.last, .toPage(delta: 1, fromOffset: 0))
            XCTAssertEqual(feed.current, nextSlot, "the post prerolled next is on screen")
            XCTAssertTrue(feed.players[nextSlot].wantsPlaying)
            XCTAssertEqual(feed.session.pages[leavingSlot].post?.id, feed.postIDs[0], "still shown while it slides away")
            XCTAssertEqual(feed.events(named: "page").last?.fields.first { $0.0 == "index" }?.1, .int(0))
            let loads = feed.players.map { $0.commands.filter { if case .load = $0 { true } else { false } }.count }
            XCTAssertEqual(loads, previousLoads, "no player loaded a post again")
            feed.view.paint()
            feed.finishSlide()
            XCTAssertNotEqual(feed.session.pages[leavingSlot].post?.id, feed.postIDs[0])
            XCTAssertEqual(feed.session.current?.id, feed.postIDs[1])
            XCTAssertEqual(feed.store.index, 0)
            feed.page(by: 1)
            XCTAssertEqual(feed.session.current?.id, feed.postIDs[2])
        }
    }

    /// A like ranks the posts ahead again; the pages that keep their posts are not shown them again
    /// (the one on screen would be announced again to a screen reader).
    func testALikeRanksAheadWithoutShowingThePostOnScreenAgain() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 30, home: .forYou, author: { number in
                ("c\(number)", number % 2 == 0 ? "snow \(number) #snow" : "golf \(number) #golf")
            })
            feed.launchAndSettle()
            let ahead = feed.store.posts.map(\.id)
            var shown: [PagePlayback.Change] = []
            feed.session.currentPage?.onShow = { shown.append($0) }
            let interests = try XCTUnwrap(feed.interests)
            for post in feed.store.posts.dropFirst(3) where post.caption.hasPrefix("golf") {
                interests.record(.liked, post: post)
            }
            interests.writeWaiting()
            feed.timers.elapse(milliseconds: 0)
            XCTAssertNotEqual(feed.store.posts.map(\.id), ahead, "the posts ahead were ranked again")
            XCTAssertEqual(shown, [], "the post on screen was shown again")
        }
    }

    func testVideosAskedForStayNextWhenForYouRanksAgain() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 30, home: .forYou, author: { number in
                ("c\(number)", number % 2 == 0 ? "snow \(number) #snow" : "golf \(number) #golf")
            })
            feed.launchAndSettle()
            // Three posts not loaded yet, as a channel just followed brings them.
            let asked = try feed.postIDs.suffix(3).map { try XCTUnwrap(feed.repository.post(id: $0)) }
            XCTAssertTrue(Set(asked.map(\.id)).isDisjoint(with: feed.store.posts.map(\.id)))
            feed.session.showNext(asked)
            let interests = try XCTUnwrap(feed.interests)
            for post in feed.store.posts.dropFirst(6) where post.caption.hasPrefix("snow") {
                interests.record(.liked, post: post)
            }
            interests.writeWaiting()
            feed.timers.elapse(milliseconds: 0)
            let index = feed.store.index
            XCTAssertEqual(Array(feed.store.posts[(index + 1)...(index + 3)]).map(\.id), asked.map(\.id),
                           "the videos asked for are still next, in their order")
        }
    }

    func testHideThisCreatorTakesTheirPostsOutOfForYou() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 10, home: .forYou, author: { ($0 % 2 == 0 ? "bea" : "cal", "clip \($0)") })
            feed.launchAndSettle()
            let hidden = try XCTUnwrap(feed.session.current?.author.handle)
            feed.session.dismissCurrent(.hidCreator)
            XCTAssertFalse(feed.store.posts.contains { $0.author.handle == hidden })
            XCTAssertEqual(feed.store.posts.count, 5)
            feed.session.showHome(.forYou)
            XCTAssertFalse(feed.store.posts.contains { $0.author.handle == hidden })
            feed.session.showHome(.following)
            XCTAssertEqual(feed.store.posts, [], "neither is followed")
        }
    }

    /// A page change takes what was ranked ahead: every ranking runs on a later turn of the main
    /// loop, never within the move.
    func testAPageChangeNeverWaitsForARanking() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 60, home: .forYou, author: { number in
                ("c\(number)", number % 2 == 0 ? "snow \(number) #snow" : "golf \(number) #golf")
            })
            feed.launchAndSettle()
            feed.timers.elapse(milliseconds: 0)
            for swipe in 0..<25 {
                let before = try XCTUnwrap(feed.home?.rankings)
                feed.advance(ms: swipe % 3 == 0 ? 300 : 2_000)
                feed.page(by: 1)
                XCTAssertEqual(feed.home?.rankings, before, "swipe \(swipe + 1) ranked within the page change")
                feed.timers.elapse(milliseconds: 0)
            }
            XCTAssertEqual(feed.store.index, 25)
            XCTAssertGreaterThan(feed.store.posts.count, 27, "pages were read as the feed neared its end")
        }
    }
}
