import FeedCore
import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// Likes, shares, page-shown timing and posts arriving, through FeedSession.
private extension FeedSessionFixture {
    /// A video by ann stored in the library now (not yet in the feed), named `name`.
    func video(_ name: String, created: Date = Date()) throws -> Post {
        try repository.insertPost(NewPost(authorHandle: "ann", caption: name, music: "", videoURI: "file:///\(name).mp4",
                                          created: created))
    }

    /// A feed whose library was emptied before it started ("No videos yet").
    static func startedEmpty() throws -> FeedSessionFixture {
        let feed = try FeedSessionFixture(posts: 1)
        try feed.repository.deletePost(id: feed.postIDs[0])
        feed.session.start()
        return feed
    }
}

final class FeedSessionPostsTests: XCTestCase {
    func testADoubleClickOnlyLikesAndLTogglesEveryPageHoldingThePost() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 3)
            feed.launchAndSettle()
            feed.session.likeFromDoubleClick()
            feed.session.likeFromDoubleClick()
            let post = feed.postIDs[0]
            XCTAssertEqual(feed.events(named: "like"), [.like(postID: post, liked: true, likeCount: 1)], "liked once")
            XCTAssertEqual(feed.session.pages[feed.current].post?.liked, true)
            XCTAssertEqual(try feed.repository.post(id: post)?.liked, true, "stored")
            feed.session.likeCurrent()
            XCTAssertEqual(feed.events(named: "like").last, .like(postID: post, liked: false, likeCount: 0))
            XCTAssertEqual(feed.view.currentPosts.last, post, "the media controls hear of it")
        }
    }

    func testALikeTheLibraryRefusesIsSaid() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 2)
            feed.launchAndSettle()
            try feed.repository.deletePost(id: feed.postIDs[0])
            feed.session.toggleLike(slot: feed.current)
            XCTAssertEqual(feed.events(named: "like"), [])
            XCTAssertTrue(feed.view.flashes.last?.hasPrefix("Couldn’t save the like") == true)
            guard case .error(let kind, _, let postID, _)? = feed.events(named: "error").last else { return XCTFail("no error") }
            XCTAssertEqual(kind, "storage")
            XCTAssertEqual(postID, feed.postIDs[0])
        }
    }

    func testASharedPostShowsItsNewCount() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 2)
            feed.launchAndSettle()
            let stored = try feed.session.recordShare(postID: feed.postIDs[0])
            XCTAssertEqual(stored.shareCount, 1)
            XCTAssertEqual(feed.session.pages[feed.current].post?.shareCount, 1)
        }
    }

    func testPageShownWaitsForThePageToCoverTheMiddle() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 3)
            feed.launchAndSettle()
            feed.view.paint()
            let before = feed.events(named: "page_shown").count
            feed.advance(ms: 10)
            feed.session.move(by: 1)
            feed.view.paint()
            feed.session.pageInView(covering: 0.3)
            feed.view.paint()
            XCTAssertEqual(feed.events(named: "page_shown").count, before, "under half of the window")
            feed.advance(ms: 40)
            feed.session.pageInView(covering: 0.6)
            XCTAssertEqual(feed.events(named: "page_shown").count, before, "said at the paint")
            feed.view.paint()
            XCTAssertEqual(feed.events(named: "page_shown").last, .pageShown(postID: feed.postIDs[1], index: 1, latencyUs: 40_000), "from the input")
            feed.finishSlide()
            feed.view.paint()
            XCTAssertEqual(feed.events(named: "page_shown").count, before + 1, "once")
        }
    }

    func testPostsThatArriveComeNextAndAnEmptyFeedStartsWithThem() throws {
        try onMain {
            let feed = try FeedSessionFixture.startedEmpty()
            XCTAssertEqual(feed.view.flashes, ["No videos yet"])
            let arrived = try feed.video("new")
            feed.session.showNext([arrived])
            XCTAssertEqual(feed.session.current?.id, arrived.id)
            XCTAssertEqual(feed.currentPlayer.commands, [.load("file:///new.mp4"), .play])
        }
    }

    func testVideosThatArriveByThemselvesLeaveTheVideoWaitingBelowInItsPlace() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 3)
            feed.launchAndSettle()
            let below = feed.session.pages.firstIndex { $0.index == 1 }!
            XCTAssertEqual(feed.session.pages[below].post?.id, feed.postIDs[1])
            feed.players[below].clearCommands()
            let arrived = try feed.video("new")
            feed.session.showArrived([arrived])
            XCTAssertEqual(feed.session.pages[below].post?.id, feed.postIDs[1], "the video waiting below stays")
            XCTAssertEqual(feed.players[below].commands, [], "and is not loaded again")
            feed.page(by: 1)
            XCTAssertEqual(feed.session.current?.id, feed.postIDs[1])
            feed.page(by: 1)
            XCTAssertEqual(feed.session.current?.id, arrived.id, "the one after it is the video that arrived")

            let empty = try FeedSessionFixture.startedEmpty()
            let first = try empty.video("first")
            empty.session.showArrived([first])
            XCTAssertEqual(empty.session.current?.id, first.id, "an empty feed starts with them")

            let last = try FeedSessionFixture(posts: 1)
            last.launchAndSettle()
            let next = try last.video("next")
            last.session.showArrived([next])
            last.page(by: 1)
            XCTAssertEqual(last.session.current?.id, next.id, "after the last post, they come next")
        }
    }

    func testAChannelFollowedIsGoneToAtOnceFromItsNewestVideoAlsoOnAnEmptyFeed() throws {
        try onMain {
            let empty = try FeedSessionFixture.startedEmpty()
            let newest = try empty.video("newest", created: Date(timeIntervalSince1970: 20))
            let older = try empty.video("older", created: Date(timeIntervalSince1970: 10))
            empty.session.showAtOnce([newest, older])
            XCTAssertEqual(empty.session.current?.id, newest.id, "an empty feed starts at the newest, not past it")

            let playing = try FeedSessionFixture(posts: 2)
            playing.launchAndSettle()
            let arrived = try playing.video("new")
            playing.session.showAtOnce([arrived])
            XCTAssertEqual(playing.session.current?.id, arrived.id, "next after the one on screen, and gone to")
        }
    }

    func testAnAuthorChangedElsewhereShowsOnTheirPages() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 2)
            feed.launchAndSettle()
            var shown: [PagePlayback.Change] = []
            feed.session.pages[feed.current].onShow = { shown.append($0) }
            var ann = try XCTUnwrap(feed.repository.author(handle: "ann"))
            ann.name = "Ann B."
            feed.session.authorUpdated(ann)
            XCTAssertEqual(feed.session.pages[feed.current].post?.author.name, "Ann B.")
            XCTAssertEqual(shown, [.updated])
            XCTAssertEqual(feed.view.currentPosts.last, feed.postIDs[0])
        }
    }
}

/// Issue 21: the "+" on a creator's avatar follows them.
final class FeedSessionFollowTests: XCTestCase {
    func testThePlusFollowsTheCreatorAndLeavesEveryPageOfTheirs() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 3)
            feed.launchAndSettle()
            let slot = feed.current
            XCTAssertEqual(feed.session.pages[slot].post?.author.showsFollowBadge, true)
            feed.session.followAuthor(slot: slot)
            XCTAssertEqual(feed.events(named: "follow"), [.follow(handle: "ann", following: true)])
            for page in feed.session.pages where page.post != nil {
                XCTAssertEqual(page.post?.author.isFollowed, true, "every page of Ann's loses its +")
            }
            XCTAssertEqual(try feed.repository.author(handle: "ann")?.isFollowed, true)
            XCTAssertEqual(feed.view.flashes.last, "You follow @ann")
            feed.session.followAuthor(slot: slot)
            XCTAssertEqual(feed.events(named: "follow").count, 1, "followed already: no + to press")
            XCTAssertFalse(Author(handle: "me", name: "Me", isSelf: true).showsFollowBadge, "never yourself")
            XCTAssertFalse(Author(handle: Author.localFilesHandle, name: "Local files").showsFollowBadge, "your own files")
        }
    }
}
