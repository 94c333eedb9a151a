import FeedCore
@testable import FeedStorage
import Foundation
import XCTest

final class FollowAndProfileTests: XCTestCase {
    private func repository() throws -> SQLiteFeedRepository {
        let repository = try LibraryDatabase.openInMemory()
        // A stored Following of 2 is ignored: the user's own counts come from the library.
        try repository.insertAuthor(Author(handle: "you", name: "You", following: 2, isSelf: true))
        try repository.insertAuthor(Author(handle: "ann", name: "Ann", followers: 10))
        return repository
    }

    func testFollowingCountsOnBothSidesAndIsIdempotent() throws {
        let repository = try repository()
        let followed = try repository.setFollowing(handle: "ann", following: true)
        XCTAssertTrue(followed.isFollowed)
        XCTAssertEqual(followed.followers, 11)
        XCTAssertEqual(try repository.selfAuthor()?.following, 1)
        XCTAssertEqual(try repository.setFollowing(handle: "ann", following: true).followers, 11)
        let unfollowed = try repository.setFollowing(handle: "ann", following: false)
        XCTAssertFalse(unfollowed.isFollowed)
        XCTAssertEqual(unfollowed.followers, 10)
        XCTAssertEqual(try repository.selfAuthor()?.following, 0)
    }

    func testYouCannotFollowYourself() throws {
        let repository = try repository()
        XCTAssertFalse(try repository.setFollowing(handle: "you", following: true).isFollowed)
    }

    func testEditingTheProfileKeepsTheSelfAuthorAndRefusesATakenHandle() throws {
        let repository = try repository()
        let me = try XCTUnwrap(repository.selfAuthor())
        let edited = try repository.updateProfile(authorID: me.id, handle: "sam.loops", name: "Sam", bio: "hi ✨",
                                                  avatarURI: "file:///tmp/a.png")
        XCTAssertEqual(edited.handle, "sam.loops")
        XCTAssertEqual(try repository.selfAuthor()?.id, me.id)
        XCTAssertNil(try repository.author(handle: "you"))
        XCTAssertThrowsError(try repository.updateProfile(authorID: me.id, handle: "ann", name: "Sam", bio: "", avatarURI: nil)) {
            XCTAssertEqual($0 as? StorageError, .handleTaken(handle: "ann"))
        }
    }

    /// Issue 9: "Likes 0 and Followers 0 while your posts have 249 likes and the Inbox lists 2 new
    /// followers".
    func testYourOwnCountsAreCountedFromTheLibrary() throws {
        let repository = try repository()
        try repository.insertAuthor(Author(handle: "bo", name: "Bo"))
        let day = Date(timeIntervalSince1970: 1_000_000)
        let first = try repository.insertPost(NewPost(authorHandle: "you", caption: "a", music: "", videoURI: "bundle:a.mp4",
                                                      likeCount: 212, created: day))
        try repository.insertPost(NewPost(authorHandle: "you", caption: "b", music: "", videoURI: "bundle:b.mp4",
                                          likeCount: 37, created: day))
        try repository.insertPost(NewPost(authorHandle: "ann", caption: "c", music: "", videoURI: "bundle:c.mp4",
                                          likeCount: 1_000, created: day))
        try repository.recordActivity(kind: .follow, actorHandle: "ann", postID: nil, text: nil, created: day)
        try repository.recordActivity(kind: .follow, actorHandle: "bo", postID: nil, text: nil, created: day)
        try repository.recordActivity(kind: .like, actorHandle: "bo", postID: first.id, text: nil, created: day)
        let me = try XCTUnwrap(repository.selfAuthor())
        XCTAssertEqual(me.likes, 249)
        XCTAssertEqual(me.followers, 2)
        XCTAssertEqual(me.following, 0)
        try repository.setLiked(postID: first.id, liked: true)
        XCTAssertEqual(try repository.author(handle: "you")?.likes, 250)
        XCTAssertEqual(try repository.post(id: first.id)?.author.likes, 250, "posts carry the counted author too")
        XCTAssertEqual(try repository.author(handle: "ann")?.followers, 10, "other people's counts are their own")
    }

    func testASharedPostCountsTheShare() throws {
        let repository = try repository()
        let post = try repository.insertPost(NewPost(authorHandle: "ann", caption: "c", music: "", videoURI: "bundle:c.mp4",
                                                     created: Date()))
        XCTAssertEqual(try repository.recordShare(postID: post.id).shareCount, 1)
        XCTAssertEqual(try repository.recordShare(postID: post.id).shareCount, 2)
        XCTAssertEqual(try repository.post(id: post.id)?.shareCount, 2)
        XCTAssertThrowsError(try repository.recordShare(postID: 999))
    }

    func testANewHandleShowsOnEveryPostOfTheAuthor() throws {
        let repository = try repository()
        try repository.insertPost(NewPost(authorHandle: "you", caption: "a", music: "", videoURI: "bundle:a.mp4",
                                          created: Date()))
        let me = try XCTUnwrap(repository.selfAuthor())
        try repository.updateProfile(authorID: me.id, handle: "zoe.t", name: "Zoe", bio: "", avatarURI: nil)
        XCTAssertEqual(try repository.feedPage(after: nil, limit: 10).map(\.author.handle), ["zoe.t"])
        XCTAssertEqual(try repository.posts(byAuthorHandle: "zoe.t", limit: 10).count, 1)
    }

    /// The counted columns are worked out once per statement, never once per row: correlated,
    /// the likes sum made a profile of 10,000 own posts take 39 s. What is asked per row (whether
    /// the user follows them, in person or through a feed) is one lookup by key each.
    func testCountingTheUsersNumbersIsNotRedoneForEveryRow() throws {
        let repository = try repository()
        let plan = try repository.connection.query("""
            EXPLAIN QUERY PLAN \(RowDecoding.selectPost) WHERE a.handle = 'you' ORDER BY p.created_ms DESC LIMIT 300
            """) { $0.string(3) }
        let correlated = plan.indices.filter { plan[$0].contains("CORRELATED") }
        XCTAssertFalse(correlated.isEmpty, plan.joined(separator: "\n"))
        for index in correlated {
            let step = index + 1 < plan.count ? plan[index + 1] : ""
            // The follows row by its key; one post of a followed feed by its author in the feeds' own index.
            XCTAssertTrue(step.hasPrefix("SEARCH f USING INTEGER PRIMARY KEY")
                          || step.hasPrefix("SEARCH fp USING INDEX posts_brought_by_feeds"),
                          "\(plan[index]): \(step)\n" + plan.joined(separator: "\n"))
        }
    }
}
