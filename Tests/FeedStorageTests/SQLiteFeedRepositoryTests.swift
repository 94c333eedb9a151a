import FeedCore
import FeedStorage
import Foundation
import XCTest

final class SQLiteFeedRepositoryTests: StorageTestCase {
    func testPagesOfTenNewestFirstWithTiesBrokenByID() throws {
        let repo = try LibraryDatabase.open(at: databaseURL)
        try addAuthor(repo)
        // Five posts share a timestamp so the id tie-break crosses a page boundary.
        let inserted = try (0..<25).map { i in
            try repo.insertPost(newPost("post \(i)", seconds: i < 5 ? 500 : Double(1_000 + i)))
        }
        var pages: [[Post]] = []
        var key: FeedKey?
        repeat {
            let page = try repo.feedPage(after: key, limit: SQLiteFeedRepository.defaultPageSize)
            pages.append(page)
            key = page.last.map(FeedKey.init)
        } while pages.last!.count == SQLiteFeedRepository.defaultPageSize
        XCTAssertEqual(pages.map(\.count), [10, 10, 5])

        let all = pages.flatMap { $0 }
        let expected = inserted.sorted { ($0.created, $0.id) > ($1.created, $1.id) }.map(\.id)
        XCTAssertEqual(all.map(\.id), expected)
        XCTAssertEqual(Set(all.map(\.id)).count, 25)
        XCTAssertEqual(Array(all.suffix(5).map(\.id)), inserted.prefix(5).map(\.id).reversed())
        XCTAssertEqual(try repo.postCount(), 25)
    }

    func testStoredPostReadsBackAsInserted() throws {
        let repo = try LibraryDatabase.openInMemory()
        try repo.insertAuthor(Author(handle: "aurora.waves", name: "Aurora Waves", bio: "waves",
                                     avatarURI: "bundle:avatars/a.png", coverURI: nil, followers: 12_800,
                                     following: 210, likes: 340_500, isFollowed: true))
        let created = Date(timeIntervalSince1970: 1_790_000_000.1234)
        let post = try repo.insertPost(NewPost(authorHandle: "aurora.waves", caption: "Zoom #fractal", music: "Deep",
                                               videoURI: "bundle:videos/01.mp4", width: 720, height: 1280,
                                               rotation: 90, duration: 8.5, likeCount: 15_300, commentCount: 212,
                                               shareCount: 48, created: created))
        XCTAssertEqual(try repo.post(id: post.id), post)
        XCTAssertEqual(try repo.post(videoURI: "bundle:videos/01.mp4"), post)
        XCTAssertNil(try repo.post(videoURI: "bundle:videos/none.mp4"))
        XCTAssertEqual(post.author.followers, 12_800)
        XCTAssertEqual(post.author.avatarURI, "bundle:avatars/a.png")
        XCTAssertTrue(post.author.isFollowed)
        XCTAssertEqual(post.created.timeIntervalSince1970, 1_790_000_000.123, accuracy: 0.0005)
        XCTAssertEqual(post.shareCount, 48)
        XCTAssertEqual(post.rotation, 90)
    }

    func testInsertingAnAuthorAgainUpdatesItInPlace() throws {
        let repo = try LibraryDatabase.openInMemory()
        let first = try addAuthor(repo)
        let second = try repo.insertAuthor(Author(handle: "aurora.waves", name: "Aurora", isSelf: true))
        XCTAssertEqual(second.id, first.id)
        XCTAssertEqual(try repo.author(handle: "aurora.waves")?.name, "Aurora")
        XCTAssertEqual(try repo.author(handle: "aurora.waves")?.isSelf, true)
        XCTAssertNil(try repo.author(handle: "nobody"))
    }

