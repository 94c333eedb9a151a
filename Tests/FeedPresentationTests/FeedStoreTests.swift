import FeedCore
@testable import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// The feed's paging and the pool's assignment, over an in-memory library.
final class FeedStoreTests: XCTestCase {
    /// A library of `count` posts, post 1 the oldest.
    @MainActor
    private static func library(_ count: Int) -> InMemoryFeedRepository {
        let repo = InMemoryFeedRepository()
        _ = try? repo.insertAuthor(Author(handle: "ann", name: "Ann"))
        for index in 1...max(1, count) where count > 0 {
            _ = try? repo.insertPost(NewPost(authorHandle: "ann", caption: "post \(index)", music: "", videoURI: "v\(index)",
                                             likeCount: index, created: Date(timeIntervalSince1970: Double(index))))
        }
        return repo
    }

    func testTheLibraryIsPagedNewestFirstAsTheUserNearsTheEnd() throws {
        try onMain {
            let store = FeedStore(repository: Self.library(25), content: .library, pinned: [], pageSize: 10)
            try store.loadMoreIfNeeded()
            XCTAssertEqual(store.posts.count, 10)
            XCTAssertEqual(store.current?.caption, "post 25")
            for _ in 0..<7 { _ = try store.move(by: 1) }
            try store.loadMoreIfNeeded()
            XCTAssertEqual(store.posts.count, 20, "within 3 of the end the next page comes")
            for _ in 0..<30 { _ = try store.move(by: 1) }
            XCTAssertEqual(store.posts.count, 25)
            XCTAssertEqual(store.current?.caption, "post 1")
            XCTAssertEqual(try store.move(by: 1), .atEnd)
            XCTAssertFalse(store.canGoNext)
        }
    }

    func testMovingPastTheLastLoadedPostLoadsTheNextPageFirst() throws {
        try onMain {
            let store = FeedStore(repository: Self.library(12), content: .library, pinned: [], pageSize: 10)
            try store.loadMoreIfNeeded()
            for _ in 0..<9 { _ = try store.move(by: 1) }
            XCTAssertEqual(store.posts.count, 10, "moving alone loads nothing before the last post")
            XCTAssertEqual(try store.move(by: 1), .moved(from: 9, to: 10))
            XCTAssertEqual(store.current?.caption, "post 2")
        }
    }

    /// Files the user adds are the newest posts, but posts named on the command line stay in
    /// front: after a reload the feed goes to the first added one, not to the pinned ones.
    func testAfterAnImportTheFeedGoesToTheFirstAddedPostPastThePinnedOnes() throws {
        try onMain {
            let repo = Self.library(6)
            let pinned = try repo.feedPage(after: nil, limit: 10).suffix(2)
            let store = FeedStore(repository: repo, content: .library, pinned: Array(pinned), pageSize: 10)
            let added = try (1...3).map { index in
                try repo.insertPost(NewPost(authorHandle: "ann", caption: "added \(index)", music: "", videoURI: "a\(index)",
                                            created: Date(timeIntervalSince1970: 1_000 - Double(index))))
            }
            try store.reloadFromStart()
            XCTAssertEqual(store.current?.caption, "post 2", "the pinned posts are still first")
            XCTAssertEqual(store.jump(toFirstOf: Set(added.map(\.id))), .moved(from: 0, to: 2))
            XCTAssertEqual(store.current?.caption, "added 1")
            XCTAssertNil(store.jump(toFirstOf: [9_999]), "a post not loaded is not jumped to")
            XCTAssertEqual(store.jump(toFirstOf: [added[0].id]), .atStart, "already there")
        }
    }

    func testPinnedPostsComeFirstAndAreNotShownTwice() throws {
        try onMain {
            let repo = Self.library(15)
            let pinned = try repo.feedPage(after: nil, limit: 12).suffix(2) // posts 5 and 4: pinned by the user
            let store = FeedStore(repository: repo, content: .library, pinned: Array(pinned), pageSize: 10)
            XCTAssertEqual(store.current?.caption, "post 5")
            for _ in 0..<20 { _ = try store.move(by: 1) }
            let captions = store.posts.map(\.caption)
            XCTAssertEqual(captions.count, 15)
            XCTAssertEqual(Set(captions).count, 15, "no post twice: \(captions)")
            XCTAssertEqual(Array(captions.prefix(3)), ["post 5", "post 4", "post 15"])
        }
    }

