import FeedCore
@testable import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// The Inbox's decisions without a display: order, the unseen badge, and where a click leads.
final class InboxStoreTests: XCTestCase {
    @MainActor
    private static func library() -> (InMemoryFeedRepository, Post) {
        let repo = InMemoryFeedRepository()
        _ = try? repo.insertAuthor(Author(handle: "you", name: "You", isSelf: true))
        _ = try? repo.insertAuthor(Author(handle: "ann", name: "Ann"))
        let post = try! repo.insertPost(NewPost(authorHandle: "you", caption: "mine", music: "", videoURI: "v",
                                                created: Date(timeIntervalSince1970: 0)))
        _ = try! repo.recordActivity(kind: .like, actorHandle: "ann", postID: post.id, text: nil,
                                     created: Date(timeIntervalSince1970: 10))
        _ = try! repo.recordActivity(kind: .follow, actorHandle: "ann", postID: nil, text: nil,
                                     created: Date(timeIntervalSince1970: 20))
        _ = try! repo.recordActivity(kind: .comment, actorHandle: "ann", postID: post.id, text: "nice",
                                     created: Date(timeIntervalSince1970: 30))
        return (repo, post)
    }

    func testOpeningShowsNewestFirstAndClearsTheBadgeButNotTheMarks() throws {
        onMain {
            let (repo, post) = Self.library()
            let store = InboxStore(repository: repo)
            XCTAssertEqual(store.unseenCount, 3)
            store.open()
            XCTAssertEqual(store.items.map(\.activity.kind), [.comment, .follow, .like])
            XCTAssertEqual(store.items.map(\.post?.id), [post.id, nil, post.id])
            XCTAssertTrue(store.items.allSatisfy { !$0.activity.seen }, "new items stay marked during this visit")
            XCTAssertEqual(store.unseenCount, 0, "the badge clears once seen")
            store.open()
            XCTAssertTrue(store.items.allSatisfy(\.activity.seen), "the next visit shows them as seen")
        }
    }

    func testACommentOpensItsCommentsALikeItsPostAFollowTheProfile() throws {
        try onMain {
            let (repo, post) = Self.library()
            let store = InboxStore(repository: repo)
            store.open()
            let stored = try XCTUnwrap(try repo.post(id: post.id))
            XCTAssertEqual(store.destination(of: store.items[0]), .post(stored, openComments: true))
            XCTAssertEqual(store.destination(of: store.items[2]), .post(stored, openComments: false))
            guard case .profile(let author) = store.destination(of: store.items[1]) else { return XCTFail("a follow opens the profile") }
            XCTAssertEqual(author.handle, "ann")
        }
    }
}
