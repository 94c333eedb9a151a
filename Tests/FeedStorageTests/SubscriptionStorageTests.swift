import FeedCore
import FeedStorage
import Foundation
import XCTest

/// Subscriptions and their entries in SQLite.
final class SubscriptionStorageTests: StorageTestCase {
    private func entry(_ id: String, in subscription: Subscription, likes: Int = 0) -> RemotePost {
        RemotePost(subscriptionID: subscription.id, remoteID: id, authorHandle: "blender@video.example", authorName: "Blender",
                   caption: "clip \(id)", videoURI: "https://video.example/\(id).mp4", likeCount: likes,
                   created: Date(timeIntervalSince1970: 1_000), pageURL: "https://video.example/w/\(id)")
    }

    func testAnEntryIsStoredOnceAndARefreshKeepsWhatItDoesNotSay() throws {
        let repo = try FeedStore.open(at: databaseURL)
        let subscription = try repo.insertSubscription(url: "https://video.example/feeds/videos.xml", title: "Blender")
        XCTAssertEqual(try repo.insertSubscription(url: subscription.url, title: "again").id, subscription.id)
        XCTAssertEqual(try repo.storeEntry(entry("a", in: subscription))?.pageURL, "https://video.example/w/a",
                       "Share copies the entry's page")
        XCTAssertNil(try repo.storeEntry(entry("a", in: subscription, likes: 9)), "the same entry again")
        XCTAssertEqual(try repo.post(videoURI: "https://video.example/a.mp4")?.likeCount, 9, "its like count follows the source")
        try repo.recordRefresh(subscriptionID: subscription.id, RefreshRecord(etag: "\"x\"", newCount: 1, at: Date(timeIntervalSince1970: 5)))
        try repo.recordRefresh(subscriptionID: subscription.id, RefreshRecord(error: "the server answered 500", at: Date(timeIntervalSince1970: 9)))
        let stored = try XCTUnwrap(repo.subscription(url: subscription.url))
        XCTAssertEqual([stored.etag, stored.lastError, stored.title], ["\"x\"", "the server answered 500", "Blender"])
        XCTAssertEqual(stored.lastRefresh, Date(timeIntervalSince1970: 9))
    }

    func testUnsubscribingTakesItsPostsButThoseYouLikedOrCommentedOn() throws {
        let repo = try FeedStore.open(at: databaseURL)
        _ = try SelfAuthorFixture.ensure(repo)
        let subscription = try repo.insertSubscription(url: "https://video.example/feeds/videos.xml", title: "Blender")
        let liked = try XCTUnwrap(repo.storeEntry(entry("liked", in: subscription)))
        let commented = try XCTUnwrap(repo.storeEntry(entry("commented", in: subscription)))
        try repo.storeEntry(entry("plain", in: subscription))
        try repo.setLiked(postID: liked.id, liked: true)
        try repo.insertComment(postID: commented.id, authorHandle: SelfAuthorFixture.handle, text: "nice", likeCount: 0, created: Date())
        let videos = try repo.deleteSubscription(id: subscription.id)
        XCTAssertEqual(Set(videos), Set(["liked", "commented", "plain"].map { "https://video.example/\($0).mp4" }),
                       "every video it brought leaves the cache, kept posts too (they stream again)")
        XCTAssertEqual(Set(try repo.feedPage(after: nil, limit: 10).map(\.caption)), ["clip liked", "clip commented"])
        XCTAssertEqual(try repo.subscriptions(), [])
    }
}

/// The local user, as the app makes them.
private enum SelfAuthorFixture {
    static let handle = "you"
    static func ensure(_ repo: SQLiteFeedRepository) throws -> Author {
        try repo.insertAuthor(Author(handle: handle, name: "You", isSelf: true))
    }
}
