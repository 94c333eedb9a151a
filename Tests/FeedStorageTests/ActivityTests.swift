import FeedCore
import FeedStorage
import Foundation
import XCTest

final class ActivityTests: XCTestCase {
    func testInboxIsNewestFirstAndTracksWhatWasSeen() throws {
        let repository = try LibraryDatabase.openInMemory()
        try repository.insertAuthor(Author(handle: "you", name: "You", isSelf: true))
        try repository.insertAuthor(Author(handle: "ann", name: "Ann"))
        let post = try repository.insertPost(NewPost(authorHandle: "you", caption: "mine", music: "m",
                                                     videoURI: "file:///mine.mp4", created: Date(timeIntervalSince1970: 1_000)))
        try repository.recordActivity(kind: .like, actorHandle: "ann", postID: post.id, text: nil,
                                      created: Date(timeIntervalSince1970: 2_000))
        try repository.recordActivity(kind: .comment, actorHandle: "ann", postID: post.id, text: "wow <i>",
                                      created: Date(timeIntervalSince1970: 3_000))
        try repository.recordActivity(kind: .follow, actorHandle: "ann", postID: nil, text: nil,
                                      created: Date(timeIntervalSince1970: 2_500))
        let inbox = try repository.activity(limit: 10)
        XCTAssertEqual(inbox.map(\.kind), [.comment, .follow, .like])
        XCTAssertEqual(inbox.first?.text, "wow <i>")
        XCTAssertEqual(inbox.first?.actor.handle, "ann")
        XCTAssertEqual(inbox.first?.postID, post.id)
        XCTAssertNil(inbox[1].postID)
        XCTAssertEqual(try repository.unseenActivityCount(), 3)
        try repository.markActivitySeen()
        XCTAssertEqual(try repository.unseenActivityCount(), 0)
        XCTAssertTrue(try repository.activity(limit: 10).allSatisfy(\.seen))
    }

    func testUnknownActorIsRefused() throws {
        let repository = try LibraryDatabase.openInMemory()
        XCTAssertThrowsError(try repository.recordActivity(kind: .follow, actorHandle: "nobody", postID: nil,
                                                           text: nil, created: Date()))
    }
}