    func testAFixedListStartsAtItsPostAndLoadsNothing() throws {
        try onMain {
            let repo = Self.library(30)
            let posts = try repo.feedPage(after: nil, limit: 3)
            let store = FeedStore(repository: repo, content: .fixed(posts: posts, start: 2), pinned: [], pageSize: 10)
            XCTAssertEqual(store.index, 2)
            XCTAssertFalse(try store.loadMoreIfNeeded(force: true))
            XCTAssertEqual(try store.move(by: 1), .atEnd)
            XCTAssertEqual(store.jumpToFirst(), .moved(from: 2, to: 0))
            XCTAssertEqual(try store.move(by: -1), .atStart)
        }
    }

    func testAPageChangeKeepsLoadedPostsInTheirSlots() throws {
        try onMain {
            let store = FeedStore(repository: Self.library(10), content: .library, pinned: [], pageSize: 10)
            try store.loadMoreIfNeeded()
            var loaded = store.assignment(loaded: [nil, nil, nil])
            XCTAssertEqual(Set(loaded.compactMap { $0 }), [0, 1])
            XCTAssertEqual(store.screenOrder(loaded: loaded).count, 3)
            _ = try store.move(by: 1)
            let next = store.assignment(loaded: loaded)
            for slot in loaded.indices where loaded[slot] != nil {
                XCTAssertEqual(next[slot], loaded[slot], "slot \(slot) keeps its prerolled post")
            }
            XCTAssertEqual(Set(next.compactMap { $0 }), [0, 1, 2])
            loaded = next
            let order = store.screenOrder(loaded: loaded)
            XCTAssertEqual(order.map { loaded[$0] }, [0, 1, 2], "above, on screen, below")
            XCTAssertEqual(Set(order).count, 3, "each slot once")
        }
    }

    func testAtLaunchOnlyTheCurrentPostIsLoadedThenItsNeighbours() throws {
        try onMain {
            let store = FeedStore(repository: Self.library(10), content: .library, pinned: [], pageSize: 10)
            try store.loadMoreIfNeeded()
            _ = try store.move(by: 1)
            let first = store.assignment(loaded: [nil, nil, nil], currentOnly: true)
            XCTAssertEqual(first.compactMap { $0 }, [1], "the current post alone")
            let order = store.screenOrder(loaded: first)
            XCTAssertEqual(first[order[1]], 1, "and it is on screen")
            XCTAssertEqual(Set(order).count, 3)
            let then = store.assignment(loaded: first)
            XCTAssertEqual(Set(then.compactMap { $0 }), [0, 1, 2], "its neighbours follow")
            for slot in first.indices where first[slot] != nil {
                XCTAssertEqual(then[slot], first[slot], "the current post stays in its slot")
            }
        }
    }

    func testLikesAndSharesAreStoredAndShownInThePager() throws {
        try onMain {
            let repo = Self.library(3)
            let store = FeedStore(repository: repo, content: .library, pinned: [], pageSize: 10)
            try store.loadMoreIfNeeded()
            let post = try XCTUnwrap(store.current)
            let liked = try store.setLiked(true, postID: post.id)
            XCTAssertEqual(liked.likeCount, post.likeCount + 1)
            XCTAssertEqual(store.current?.liked, true)
            XCTAssertEqual(try store.recordShare(postID: post.id).shareCount, 1)
            XCTAssertEqual(try repo.post(id: post.id)?.shareCount, 1)
        }
    }

    func testReloadingFromTheStartShowsANewPostFirst() throws {
        try onMain {
            let repo = Self.library(5)
            let store = FeedStore(repository: repo, content: .library, pinned: [], pageSize: 10)
            try store.loadMoreIfNeeded()
            _ = try store.move(by: 2)
            try repo.insertPost(NewPost(authorHandle: "ann", caption: "new", music: "", videoURI: "new",
                                        created: Date(timeIntervalSince1970: 100)))
            try store.reloadFromStart()
            XCTAssertEqual(store.index, 0)
            XCTAssertEqual(store.current?.caption, "new")
        }
    }
}
