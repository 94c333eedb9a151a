import FeedCore
@testable import FeedSources
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// A followed channel's posts know where they live on their network (so their counts, comments
/// and captions can be asked there), when the feed says it, and only then.
final class FollowedPostIdentityTests: XCTestCase {
    private static let channelFeed = URL(string: "http://127.0.0.2:8080/feeds/videos.xml?videoChannelId=2")!

    private static func peerTubeRSS(links: [String]) -> String {
        let items = links.enumerated().map { index, link in
            """
            <item><title>Clip \(index)</title><link>\(link)</link><guid>\(link)</guid>
              <pubDate>Tue, 01 Dec 2026 1\(index):00:00 GMT</pubDate><dc:creator>Alice's loops</dc:creator>
              <media:group><media:content url="http://127.0.0.2:8080/static/web-videos/v\(index)-720.mp4" type="video/mp4" height="720"/></media:group>
            </item>
            """
        }.joined()
        return """
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">
            <channel><title>Alice's loops</title>\(items)</channel></rss>
            """
    }

    @MainActor
    private static func follow(_ url: URL, serving body: String, library: InMemoryFeedRepository) -> [Post] {
        let fetcher = FakeFeedFetcher()
        fetcher.serve(url, body)
        let service = SubscriptionService(library: library, fetcher: fetcher, reader: ImmediateFeedDocumentReader(), events: nil)
        var added: [Post] = []
        service.add(url) { outcome in
            if case .subscribed(_, let posts) = outcome { added = posts }
        }
        return added
    }

    func testAPeerTubeChannelsOwnPostsAreByTheChannelAsItsNetworkNamesIt() {
        onMain {
            func rss(link: String) -> String {
                Self.peerTubeRSS(links: ["http://127.0.0.2:8080/w/aaaaaaaaaaaaaaaaaaaaaa"])
                    .replacingOccurrences(of: "<channel><title>Alice's loops</title>",
                                          with: "<channel><title>Alice's loops</title><link>\(link)</link>")
            }
            let own = Self.follow(Self.channelFeed, serving: rss(link: "http://127.0.0.2:8080/video-channels/alice_loops"),
                                  library: InMemoryFeedRepository())
            XCTAssertEqual(own.first?.author.handle, "alice_loops@127.0.0.2:8080", "the channel Explore knows, its page one click away")
            let short = Self.follow(Self.channelFeed, serving: rss(link: "http://127.0.0.2:8080/c/alice_loops"),
                                    library: InMemoryFeedRepository())
            XCTAssertEqual(short.first?.author.handle, "alice_loops@127.0.0.2:8080")
            let elsewhere = Self.follow(Self.channelFeed, serving: rss(link: "http://127.0.0.9:8080/c/alice_loops"),
                                        library: InMemoryFeedRepository())
            XCTAssertEqual(elsewhere.first?.author.handle, "alice.s.loops@127.0.0.2", "another instance's link names nothing here")
            let blog = Self.follow(URL(string: "http://127.0.0.2:8080/blog/feed.xml")!, serving: rss(link: "http://127.0.0.2:8080/c/alice_loops"),
                                   library: InMemoryFeedRepository())
            XCTAssertEqual(blog.first?.author.handle, "alice.s.loops@127.0.0.2", "not a PeerTube feed: nothing is guessed")
        }
    }

    func testAPeerTubeChannelsPostsAreKnownByTheirPagesOnItsInstance() throws {
        try onMain {
            let library = InMemoryFeedRepository()
            let uuid = "6513270e-269e-4d37-b2a7-4de452e6b438"
            let added = Self.follow(Self.channelFeed, serving: Self.peerTubeRSS(links: [
                "http://127.0.0.2:8080/w/dtUzWZmcsKLxNWfH2Xu4R3",
                "http://127.0.0.2:8080/videos/watch/\(uuid)",
                "http://127.0.0.9:8080/w/elsewhere1",
                "http://127.0.0.2:8080/c/alice_loops",
            ]), library: library)
            XCTAssertEqual(added.count, 4)
            let byCaption = Dictionary(uniqueKeysWithValues: added.map { ($0.caption, $0) })
            let short = try XCTUnwrap(byCaption["Clip 0"]?.remote)
            XCTAssertEqual(short, RemotePostRef(network: .peertube, host: "127.0.0.2:8080", apiBase: URL(string: "http://127.0.0.2:8080")!,
                                                id: "dtUzWZmcsKLxNWfH2Xu4R3", shortUUID: "dtUzWZmcsKLxNWfH2Xu4R3"))
            XCTAssertEqual(byCaption["Clip 1"]?.remote?.id, uuid)
            XCTAssertNil(byCaption["Clip 1"]?.remote?.shortUUID, "a uuid is no short uuid")
            XCTAssertNil(byCaption["Clip 2"]?.remote, "a page on another host says nothing of this instance")
            XCTAssertNil(byCaption["Clip 3"]?.remote, "a page that is not a video's")
            XCTAssertEqual(try library.post(remote: short)?.id, byCaption["Clip 0"]?.id)
        }
    }