    func testUnknownAuthorsAndPostsAreNamedErrors() throws {
        let repo = try LibraryDatabase.openInMemory()
        XCTAssertThrowsError(try repo.insertPost(newPost("x", by: "ghost", seconds: 1))) {
            XCTAssertEqual($0 as? StorageError, .authorNotFound(handle: "ghost"))
        }
        XCTAssertThrowsError(try repo.setLiked(postID: 404, liked: true)) {
            XCTAssertEqual($0 as? StorageError, .postNotFound(id: 404))
        }
        XCTAssertThrowsError(try repo.updateVideoInfo(postID: 404, width: 1, height: 1, rotation: 0, duration: 1)) {
            XCTAssertEqual($0 as? StorageError, .postNotFound(id: 404))
        }
    }

    func testTheSameVideoCannotBeStoredTwice() throws {
        let repo = try LibraryDatabase.openInMemory()
        try addAuthor(repo)
        try repo.insertPost(newPost("a", seconds: 1, uri: "file:///v.mp4"))
        XCTAssertThrowsError(try repo.insertPost(newPost("b", seconds: 2, uri: "file:///v.mp4")))
        XCTAssertEqual(try repo.postCount(), 1)
    }

    func testLikesAreIdempotentAndSurviveReopening() throws {
        let id: Int64
        do {
            let repo = try LibraryDatabase.open(at: databaseURL)
            try addAuthor(repo)
            id = try repo.insertPost(newPost("likeable", seconds: 1)).id  // 5 likes
            XCTAssertEqual(try repo.setLiked(postID: id, liked: true).likeCount, 6)
            let again = try repo.setLiked(postID: id, liked: true)
            XCTAssertEqual(again.likeCount, 6)
            XCTAssertTrue(again.liked)
        }
        let repo = try LibraryDatabase.open(at: databaseURL)
        let stored = try XCTUnwrap(repo.post(id: id))
        XCTAssertTrue(stored.liked)
        XCTAssertEqual(stored.likeCount, 6)
        XCTAssertEqual(try repo.setLiked(postID: id, liked: false).likeCount, 5)
        XCTAssertEqual(try repo.setLiked(postID: id, liked: false).likeCount, 5)
    }

    func testVideoInfoUpdates() throws {
        let repo = try LibraryDatabase.openInMemory()
        try addAuthor(repo)
        let post = try repo.insertPost(newPost("probe me", seconds: 1))
        try repo.updateVideoInfo(postID: post.id, width: 1920, height: 1080, rotation: 270, duration: 12.25)
        let stored = try XCTUnwrap(repo.post(id: post.id))
        XCTAssertEqual(stored.displaySize, PixelSize(width: 1080, height: 1920))
        XCTAssertEqual(stored.duration, 12.25)
    }

    func testCommentsAreCountedAndPagedNewestFirst() throws {
        let repo = try LibraryDatabase.openInMemory()
        try addAuthor(repo)
        try addAuthor(repo, handle: "pixel.garden", name: "Pixel Garden")
        let post = try repo.insertPost(newPost("talk", seconds: 1))
        // Inserted out of time order: paging must follow `created`, not insertion.
        let times: [Double] = [30, 10, 20, 40, 50]
        let comments = try times.map {
            try repo.insertComment(postID: post.id, authorHandle: "pixel.garden", text: "at \(Int($0))",
                                   likeCount: 2, created: Date(timeIntervalSince1970: $0))
        }
        XCTAssertEqual(comments[0].author.handle, "pixel.garden")
        XCTAssertEqual(try repo.post(id: post.id)?.commentCount, 5)

        let first = try repo.comments(postID: post.id, before: nil, limit: 2)
        let second = try repo.comments(postID: post.id, before: first.last?.id, limit: 2)
        let third = try repo.comments(postID: post.id, before: second.last?.id, limit: 2)
        XCTAssertEqual((first + second + third).map(\.text), ["at 50", "at 40", "at 30", "at 20", "at 10"])
        XCTAssertEqual(third.last, comments[1], "returned as stored")
        XCTAssertThrowsError(try repo.insertComment(postID: 999, authorHandle: "pixel.garden", text: "x",
                                                    likeCount: 0, created: Date()))
        XCTAssertEqual(try repo.comments(postID: 999, before: nil, limit: 10), [])
    }
}
