import FeedCore
@testable import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// A profile's decisions without a display: tabs, what an empty tab says, following, the cache.
final class ProfileStoreTests: XCTestCase {
    @MainActor
    private static func library() -> InMemoryFeedRepository {
        let repo = InMemoryFeedRepository()
        _ = try? repo.insertAuthor(Author(handle: "you", name: "You", isSelf: true))
        _ = try? repo.insertAuthor(Author(handle: "ann", name: "Ann"))
        let annPost = try! repo.insertPost(NewPost(authorHandle: "ann", caption: "a", music: "", videoURI: "a",
                                                   created: Date(timeIntervalSince1970: 1)))
        _ = try! repo.setLiked(postID: annPost.id, liked: true)
        return repo
    }

    func testSomeoneElsesProfileShowsTheirVideosAndNoLikedTab() throws {
        try onMain {
            let repo = Self.library()
            let store = ProfileStore(repository: repo, cache: FakeCache())
            XCTAssertTrue(store.show(try XCTUnwrap(try repo.author(handle: "ann"))))
            XCTAssertEqual(store.posts.map(\.caption), ["a"])
            XCTAssertFalse(store.showsLikedTab)
            XCTAssertFalse(store.select(.liked))
            XCTAssertEqual(store.tab, .videos, "another person's likes are not shown")
            XCTAssertFalse(store.select(.videos), "the tab shown already changes nothing")
            XCTAssertNil(store.emptyMessage)
        }
    }

    func testYourProfileHasLikesAndSaysWhatAnEmptyTabWillHold() throws {
        try onMain {
            let repo = Self.library()
            let store = ProfileStore(repository: repo, cache: FakeCache())
            store.show(try XCTUnwrap(try repo.selfAuthor()))
            XCTAssertEqual(store.posts, [])
            XCTAssertEqual(store.emptyMessage, "Your videos will appear here. Hold R to record one.")
            store.select(.liked)
            XCTAssertEqual(store.posts.map(\.caption), ["a"])
            XCTAssertFalse(store.show(try XCTUnwrap(try repo.selfAuthor())), "the same person again")
            XCTAssertEqual(store.tab, .liked, "showing the same person keeps the tab")
            store.show(try XCTUnwrap(try repo.author(handle: "ann")))
            XCTAssertEqual(store.tab, .videos, "another person starts on their videos")
        }
    }

    func testFollowingIsSavedAndCountedAndYouCannotFollowYourself() throws {
        try onMain {
            let repo = Self.library()
            let store = ProfileStore(repository: repo, cache: FakeCache())
            store.show(try XCTUnwrap(try repo.author(handle: "ann")))
            XCTAssertNil(store.toggleFollow())
            XCTAssertEqual(store.author?.isFollowed, true)
            XCTAssertEqual(try repo.author(handle: "ann")?.isFollowed, true)
            XCTAssertNil(store.toggleFollow())
            XCTAssertEqual(store.author?.isFollowed, false)
            store.show(try XCTUnwrap(try repo.selfAuthor()))
            XCTAssertNil(store.toggleFollow())
            XCTAssertEqual(store.author?.isFollowed, false)
        }
    }

    func testTheCacheIsMeasuredAndClearedOnceAtATimeOnYourProfileOnly() throws {
        try onMain {
            let repo = Self.library()
            let cache = FakeCache(bytes: 2_100_000)
            let store = ProfileStore(repository: repo, cache: cache)
            store.show(try XCTUnwrap(try repo.author(handle: "ann")))
            store.measureCache {}
            XCTAssertEqual(cache.measureCount, 0, "someone else's profile has no cache button")
            store.show(try XCTUnwrap(try repo.selfAuthor()))
            var measured = 0
            store.measureCache { measured += 1 }
            XCTAssertEqual(store.cacheBytes, 2_100_000)
            XCTAssertEqual(measured, 1)
            var freed: [Int64] = []
            store.clearCache { freed.append($0) }
            store.clearCache { freed.append($0) }
            XCTAssertTrue(store.isClearingCache)
            XCTAssertEqual(cache.pendingClears.count, 1, "a second press while clearing does nothing")
            cache.finishClearing()
            XCTAssertEqual(freed, [2_100_000])
            XCTAssertFalse(store.isClearingCache)
        }
    }
}