    func testALoopsAccountsPostsAreKnownByTheirIDs() {
        onMain {
            let library = InMemoryFeedRepository()
            let feed = URL(string: "http://127.0.0.4:8080/api/v1/feed/account/79155014135844864")!
            let added = Self.follow(feed, serving: """
                {"data": [{"id": "80264773241016320", "caption": "hail", "account": {"name": "Dan"},
                           "media": {"src_url": "http://127.0.0.4:8080/storage/videos/a.mp4"}}]}
                """, library: library)
            XCTAssertEqual(added.first?.remote, RemotePostRef(network: .loops, host: "127.0.0.4:8080",
                                                              apiBase: URL(string: "http://127.0.0.4:8080")!, id: "80264773241016320"))
        }
    }

    func testOtherFeedsPostsCarryNone() {
        onMain {
            let library = InMemoryFeedRepository()
            // A PeerTube-shaped page link, but not in a PeerTube feed.
            let added = Self.follow(URL(string: "http://127.0.0.2:8080/blog/rss.xml")!,
                                    serving: Self.peerTubeRSS(links: ["http://127.0.0.2:8080/w/dtUzWZmcsKLxNWfH2Xu4R3"]),
                                    library: library)
            XCTAssertEqual(added.count, 1)
            XCTAssertNil(added.first?.remote)
        }
    }

    func testPostsStoredBeforeLearnTheirPlaceAtTheNextRefreshAndAVideoFoundFirstIsAdopted() throws {
        try onMain {
            let library = InMemoryFeedRepository()
            let subscription = try library.insertSubscription(url: Self.channelFeed.absoluteString, title: "Alice")
            let link = "http://127.0.0.2:8080/w/dtUzWZmcsKLxNWfH2Xu4R3"
            // As an earlier Loopfeed stored it: no identity.
            let old = try XCTUnwrap(library.storeEntry(RemotePost(
                subscriptionID: subscription.id, remoteID: link, authorHandle: "alice@127.0.0.2", authorName: "Alice",
                caption: "Clip 0", videoURI: "http://127.0.0.2:8080/static/web-videos/v0-720.mp4", created: Date(), pageURL: link)))
            XCTAssertNil(old.remote)
            // Found in Explore before it was followed.
            let found = try XCTUnwrap(library.storeDiscovered([DiscoveredVideo(
                remote: RemotePostRef(network: .peertube, host: "127.0.0.2:8080", apiBase: URL(string: "http://127.0.0.2:8080")!,
                                      id: "3d9c1724-11e2-4b8f-ab0d-549b6f03675a", shortUUID: "8BfKi4Q5UtyieYheXqMczL"),
                authorHandle: "alice_loops@127.0.0.2:8080", authorName: "Alice", authorAvatarURI: nil, caption: "Street dance",
                videoURI: "http://127.0.0.2:8080/static/web-videos/dance-720.mp4", sources: RemoteVideoSources(), width: 720,
                height: 1280, duration: 4, counts: RemoteCounts(likes: 3), created: Date(), pageURL: nil, coverURI: nil,
                isSensitive: false, found: Date())]).first)
            XCTAssertTrue(found.isDiscovered)
            let fetcher = FakeFeedFetcher()
            fetcher.serve(Self.channelFeed, Self.peerTubeRSS(links: [link, "http://127.0.0.2:8080/w/8BfKi4Q5UtyieYheXqMczL"]))
            let service = SubscriptionService(library: library, fetcher: fetcher, reader: ImmediateFeedDocumentReader(), events: nil)
            var added: [Post]?
            service.refresh(id: subscription.id) { added = $0 }
            XCTAssertEqual(added, [], "neither is a new post")
            XCTAssertEqual(try library.post(id: old.id)?.remote?.id, "dtUzWZmcsKLxNWfH2Xu4R3", "the old post knows its place now")
            let adopted = try XCTUnwrap(library.post(id: found.id))
            XCTAssertFalse(adopted.isDiscovered, "followed now: Home shows it")
            XCTAssertEqual(try library.feedPage(after: nil, limit: 10).map(\.id).sorted(), [old.id, found.id].sorted())
        }
    }
}
