import FeedCore
import FeedStorage
import Foundation
import XCTest

final class CommentEditingTests: XCTestCase {
    private func repositoryWithPost() throws -> (SQLiteFeedRepository, Post) {
        let repository = try LibraryDatabase.openInMemory()
        try repository.insertAuthor(Author(handle: "you", name: "You", isSelf: true))
        let post = try repository.insertPost(NewPost(authorHandle: "you", caption: "c", music: "m",
                                                     videoURI: "file:///v.mp4", created: Date(timeIntervalSince1970: 1_000)))
        return (repository, post)
    }

    func testDeleteUncountsAndRestorePutsItBackExactly() throws {
        let (repository, post) = try repositoryWithPost()
        let first = try repository.insertComment(postID: post.id, authorHandle: "you", text: "first",
                                                 likeCount: 3, created: Date(timeIntervalSince1970: 2_000))
        let second = try repository.insertComment(postID: post.id, authorHandle: "you", text: "second 🎉",
                                                  likeCount: 0, created: Date(timeIntervalSince1970: 3_000))
        XCTAssertEqual(try repository.post(id: post.id)?.commentCount, 2)

        let removed = try repository.deleteComment(id: first.id)
        XCTAssertEqual(removed, first)
        XCTAssertEqual(try repository.post(id: post.id)?.commentCount, 1)
        XCTAssertEqual(try repository.comments(postID: post.id, before: nil, limit: 20).map(\.id), [second.id])

        try repository.restoreComment(removed)
        XCTAssertEqual(try repository.post(id: post.id)?.commentCount, 2)
        XCTAssertEqual(try repository.comments(postID: post.id, before: nil, limit: 20), [second, first])
    }

    func testDeletingAMissingCommentThrows() throws {
        let (repository, _) = try repositoryWithPost()
        XCTAssertThrowsError(try repository.deleteComment(id: 999)) { error in
            XCTAssertEqual(error as? StorageError, .commentNotFound(id: 999))
        }
    }

    func testCommentLikesAreIdempotent() throws {
        let (repository, post) = try repositoryWithPost()
        let comment = try repository.insertComment(postID: post.id, authorHandle: "you", text: "x",
                                                   likeCount: 5, created: Date(timeIntervalSince1970: 2_000))
        XCTAssertEqual(try repository.setCommentLiked(id: comment.id, liked: true).likeCount, 6)
        XCTAssertEqual(try repository.setCommentLiked(id: comment.id, liked: true).likeCount, 6)
        let unliked = try repository.setCommentLiked(id: comment.id, liked: false)
        XCTAssertEqual(unliked.likeCount, 5)
        XCTAssertFalse(unliked.liked)
    }
}
