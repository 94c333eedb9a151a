import FeedCore
import FeedStorage
import Foundation
import XCTest

/// Videos found on the networks, kept in the library: one post per video whatever server listed
/// it, brought up to date without losing what the user did here, and out of Home until followed.
final class RemotePostsTests: StorageTestCase {
    private static let api = URL(string: "http://127.0.0.2:8080")!
    private static let found = Date(timeIntervalSince1970: 1_796_000_000)

    private func video(_ id: String, short: String? = nil, caption: String = "snow day #snow", likes: Int = 10,
                       comments: Int = 3, uri: String? = nil) -> DiscoveredVideo {
        let sources = RemoteVideoSources(webVideos: [
            RemoteVideoFile(url: URL(string: "http://127.0.0.2:8080/static/web-videos/\(id)-720.mp4")!, resolution: 720,
                            width: 720, height: 1280, hasAudio: true, hasVideo: true),
        ])
        return DiscoveredVideo(
            remote: RemotePostRef(network: .peertube, host: "127.0.0.2:8080", apiBase: Self.api, id: id, shortUUID: short),
            authorHandle: "snow_channel@127.0.0.2:8080", authorName: "Snow Channel",
            authorAvatarURI: "http://127.0.0.2:8080/lazy-static/avatars/a.jpg", caption: caption,
            videoURI: uri ?? "http://127.0.0.2:8080/static/web-videos/\(id)-720.mp4", sources: sources,
            width: 720, height: 1280, duration: 12,
            counts: RemoteCounts(likes: likes, comments: comments, views: 250, shares: nil),
            created: Date(timeIntervalSince1970: 1_795_000_000), pageURL: "http://127.0.0.2:8080/w/\(short ?? id)",
            coverURI: "http://127.0.0.2:8080/lazy-static/thumbnails/\(id).jpg", isSensitive: false, found: Self.found)
    }

    func testADiscoveredVideoIsKeptButStaysOutOfHomeAndSearch() throws {
        let repo = try LibraryDatabase.open(at: databaseURL)
        try addAuthor(repo)
        try repo.insertPost(newPost("my own snow", seconds: 1))
        let stored = try repo.storeDiscovered([video("uuid-1", short: "s1")])
        XCTAssertEqual(stored.count, 1)
        let post = try XCTUnwrap(stored.first)
        XCTAssertTrue(post.isDiscovered)
        XCTAssertEqual(post.remote?.key, "peertube:127.0.0.2:8080/uuid-1")
        XCTAssertEqual(post.author.handle, "snow_channel@127.0.0.2:8080")
        XCTAssertEqual(post.author.name, "Snow Channel")
        XCTAssertEqual([post.likeCount, post.commentCount, post.viewCount], [10, 3, 250])
        XCTAssertEqual(post.countsUpdated, Self.found)
        XCTAssertEqual(post.musicLine, "Original sound — Snow Channel")
        XCTAssertEqual(try repo.feedPage(after: nil, limit: 10).map(\.caption), ["my own snow"], "Home leaves it out")
        XCTAssertEqual(try repo.postCount(), 1)
        XCTAssertEqual(try repo.search("snow", limit: 10).map(\.caption), ["my own snow"], "this computer's search too")
        try repo.setLiked(postID: post.id, liked: true)
        XCTAssertEqual(Set(try repo.search("snow", limit: 10).map(\.caption)), ["my own snow", "snow day #snow"],
                       "until the user likes it")
        XCTAssertEqual(try repo.remoteSources(postID: post.id), video("uuid-1").sources)
    }

