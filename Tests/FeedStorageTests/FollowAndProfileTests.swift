import FeedCore
import FeedStorage
import Foundation
import XCTest

final class FollowAndProfileTests: XCTestCase {
    private func repository() throws -> SQLiteFeedRepository {
        let repository = try FeedStore.openInMemory()
        try repository.insertAuthor(Author(handle: "you", name: "You", following: 2, isSelf: true))
        try repository.insertAuthor(Author(handle: "ann", name: "Ann", followers: 10))
        return repository
    }

    func testFollowingCountsOnBothSidesAndIsIdempotent() throws {
        let repository = try repository()
        let followed = try repository.setFollowing(handle: "ann", following: true)
        XCTAssertTrue(followed.isFollowed)
        XCTAssertEqual(followed.followers, 11)
        XCTAssertEqual(try repository.selfAuthor()?.following, 3)
        XCTAssertEqual(try repository.setFollowing(handle: "ann", following: true).followers, 11)
        let unfollowed = try repository.setFollowing(handle: "ann", following: false)
        XCTAssertFalse(unfollowed.isFollowed)
        XCTAssertEqual(unfollowed.followers, 10)
        XCTAssertEqual(try repository.selfAuthor()?.following, 2)
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
}
