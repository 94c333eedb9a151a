import FeedCore
import Foundation
import XCTest

final class FeedPagerTests: XCTestCase {
    private let author = Author(id: 1, handle: "a", name: "A")

    private func posts(_ ids: ClosedRange<Int64>) -> [Post] {
        ids.map { Post(id: $0, author: author, caption: "", music: "", videoURI: "file:///\($0).mp4",
                       created: Date(timeIntervalSince1970: Double(1_000 - $0))) }
    }

    func testAnAuthorsNewHandleReachesEveryOneOfTheirPosts() {
        let other = Author(id: 2, handle: "b", name: "B")
        var pager = FeedPager(posts: posts(1...3) + [Post(id: 9, author: other, caption: "", music: "", videoURI: "x",
                                                          created: Date())])
        var renamed = author
        renamed.handle = "zoe.t"
        let changed = pager.update(author: renamed)
        XCTAssertEqual(changed.map(\.id), [1, 2, 3])
        XCTAssertEqual(pager.posts.map(\.author.handle), ["zoe.t", "zoe.t", "zoe.t", "b"])
        XCTAssertEqual(pager.update(author: renamed), [], "nothing changes twice")
    }

    /// Remove from feed: the next post takes the removed one's place; the last removed leaves
    /// the one before; removing one before the current keeps the same post on screen.
    func testARemovedPostMakesWayForTheNext() {
        var pager = FeedPager(posts: posts(1...4))
        _ = pager.jump(to: 1)
        pager.remove(postID: 2)
        XCTAssertEqual(pager.current?.id, 3)
        pager.remove(postID: 1)
        XCTAssertEqual(pager.current?.id, 3, "the post on screen stays")
        XCTAssertEqual(pager.index, 0)
        _ = pager.jump(to: 1)
        pager.remove(postID: 4)
        XCTAssertEqual(pager.current?.id, 3)
        pager.remove(postID: 99)
        XCTAssertEqual(pager.posts.map(\.id), [3])
    }

    func testVideosThatArriveComeNextWithoutMovingThePostOnScreen() {
        var pager = FeedPager(posts: posts(1...3))
        _ = pager.jump(to: 1)
        pager.insertAfterCurrent(posts(7...8) + posts(3...3))
        XCTAssertEqual(pager.posts.map(\.id), [1, 2, 7, 8, 3], "a post already loaded stays where it is")
        XCTAssertEqual(pager.current?.id, 2)
        var empty = FeedPager()
        empty.insertAfterCurrent(posts(5...5))
        XCTAssertEqual(empty.current?.id, 5)
    }

    func testVideosThatArriveCanComeAfterAPostAheadAndNeverBeforeThePostOnScreen() {
        var pager = FeedPager(posts: posts(1...4))
        _ = pager.jump(to: 1)
        pager.insert(posts(7...7), after: 2)
        XCTAssertEqual(pager.posts.map(\.id), [1, 2, 3, 7, 4])
        pager.insert(posts(8...8), after: 0)
        XCTAssertEqual(pager.posts.map(\.id), [1, 2, 8, 3, 7, 4], "never before the post on screen")
        pager.insert(posts(9...9), after: 40)
        XCTAssertEqual(pager.posts.map(\.id), [1, 2, 8, 3, 7, 4, 9], "past the last post, after it")
        XCTAssertEqual(pager.current?.id, 2)
    }

    func testMovesOneStepAndStopsAtTheStart() {
        var pager = FeedPager(posts: posts(1...5))
        XCTAssertEqual(pager.move(by: -1), .atStart)
        XCTAssertEqual(pager.move(by: 1), .moved(from: 0, to: 1))
        XCTAssertEqual(pager.current?.id, 2)
        XCTAssertEqual(pager.move(by: -1), .moved(from: 1, to: 0))
    }

    func testAtTheLastLoadedPostWaitsForMoreOrEnds() {
        var pager = FeedPager(posts: posts(1...2))
        _ = pager.move(by: 1)
        XCTAssertEqual(pager.move(by: 1), .waitingForMore)
        XCTAssertEqual(pager.index, 1)

        var finished = FeedPager(posts: posts(1...2), hasMore: false)
        _ = finished.move(by: 1)
        XCTAssertEqual(finished.move(by: 1), .atEnd)
    }

    func testNeedsMoreWithinPrefetchDistance() {
        var pager = FeedPager(posts: posts(1...10))
        XCTAssertFalse(pager.needsMore)
        _ = pager.jump(to: 6)  // 3 remain after this one
        XCTAssertFalse(pager.needsMore)
        _ = pager.jump(to: 7)  // 2 remain
        XCTAssertTrue(pager.needsMore)
    }

    func testNoMoreNeededOnceTheEndIsKnown() {
        var pager = FeedPager(posts: posts(1...4))
        _ = pager.jump(to: 3)
        XCTAssertTrue(pager.needsMore)
        pager.append(posts(5...6), pageSize: 10)
        XCTAssertFalse(pager.hasMore)
        XCTAssertFalse(pager.needsMore)
    }

    func testAppendSkipsPostsAlreadyLoaded() {
        var pager = FeedPager(posts: posts(1...3))
        pager.append(posts(3...5), pageSize: 3)
        XCTAssertEqual(pager.posts.map(\.id), [1, 2, 3, 4, 5])
        XCTAssertTrue(pager.hasMore, "a full page means more may follow")
        XCTAssertEqual(pager.nextKey, FeedKey(pager.posts[4]))
    }

    func testUpdateReplacesThePostInPlace() {
        var pager = FeedPager(posts: posts(1...3))
        pager.update(pager.posts[1].withLiked(true))
        XCTAssertTrue(pager.posts[1].liked)
        XCTAssertEqual(pager.posts.map(\.id), [1, 2, 3])
    }
}