    func testTheSameVideoListedAgainIsTheSamePostAndKeepsWhatTheUserDid() throws {
        let repo = try LibraryDatabase.open(at: databaseURL)
        try SelfAuthorFixture.add(to: repo)
        let first = try XCTUnwrap(try repo.storeDiscovered([video("uuid-1", short: "s1")]).first)
        try repo.setLiked(postID: first.id, liked: true)
        try repo.insertComment(postID: first.id, authorHandle: SelfAuthorFixture.handle, text: "lovely", likeCount: 0,
                               created: Self.found)
        // Another instance (or the index) lists it again, under its short uuid, with new counts.
        var again = video("s1", caption: "snow day, edited", likes: 40, comments: 7)
        again.remote.shortUUID = nil
        let second = try XCTUnwrap(try repo.storeDiscovered([again]).first)
        XCTAssertEqual(second.id, first.id, "one post per video")
        XCTAssertEqual(second.caption, "snow day, edited")
        XCTAssertTrue(second.liked, "the user's like stays")
        XCTAssertEqual(second.likeCount, 41, "the network's 40 and the like made here")
        XCTAssertEqual(second.commentCount, 8, "the network's 7 and the comment made here")
        XCTAssertEqual(try repo.post(remote: RemotePostRef(network: .peertube, host: "127.0.0.2:8080", apiBase: Self.api,
                                                           id: "s1"))?.id, first.id)
        XCTAssertNil(try repo.post(remote: RemotePostRef(network: .loops, host: "127.0.0.2:8080", apiBase: Self.api, id: "s1")))
    }

    func testAFollowedFeedsEntryOfTheSameFileGainsItsIdentityAndStaysInHome() throws {
        let repo = try LibraryDatabase.open(at: databaseURL)
        try addAuthor(repo)
        let file = "http://127.0.0.2:8080/static/web-videos/uuid-9-720.mp4"
        let followed = try repo.insertPost(newPost("from the feed", seconds: 1, uri: file))
        let stored = try XCTUnwrap(try repo.storeDiscovered([video("uuid-9", uri: file)]).first)
        XCTAssertEqual(stored.id, followed.id)
        XCTAssertFalse(stored.isDiscovered, "it was followed: Home keeps it")
        XCTAssertEqual(stored.remote?.id, "uuid-9")
        XCTAssertEqual(try repo.feedPage(after: nil, limit: 10).map(\.id), [followed.id])
    }

    func testCountsFromTheNetworkAddWhatOnlyThisComputerKnows() throws {
        let repo = try LibraryDatabase.open(at: databaseURL)
        try SelfAuthorFixture.add(to: repo)
        let post = try XCTUnwrap(try repo.storeDiscovered([video("uuid-2")]).first)
        try repo.insertComment(postID: post.id, authorHandle: SelfAuthorFixture.handle, text: "here only", likeCount: 0,
                               created: Self.found)
        let later = Self.found.addingTimeInterval(300)
        let updated = try repo.updateRemoteCounts(postID: post.id, counts: RemoteCounts(likes: 99, comments: 20, views: 1_000),
                                                  at: later)
        XCTAssertEqual([updated.likeCount, updated.commentCount, updated.viewCount], [99, 21, 1_000])
        XCTAssertEqual(updated.countsUpdated, later)
        let unknown = try repo.updateRemoteCounts(postID: post.id, counts: RemoteCounts(), at: later)
        XCTAssertEqual([unknown.likeCount, unknown.commentCount, unknown.viewCount], [99, 21, 1_000],
                       "a count the network did not give stays the last known one")
    }

    func testWhetherAVideoHasSoundIsKept() throws {
        let repo = try LibraryDatabase.open(at: databaseURL)
        try addAuthor(repo)
        let post = try repo.insertPost(newPost("silent", seconds: 1))
        XCTAssertNil(post.hasAudio)
        try repo.setHasAudio(postID: post.id, false)
        XCTAssertEqual(try repo.post(id: post.id)?.hasAudio, false)
    }
}

/// The user's own author, as SelfAuthor makes it in the app.
enum SelfAuthorFixture {
    static let handle = "you"

    @discardableResult
    static func ensure(_ repo: SQLiteFeedRepository) throws -> Author {
        try repo.insertAuthor(Author(handle: handle, name: "You", isSelf: true))
    }

    static func add(to repo: SQLiteFeedRepository) throws { try ensure(repo) }
}
