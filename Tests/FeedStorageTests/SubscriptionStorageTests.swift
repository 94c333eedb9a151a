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
        let repo = try LibraryDatabase.open(at: databaseURL)
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

    /// Every file an entry offers is kept with its post, for another rendition when one fails;
    /// an entry that gave none has none.
    func testAnEntryKeepsTheSourcesItWasGiven() throws {
        let repo = try LibraryDatabase.open(at: databaseURL)
        let subscription = try repo.insertSubscription(url: "https://video.example/feeds/videos.xml", title: "Blender")
        let sources = RemoteVideoSources(webVideos: [
            RemoteVideoFile(url: URL(string: "https://video.example/a-720.mp4")!, resolution: 720),
            RemoteVideoFile(url: URL(string: "https://video.example/a-240.mp4")!, resolution: 240),
        ])
        var withSources = entry("a", in: subscription)
        withSources.sources = sources
        let stored = try XCTUnwrap(repo.storeEntry(withSources))
        XCTAssertEqual(try repo.remoteSources(postID: stored.id), sources)
        let plain = try XCTUnwrap(repo.storeEntry(entry("b", in: subscription)))
        XCTAssertNil(try repo.remoteSources(postID: plain.id))
    }

    /// A followed entry's place on its network is stored with it; one stored before learns it at
    /// the next refresh; a video found by exploring first is taken by the subscription, and a
    /// video two followed feeds list is one post.
    func testFollowedEntriesKeepTheirPlaceOnTheNetworkAndAreOnePostPerVideo() throws {
        let repo = try LibraryDatabase.open(at: databaseURL)
        let api = URL(string: "http://127.0.0.2:8080")!
        func ref(_ short: String) -> RemotePostRef {
            RemotePostRef(network: .peertube, host: "127.0.0.2:8080", apiBase: api, id: short, shortUUID: short)
        }
        let channel = try repo.insertSubscription(url: "http://127.0.0.2:8080/feeds/videos.xml?videoChannelId=2", title: "Alice")
        var first = entry("s1", in: channel)
        first.remote = ref("s1")
        let stored = try XCTUnwrap(repo.storeEntry(first))
        XCTAssertEqual(stored.remote, ref("s1"))
        XCTAssertEqual(try repo.post(remote: ref("s1"))?.id, stored.id)

        let old = try XCTUnwrap(repo.storeEntry(entry("s2", in: channel)))
        XCTAssertNil(old.remote)
        var again = entry("s2", in: channel)
        again.remote = ref("s2")
        XCTAssertNil(try repo.storeEntry(again))
        XCTAssertEqual(try repo.post(id: old.id)?.remote, ref("s2"), "learnt at the refresh")

        let found = try XCTUnwrap(try repo.storeDiscovered([DiscoveredVideo(
            remote: RemotePostRef(network: .peertube, host: "127.0.0.2:8080", apiBase: api, id: "uuid-3", shortUUID: "s3"),
            authorHandle: "alice@127.0.0.2:8080", authorName: "Alice", caption: "found", videoURI: "http://127.0.0.2:8080/f3.mp4",
            created: Date(timeIntervalSince1970: 2_000))]).first)
        XCTAssertTrue(found.isDiscovered)
        var third = entry("s3", in: channel)
        third.remote = ref("s3")
        XCTAssertNil(try repo.storeEntry(third), "the video found first is the post")
        XCTAssertEqual(try repo.post(id: found.id)?.isDiscovered, false, "followed now: Home shows it")
        XCTAssertTrue(try repo.feedPage(after: nil, limit: 10).contains { $0.id == found.id })

        let account = try repo.insertSubscription(url: "http://127.0.0.2:8080/feeds/videos.xml?accountName=alice", title: "Alice")
        var sameVideo = entry("s1-again", in: account)
        sameVideo.remote = ref("s1")
        XCTAssertNil(try repo.storeEntry(sameVideo), "listed by a second feed: still one post")
        XCTAssertEqual(try repo.postCount(), 3)
    }

    /// Text a feed wrote goes in as bound values: SQL in a title, an author's name or an entry's
    /// id is stored as the words it is, markup too, and the tables are all still there.
    func testSQLAndMarkupInAFeedsTextAreStoredAsWritten() throws {
        let repo = try LibraryDatabase.open(at: databaseURL)
        let title = "Robert'); DROP TABLE posts;-- <b>bold</b> &amp; \"quoted\""
        let subscription = try repo.insertSubscription(url: "https://evil.example/feed?x=1';--", title: title)
        var hostile = entry("1' OR '1'='1", in: subscription)
        hostile.caption = title
        hostile.authorName = "x\"); DELETE FROM authors; --"
        hostile.authorHandle = "x.delete.from.authors@evil.example"
        let stored = try XCTUnwrap(repo.storeEntry(hostile))
        XCTAssertEqual(stored.caption, title)
        XCTAssertEqual(stored.author.name, hostile.authorName)
        XCTAssertNil(try repo.storeEntry(hostile), "the id with a quote in it is the same entry again")
        XCTAssertNotNil(try repo.storeEntry(entry("2", in: subscription)), "the other tables are still there")
        XCTAssertEqual(try repo.subscription(url: subscription.url)?.title, title)
        XCTAssertEqual(try repo.postCount(), 2)
    }

    func testUnsubscribingTakesItsPostsButThoseYouLikedOrCommentedOn() throws {
        let repo = try LibraryDatabase.open(at: databaseURL)
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

    /// Issue 21 #10: a followed channel's posts have its picture, its author counts as followed
    /// (no "+", unfollowed with the feed), and "Following" counts the channel once.
    func testAFollowedChannelsAuthorHasItsPictureAndCountsAsFollowedOnce() throws {
        let repo = try LibraryDatabase.open(at: databaseURL)
        _ = try SelfAuthorFixture.ensure(repo)
        try repo.insertAuthor(Author(handle: "ann", name: "Ann"))
        try repo.setFollowing(handle: "ann", following: true)
        let subscription = try repo.insertSubscription(url: "https://video.example/feeds/videos.xml", title: "Blender")
        var first = entry("a", in: subscription)
        first.authorAvatarURI = "https://video.example/blender.png"
        let post = try XCTUnwrap(repo.storeEntry(first))
        XCTAssertEqual(post.author.avatarURI, "https://video.example/blender.png")
        XCTAssertEqual([post.author.isFollowed, post.author.isFollowedThroughFeed], [true, true])
        XCTAssertEqual(try repo.selfAuthor()?.following, 2, "Ann and the channel")
        try repo.setFollowing(handle: "blender@video.example", following: true)
        XCTAssertEqual(try repo.selfAuthor()?.following, 2, "followed in person too: still the channel once")
        XCTAssertEqual(try repo.author(handle: "blender@video.example")?.isFollowed, true,
                       "unfollowing in person leaves the feed's follow")
        var second = entry("b", in: subscription)
        second.authorAvatarURI = "https://video.example/other.png"
        try repo.storeEntry(second)
        XCTAssertEqual(try repo.author(handle: "blender@video.example")?.avatarURI, "https://video.example/blender.png",
                       "a picture they have stays")
        try repo.deleteSubscription(id: subscription.id)
        XCTAssertEqual(try repo.selfAuthor()?.following, 2, "Ann, and the channel's author followed in person")
        try repo.setFollowing(handle: "blender@video.example", following: false)
        XCTAssertEqual(try repo.selfAuthor()?.following, 1)
    }
}
