import FeedCore
import FeedTesting
import Foundation
import XCTest

/// The fakes other suites rely on must behave like the real thing.
final class FeedTestingFakesTests: XCTestCase {
    func testRecordingSinkKeepsEventsFromManyThreads() {
        let sink = RecordingEventSink()
        DispatchQueue.concurrentPerform(iterations: 100) { sink.emit(.loop(postID: Int64($0), seamUs: 0)) }
        XCTAssertEqual(sink.events.count, 100)
        sink.removeAll()
        XCTAssertEqual(sink.events, [])
    }

    func testManualClockMovesOnlyWhenAdvanced() {
        let clock = ManualClock(startMicroseconds: 10)
        XCTAssertEqual(clock.nowMicroseconds(), 10)
        clock.advance(byMicroseconds: 5)
        XCTAssertEqual(clock.nowMicroseconds(), 15)
    }

    func testInMemoryRepositoryCountsTheUsersOwnNumbersSharesAndRenames() throws {
        let repo = InMemoryFeedRepository()
        try repo.insertAuthor(Author(handle: "you", name: "You", isSelf: true))
        try repo.insertAuthor(Author(handle: "ann", name: "Ann", followers: 10))
        let day = Date(timeIntervalSince1970: 1_000)
        let mine = try repo.insertPost(NewPost(authorHandle: "you", caption: "a", music: "", videoURI: "a", likeCount: 212, created: day))
        try repo.insertPost(NewPost(authorHandle: "you", caption: "b", music: "", videoURI: "b", likeCount: 37, created: day))
        try repo.recordActivity(kind: .follow, actorHandle: "ann", postID: nil, text: nil, created: day)
        try repo.setFollowing(handle: "ann", following: true)
        let me = try XCTUnwrap(repo.selfAuthor())
        XCTAssertEqual([me.likes, me.followers, me.following], [249, 1, 1])
        XCTAssertEqual(try repo.recordShare(postID: mine.id).shareCount, 1)
        try repo.updateProfile(authorID: me.id, handle: "zoe.t", name: "Zoe", bio: "", avatarURI: nil)
        XCTAssertEqual(try repo.post(id: mine.id)?.author.handle, "zoe.t")
        XCTAssertEqual(try repo.posts(byAuthorHandle: "zoe.t", limit: 5).count, 2)
    }

    /// As SQLite (SubscriptionStorageTests): a followed channel's author has its picture, is
    /// followed through the feed, and "Following" counts the channel once.
    func testInMemoryRepositoryCountsAFollowedChannelOnce() throws {
        let repo = InMemoryFeedRepository()
        try repo.insertAuthor(Author(handle: "you", name: "You", isSelf: true))
        try repo.insertAuthor(Author(handle: "ann", name: "Ann"))
        try repo.setFollowing(handle: "ann", following: true)
        let subscription = try repo.insertSubscription(url: "https://video.example/feed.xml", title: "Blender")
        let post = try XCTUnwrap(repo.storeEntry(RemotePost(
            subscriptionID: subscription.id, remoteID: "a", authorHandle: "blender@video.example", authorName: "Blender",
            caption: "a", videoURI: "https://video.example/a.mp4", created: Date(), authorAvatarURI: "https://video.example/b.png")))
        let author = try XCTUnwrap(repo.post(id: post.id)?.author)
        XCTAssertEqual(author.avatarURI, "https://video.example/b.png")
        XCTAssertEqual([author.isFollowed, author.isFollowedThroughFeed], [true, true])
        XCTAssertEqual(try repo.selfAuthor()?.following, 2)
        try repo.setFollowing(handle: "blender@video.example", following: true)
        XCTAssertEqual(try repo.selfAuthor()?.following, 2, "the channel once")
        try repo.deleteSubscription(id: subscription.id)
        try repo.setFollowing(handle: "blender@video.example", following: false)
        XCTAssertEqual(try repo.selfAuthor()?.following, 1)
    }

    func testInMemoryRepositoryPagesNewestFirstWithIDTieBreak() throws {
        let repo = InMemoryFeedRepository()
        try repo.insertAuthor(Author(handle: "a", name: "A"))
        let sameTime = Date(timeIntervalSince1970: 100)
        for i in 0..<5 {
            try repo.insertPost(NewPost(authorHandle: "a", caption: "\(i)", music: "", videoURI: "v\(i)",
                                        created: i < 3 ? sameTime : Date(timeIntervalSince1970: Double(i * 1_000))))
        }
        let first = try repo.feedPage(after: nil, limit: 2)
        let rest = try repo.feedPage(after: FeedKey(first.last!), limit: 10)
        XCTAssertEqual((first + rest).map(\.caption), ["4", "3", "2", "1", "0"])
    }

    func testInMemoryRepositoryLikesAndSearch() throws {
        let repo = InMemoryFeedRepository()
        try repo.insertAuthor(Author(handle: "cafe.owner", name: "Zoë"))
        let post = try repo.insertPost(NewPost(authorHandle: "cafe.owner", caption: "Café latte #Morning",
                                               music: "Jazz", videoURI: "v", likeCount: 1, created: Date()))
        XCTAssertEqual(try repo.setLiked(postID: post.id, liked: true).likeCount, 2)
        XCTAssertEqual(try repo.setLiked(postID: post.id, liked: true).likeCount, 2)
        XCTAssertEqual(try repo.search("CAFE lat", limit: 10).map(\.id), [post.id])
        XCTAssertEqual(try repo.search("#morn zoe", limit: 10).map(\.id), [post.id])
        XCTAssertEqual(try repo.search("tea", limit: 10), [])
        XCTAssertEqual(try repo.search("  ", limit: 10), [])
    }

    func testInMemoryRepositoryCountsCommentsAndPagesThem() throws {
        let repo = InMemoryFeedRepository()
        try repo.insertAuthor(Author(handle: "a", name: "A"))
        let post = try repo.insertPost(NewPost(authorHandle: "a", caption: "", music: "", videoURI: "v", created: Date()))
        let comments = try (0..<3).map {
            try repo.insertComment(postID: post.id, authorHandle: "a", text: "\($0)", likeCount: 0,
                                   created: Date(timeIntervalSince1970: Double($0)))
        }
        XCTAssertEqual(try repo.post(id: post.id)?.commentCount, 3)
        let first = try repo.comments(postID: post.id, before: nil, limit: 2)
        XCTAssertEqual(first.map(\.text), ["2", "1"])
        XCTAssertEqual(try repo.comments(postID: post.id, before: first.last?.id, limit: 2).map(\.id), [comments[0].id])
        XCTAssertThrowsError(try repo.insertPost(NewPost(authorHandle: "nobody", caption: "", music: "",
                                                         videoURI: "w", created: Date())))
    }
}
