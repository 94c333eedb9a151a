import FeedCore
@testable import FeedSources
import FeedStorage
import FeedTesting
import Foundation
import GLibKit
import TestSupport
import XCTest

/// Following feeds against a fake fetcher and the in-memory library.
final class SubscriptionServiceTests: XCTestCase {
    private static let feedURL = URL(string: "https://video.example/feeds/videos.xml?videoChannelId=7")!

    /// `guest`: the entry by someone other than the channel.
    private static func rss(_ ids: ClosedRange<Int>, guest: Int? = nil) -> String {
        let items = ids.map { id in
            """
            <item><guid>v\(id)</guid><title>Clip \(id)</title><pubDate>Tue, 0\(id % 9 + 1) Dec 2026 10:00:00 GMT</pubDate>
              <dc:creator>\(id == guest ? "A Guest" : "Blender Studio")</dc:creator>
              <media:group>
                <media:content url="https://video.example/\(id)-1080.mp4" type="video/mp4" height="1080"/>
                <media:content url="https://video.example/\(id)-720.mp4" type="video/mp4" height="720"/>
              </media:group></item>
            """
        }.joined()
        return """
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">
            <channel><title>Blender Studio</title>\(items)</channel></rss>
            """
    }

    @MainActor
    private static func add(_ service: SubscriptionService, _ url: URL) -> SubscriptionOutcome? {
        var outcome: SubscriptionOutcome?
        service.add(url) { outcome = $0 }
        return outcome
    }

    func testAFeedIsFollowedItsVideosStoredOnceAndARefreshAddsOnlyWhatIsNew() throws {
        try onMain {
            let library = InMemoryFeedRepository(), fetcher = FakeFeedFetcher(), events = RecordingEventSink()
            fetcher.serve(Self.feedURL, Self.rss(1...3), etag: "\"a\"")
            let service = SubscriptionService(library: library, fetcher: fetcher, reader: ImmediateFeedDocumentReader(), events: events, window: { PixelSize(width: 360, height: 640) })
            guard case .subscribed(let subscription, let added)? = Self.add(service, Self.feedURL) else {
                return XCTFail("not subscribed")
            }
            XCTAssertEqual(subscription.title, "Blender Studio")
            XCTAssertEqual(added.map(\.caption), ["Clip 1", "Clip 2", "Clip 3"])
            XCTAssertEqual(added.first?.videoURI, "https://video.example/1-720.mp4", "the smallest rendition at least the page's height")
            XCTAssertEqual(added.first?.author.handle, "blender.studio@video.example")
            XCTAssertEqual(events.events.last, .feedRefreshed(url: Self.feedURL.absoluteString, items: 3, added: 3, error: nil))
            XCTAssertEqual(Self.add(service, Self.feedURL), .alreadySubscribed(try XCTUnwrap(library.subscription(url: Self.feedURL.absoluteString))))

            var refreshed: [[Post]] = []
            service.refreshAll { refreshed.append($0) }
            XCTAssertEqual(fetcher.requests.last?.etag, "\"a\"", "a conditional GET")
            XCTAssertEqual(refreshed, [], "nothing changed (304)")
            fetcher.serve(Self.feedURL, Self.rss(1...5), etag: "\"b\"")
            service.refreshAll { refreshed.append($0) }
            XCTAssertEqual(refreshed.flatMap { $0.map(\.caption) }, ["Clip 4", "Clip 5"], "a re-fetch never stores an entry twice")
            XCTAssertEqual(try library.postCount(), 5)
        }
    }

    /// Issue 21 #10: the channel's picture (the feed's image, as the Following window shows it)
    /// is its posts' author's; an entry by someone else in the feed does not get it.
    func testAChannelsPictureIsItsOwnPostsAuthorsPicture() {
        onMain {
            let library = InMemoryFeedRepository(), fetcher = FakeFeedFetcher()
            fetcher.serve(Self.feedURL, Self.rss(1...2, guest: 2).replacingOccurrences(
                of: "<channel><title>Blender Studio</title>",
                with: "<channel><title>Blender Studio</title><image><url>https://video.example/channel.png</url></image>"))
            let service = SubscriptionService(library: library, fetcher: fetcher, reader: ImmediateFeedDocumentReader(),
                                              events: RecordingEventSink(), window: { PixelSize(width: 360, height: 640) })
            guard case .subscribed(_, let added)? = Self.add(service, Self.feedURL) else { return XCTFail("not subscribed") }
            let pictures = Dictionary(uniqueKeysWithValues: added.map { ($0.caption, $0.author.avatarURI) })
            XCTAssertEqual(pictures["Clip 1"], "https://video.example/channel.png")
            XCTAssertEqual(pictures["Clip 2"], .some(nil), "a guest's post is not the channel's")
            XCTAssertEqual(added.first { $0.caption == "Clip 1" }?.author.isFollowed, true, "followed through the feed: no +")
        }
    }

    /// A feed's titles, descriptions and names with markup, control characters, direction
    /// overrides, SQL and megabytes of text: stored as literal text on one line, within the
    /// library's limits (a caption 2,000 characters, a name 50), never interpreted.
    func testAnEntryDatedInTheFutureOrWithoutADateArrivesNow() throws {
        onMain {
            let library = InMemoryFeedRepository(), fetcher = FakeFeedFetcher()
            let arrival = Date(timeIntervalSince1970: 1_796_119_200)  // 2026-12-01
            fetcher.serve(Self.feedURL, """
                <rss version="2.0"><channel><title>Pins</title>
                <item><guid>future</guid><title>Pinned for decades</title><pubDate>Fri, 01 Jan 2100 00:00:00 GMT</pubDate>
                  <enclosure url="https://video.example/f.mp4" type="video/mp4"/></item>
                <item><guid>undated</guid><title>No date</title>
                  <enclosure url="https://video.example/u.mp4" type="video/mp4"/></item>
                <item><guid>invalid</guid><title>Bad date</title><pubDate>Tue, 01 Dec 2026 10:00:00 -99:99</pubDate>
                  <enclosure url="https://video.example/i.mp4" type="video/mp4"/></item>
                <item><guid>past</guid><title>Last week</title><pubDate>Tue, 24 Nov 2026 10:00:00 GMT</pubDate>
                  <enclosure url="https://video.example/p.mp4" type="video/mp4"/></item>
                </channel></rss>
                """)
            let service = SubscriptionService(library: library, fetcher: fetcher, reader: ImmediateFeedDocumentReader(),
                                              events: nil, window: { PixelSize(width: 360, height: 640) }, now: { arrival })
            guard case .subscribed(_, let added)? = Self.add(service, Self.feedURL) else { return XCTFail("not subscribed") }
            let created = Dictionary(uniqueKeysWithValues: added.map { ($0.caption, $0.created) })
            XCTAssertEqual(created["Pinned for decades"], arrival)
            XCTAssertEqual(created["No date"], arrival)
            XCTAssertEqual(created["Bad date"], arrival)
            XCTAssertEqual(created["Last week"], FeedDate.parse("Tue, 24 Nov 2026 10:00:00 GMT"))
        }
    }

    func testHostileTextInAFeedIsStoredLiterallyWithinLimits() throws {
        let huge = String(repeating: "0123456789", count: 250_000) // 2.5 MB
        func item(_ id: Int, title: String, author: String, content: String = "") -> [String: Any] {
            ["id": "\(id)", "title": title, "authors": [["name": author]], "content_html": content,
             "attachments": [["url": "https://evil.example/\(id).mp4", "mime_type": "video/mp4"]]]
        }
        let document: [String: Any] = [
            "version": "https://jsonfeed.org/version/1.1", "title": "<i>Channel</i>\u{202E}\u{07}",
            "items": [
                item(1, title: "<b>bold</b> &amp; <script>alert(1)</script>", author: "Robert'); DROP TABLE posts;--",
                     content: "<p>" + huge + "</p>"),
                item(2, title: "bell\u{07} esc\u{1B}[31m photo_\u{202E}gpj.exe\nsecond line", author: huge),
                item(3, title: huge, author: "<b>Ann</b>"),
                item(4, title: "'; DELETE FROM subscriptions; --", author: "\u{202E}Ann\u{0}"),
            ],
        ]
        let json = try JSONSerialization.data(withJSONObject: document)
        XCTAssertLessThan(json.count, 10 << 20)
        try onMain {
            let library = InMemoryFeedRepository(), fetcher = FakeFeedFetcher()
            let url = URL(string: "https://evil.example/feed.json")!
            fetcher.serve(url, String(decoding: json, as: UTF8.self))
            let service = SubscriptionService(library: library, fetcher: fetcher, reader: ImmediateFeedDocumentReader(), events: nil)
            guard case .subscribed(let subscription, let added)? = Self.add(service, url) else { return XCTFail("not subscribed") }
            XCTAssertEqual(subscription.title, "<i>Channel</i>")
            let byID = Dictionary(uniqueKeysWithValues: added.map { ($0.videoURI, $0) })
            let first = try XCTUnwrap(byID["https://evil.example/1.mp4"])
            XCTAssertEqual(first.caption, "<b>bold</b> &amp; <script>alert(1)</script>", "markup is text")
            XCTAssertEqual(first.author.name, "Robert'); DROP TABLE posts;--")
            XCTAssertEqual(first.author.handle, "robert.drop.table.posts@evil.example")
            let second = try XCTUnwrap(byID["https://evil.example/2.mp4"])
            XCTAssertEqual(second.caption, "bell esc[31m photo_gpj.exe second line", "no control or direction characters, one line")
            XCTAssertEqual(second.author.name.count, TextLimits.name, "a 2.5 MB name is cut to the library's limit")
            XCTAssertTrue(second.author.name.hasSuffix("…"))
            XCTAssertLessThanOrEqual(second.author.handle.split(separator: "@").first?.count ?? 0, TextLimits.handle)
            let third = try XCTUnwrap(byID["https://evil.example/3.mp4"])
            XCTAssertEqual(third.caption.count, TextLimits.caption)
            XCTAssertEqual(third.author.name, "<b>Ann</b>")
            let fourth = try XCTUnwrap(byID["https://evil.example/4.mp4"])
            XCTAssertEqual(fourth.caption, "'; DELETE FROM subscriptions; --")
            XCTAssertEqual(fourth.author.name, "Ann")
            XCTAssertEqual(added.count, 4)
        }
        guard case .feed(let feed) = try FeedDocument.read(Array(json), base: nil) else { return XCTFail("not a feed") }
        XCTAssertTrue(feed.entries.allSatisfy { $0.summary.count <= TextLimits.caption }, "a description is cut too")
    }

    func testAPageAnnouncingAFeedAndAChannelPageAreFollowedAsTheirFeeds() throws {
        onMain {
            let library = InMemoryFeedRepository(), fetcher = FakeFeedFetcher()
            let page = URL(string: "https://ann.example/clips")!
            fetcher.serve(page, #"<html><head><link rel="alternate" type="application/rss+xml" href="/rss"></head></html>"#)
            fetcher.serve(URL(string: "https://ann.example/rss")!, Self.rss(1...1))
            fetcher.serve(URL(string: "https://video.example/api/v1/video-channels/blender")!, #"{"id": 7, "name": "blender"}"#)
            fetcher.serve(Self.feedURL, Self.rss(2...2))
            let service = SubscriptionService(library: library, fetcher: fetcher, reader: ImmediateFeedDocumentReader(), events: nil)
            guard case .subscribed(let fromPage, _)? = Self.add(service, page) else { return XCTFail("the page's feed") }
            XCTAssertEqual(fromPage.url, "https://ann.example/rss")
            guard case .subscribed(let channel, _)? = Self.add(service, URL(string: "https://video.example/c/blender/videos")!) else {
                return XCTFail("the channel")
            }
            XCTAssertEqual(channel.url, Self.feedURL.absoluteString, "resolved through PeerTube's API")
        }
    }

    /// A channel, an account or a Loops profile given over http with a port (a test server, a
    /// home server) is looked up there, not over https on the default port.
    func testAChannelOrProfileAddressKeepsItsSchemeAndPort() throws {
        onMain {
            let library = InMemoryFeedRepository(), fetcher = FakeFeedFetcher()
            fetcher.serve(URL(string: "http://127.0.0.2:8080/api/v1/video-channels/blender")!, #"{"id": 7, "name": "blender"}"#)
            fetcher.serve(URL(string: "http://127.0.0.2:8080/feeds/videos.xml?videoChannelId=7")!, Self.rss(1...1))
            fetcher.serve(URL(string: "http://127.0.0.2:8080/feeds/videos.xml?accountName=ton")!, Self.rss(2...2))
            fetcher.serve(URL(string: "http://127.0.0.3:9000/api/v1/account/username/dansup")!, #"{"data": {"id": "79"}}"#)
            fetcher.serve(URL(string: "http://127.0.0.3:9000/api/v1/feed/account/79")!,
                          #"{"data": [{"id": "1", "caption": "hail", "media": {"src_url": "http://127.0.0.3:9000/1.mp4"}}]}"#)
            let service = SubscriptionService(library: library, fetcher: fetcher, reader: ImmediateFeedDocumentReader(), events: nil)
            let followed = ["http://127.0.0.2:8080/c/blender/videos", "http://127.0.0.2:8080/a/ton", "http://127.0.0.3:9000/@dansup"]
                .map { address -> String? in
                    guard case .subscribed(let subscription, _)? = Self.add(service, URL(string: address)!) else { return nil }
                    return subscription.url
                }
            XCTAssertEqual(followed, ["http://127.0.0.2:8080/feeds/videos.xml?videoChannelId=7",
                                      "http://127.0.0.2:8080/feeds/videos.xml?accountName=ton",
                                      "http://127.0.0.3:9000/api/v1/feed/account/79"])
            XCTAssertFalse(fetcher.requests.contains { $0.url.scheme == "https" }, "nothing asked over https")
        }
    }

    /// Loops pages its videos with a cursor: older pages are read while all they bring is new.
    func testALoopsAccountsOlderPagesFollowItsCursor() throws {
        onMain {
            let library = InMemoryFeedRepository(), fetcher = FakeFeedFetcher()
            let feed = URL(string: "https://loops.example/api/v1/feed/account/7")!
            func video(_ id: Int) -> String {
                #"{"id": "\#(id)", "caption": "clip \#(id)", "account": {"name": "Dan"}, "media": {"src_url": "https://cdn.loops.example/\#(id).mp4"}}"#
            }
            fetcher.serve(feed, #"{"data": [\#(video(3)), \#(video(2))], "meta": {"next_cursor": "c2"}}"#)
            fetcher.serve(URL(string: "https://loops.example/api/v1/feed/account/7?cursor=c2")!,
                          #"{"data": [\#(video(1))], "links": {"next": "https://loops.example/api/v1/feed/account/7?cursor=c3"}}"#)
            fetcher.serve(URL(string: "https://loops.example/api/v1/feed/account/7?cursor=c3")!,
                          #"{"data": [\#(video(0))], "meta": {"next_cursor": null}}"#)
            let service = SubscriptionService(library: library, fetcher: fetcher, reader: ImmediateFeedDocumentReader(), events: nil)
            guard case .subscribed(_, let added)? = Self.add(service, feed) else { return XCTFail("not followed") }
            XCTAssertEqual(added.map(\.caption), ["clip 3", "clip 2", "clip 1", "clip 0"], "all three pages")
            var refreshed: [Post]?
            service.refreshAll { refreshed = $0 }
            XCTAssertEqual(refreshed ?? [], [], "a refresh whose first page is all known reads no older page")
            XCTAssertEqual(fetcher.requests.filter { $0.url.absoluteString.contains("cursor") }.count, 2)
        }
    }

    /// A Loops profile link: the account's id from the JSON API, then its videos (`media.src_url`).
    func testALoopsProfileIsFollowedThroughItsAPI() throws {
        onMain {
            let library = InMemoryFeedRepository(), fetcher = FakeFeedFetcher()
            fetcher.serve(URL(string: "https://loops.example/api/v1/account/username/dansup")!,
                          #"{"data": {"id": "79155014135844864", "username": "dansup", "name": "dansup"}}"#)
            let videos = URL(string: "https://loops.example/api/v1/feed/account/79155014135844864")!
            fetcher.serve(videos, """
                {"data": [
                  {"id": "80264773241016320", "caption": "What the hail?\\n\\n#hail #loops", "url": "https://loops.example/v/5qW",
                   "created_at": "2026-11-01T21:35:38+00:00", "likes": 12,
                   "account": {"id": "79155014135844864", "username": "dansup", "name": "Dan"},
                   "media": {"width": 720, "height": 1280, "src_url": "https://cdn.loops.example/v/5qW.mp4",
                             "thumbnail": "https://cdn.loops.example/v/5qW.jpg"}},
                  {"id": "2", "caption": "no file", "media": {"thumbnail": "https://cdn.loops.example/x.jpg"}}
                ], "meta": {"next_cursor": "abc"}}
                """)
            let service = SubscriptionService(library: library, fetcher: fetcher, reader: ImmediateFeedDocumentReader(), events: nil)
            guard case .subscribed(let subscription, let added)? = Self.add(service, URL(string: "https://loops.example/@dansup")!) else {
                return XCTFail("the Loops profile was not followed")
            }
            XCTAssertEqual(subscription.url, videos.absoluteString)
            XCTAssertEqual(subscription.title, "Dan")
            XCTAssertEqual(added.first?.videoURI, "https://cdn.loops.example/v/5qW.mp4")
            XCTAssertEqual(added.map { $0.unplayable?.reason }, [nil, .noFile], "a video without its file says so")
            XCTAssertEqual(added.first?.caption, "What the hail? #hail #loops", "a caption is one line")
            XCTAssertEqual(added.first?.likeCount, 12)
            XCTAssertEqual(added.first?.pageURL, "https://loops.example/v/5qW", "what Share copies")
            XCTAssertEqual(ShareAction.options(playableURI: added[0].videoURI, pageURL: added[0].pageURL),
                           [.copyLink(url: "https://loops.example/v/5qW")])
            XCTAssertEqual(added.first?.author.handle, "dan@loops.example")
        }
    }

    func testWhatCannotBeFollowedIsSaidAndAFailedRefreshIsKept() throws {
        try onMain {
            let library = InMemoryFeedRepository(), fetcher = FakeFeedFetcher(), events = RecordingEventSink()
            let service = SubscriptionService(library: library, fetcher: fetcher, reader: ImmediateFeedDocumentReader(), events: events)
            XCTAssertEqual(Self.add(service, URL(string: "file:///etc/passwd")!), .failed("Only web addresses (http or https) can be followed."))
            let garbage = URL(string: "https://x.example/feed")!
            fetcher.serve(garbage, "<rss><channel><item>")
            guard case .failed(let reason)? = Self.add(service, garbage) else { return XCTFail("garbage was followed") }
            XCTAssertTrue(reason.contains("malformed"), reason)
            guard case .video(let video)? = Self.add(service, URL(string: "https://x.example/clip.mp4")!) else {
                return XCTFail("a video's address is one post")
            }
            XCTAssertEqual(video.videoURI, "https://x.example/clip.mp4")

            fetcher.serve(Self.feedURL, Self.rss(1...1))
            _ = Self.add(service, Self.feedURL)
            fetcher.documents[Self.feedURL] = .failure(FetchFailure("the server answered 500"))
            service.refreshAll { _ in }
            XCTAssertEqual(try library.subscriptions().first?.lastError, "the server answered 500")
            XCTAssertEqual(events.events.last, .feedRefreshed(url: Self.feedURL.absoluteString, items: 0, added: 0,
                                                              error: "the server answered 500"))
            XCTAssertEqual(try library.postCount(), 2, "the posts it had stay")
        }
    }

    /// Issue 21 #11: once every feed has answered, the refresh says which could not be reached.
    func testARefreshOfEveryFeedEndsWithThoseThatFailed() throws {
        try onMain {
            let library = InMemoryFeedRepository(), fetcher = FakeFeedFetcher()
            let service = SubscriptionService(library: library, fetcher: fetcher, reader: ImmediateFeedDocumentReader(), events: nil)
            let other = URL(string: "https://other.example/feed.xml")!
            fetcher.serve(Self.feedURL, Self.rss(1...1))
            fetcher.serve(other, Self.rss(2...2).replacingOccurrences(of: "Blender Studio</title>", with: "Other</title>"))
            _ = Self.add(service, Self.feedURL)
            _ = Self.add(service, other)
            fetcher.documents[other] = .failure(FetchFailure("can’t connect"))
            var finished: [[String]] = []
            service.refreshAll(added: { _ in }, finished: { finished.append($0.map(\.url)) })
            XCTAssertEqual(finished, [[other.absoluteString]])
            fetcher.serve(other, Self.rss(2...2))
            service.refreshAll(added: { _ in }, finished: { finished.append($0.map(\.url)) })
            XCTAssertEqual(finished.last, [], "it answered again")
            try library.deleteSubscription(id: try XCTUnwrap(library.subscriptions().first).id)
            try library.deleteSubscription(id: try XCTUnwrap(library.subscriptions().first).id)
            service.refreshAll(added: { _ in }, finished: { finished.append($0.map(\.url)) })
            XCTAssertEqual(finished.count, 3, "nothing followed: finished at once")
        }
    }

    func testAnOPMLListFollowsEachOfItsFeedsAndUnsubscribingKeepsWhatYouLiked() throws {
        try onMain {
            let library = InMemoryFeedRepository(), fetcher = FakeFeedFetcher()
            let list = URL(string: "https://me.example/subs.opml")!
            fetcher.serve(list, OPML.write([OPMLOutline(feedURL: Self.feedURL, title: "Blender")], title: "mine"))
            fetcher.serve(Self.feedURL, Self.rss(1...2))
            let service = SubscriptionService(library: library, fetcher: fetcher, reader: ImmediateFeedDocumentReader(), events: nil)
            var arrived: [Post] = []
            service.onImportedPosts = { arrived += $0 }
            guard case .imported(let made)? = Self.add(service, list) else { return XCTFail("the list") }
            XCTAssertEqual(made.map(\.url), [Self.feedURL.absoluteString])
            XCTAssertEqual(try library.postCount(), 2, "each imported feed is refreshed")
            XCTAssertEqual(arrived.count, 2, "and its new videos are told, for the feed to show next")
            let liked = try XCTUnwrap(library.feedPage(after: nil, limit: 5).first)
            try library.setLiked(postID: liked.id, liked: true)
            try library.deleteSubscription(id: made[0].id)
            XCTAssertEqual(try library.feedPage(after: nil, limit: 5).map(\.id), [liked.id], "a liked video stays")
            XCTAssertEqual(try library.subscriptions(), [])
        }
    }

    func testTheAppsEntryStoreStoresAFeedOnItsWorkerAndTheRefreshAnswersAfterIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loopfeed-entries-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try onMain {
            let databaseURL = folder.appendingPathComponent("library.sqlite")
            let library = try LibraryDatabase.open(at: databaseURL), fetcher = FakeFeedFetcher()
            fetcher.serve(Self.feedURL, Self.rss(1...120))
            nonisolated(unsafe) var onMainThread = 0
            let store = WorkerEntryStore(databaseURL: databaseURL, fallback: { entries in
                onMainThread += entries.count
                return library.storeEntries(entries)
            }, recordFallback: { try? library.recordRefresh(subscriptionID: $0, $1) })
            let service = SubscriptionService(library: library, fetcher: fetcher, reader: ImmediateFeedDocumentReader(),
                                              entryStore: store, events: nil)
            var outcome: SubscriptionOutcome?
            service.add(Self.feedURL) { outcome = $0 }
            XCTAssertNil(outcome, "the entries are not stored on the caller's stack")
            XCTAssertTrue(MainLoop.run(until: { outcome != nil }, timeoutSeconds: 20), "no answer from the entry store")
            guard case .subscribed(let subscription, let added)? = outcome else { return XCTFail("not subscribed: \(String(describing: outcome))") }
            XCTAssertEqual(added.count, 120)
            XCTAssertEqual(onMainThread, 0, "none stored on the main thread")
            XCTAssertEqual(try library.postCount(), 120)

            fetcher.serve(Self.feedURL, Self.rss(100...130))
            var refreshed: [Post]?
            service.refresh(id: subscription.id) { refreshed = $0 }
            XCTAssertTrue(MainLoop.run(until: { refreshed != nil }, timeoutSeconds: 20))
            XCTAssertEqual(refreshed?.count, 10, "only the new entries, each once")
            XCTAssertEqual(try library.subscription(url: Self.feedURL.absoluteString)?.lastError, nil)
            // The refresh's record is written on the worker too, and before the refresh answers.
            XCTAssertEqual(try library.subscription(url: Self.feedURL.absoluteString)?.newCount, 10)
            XCTAssertEqual(onMainThread, 0)
        }
    }

    func testTheAppsReaderReadsOffTheMainThreadAndAnswersOnIt() throws {
        onMain {
            let library = InMemoryFeedRepository(), fetcher = FakeFeedFetcher()
            fetcher.serve(Self.feedURL, Self.rss(1...4))
            let service = SubscriptionService(library: library, fetcher: fetcher, reader: BackgroundFeedDocumentReader(), events: nil)
            var outcome: SubscriptionOutcome?
            var answeredOnMain = false
            service.add(Self.feedURL) {
                outcome = $0
                answeredOnMain = Thread.isMainThread
            }
            XCTAssertNil(outcome, "the feed is not read on the caller's stack")
            XCTAssertTrue(MainLoop.run(until: { outcome != nil }, timeoutSeconds: 5), "no answer from the reader")
            XCTAssertTrue(answeredOnMain)
            guard case .subscribed(_, let added)? = outcome else { return XCTFail("not subscribed: \(String(describing: outcome))") }
            XCTAssertEqual(added.count, 4)

            var broken: Result<FeedDocument, FeedDocument.Failure>?
            BackgroundFeedDocumentReader().read(Array("<rss><channel><item>".utf8), base: nil) { broken = $0 }
            XCTAssertTrue(MainLoop.run(until: { broken != nil }, timeoutSeconds: 5))
            guard case .failure(let failure)? = broken else { return XCTFail("a malformed feed was read: \(String(describing: broken))") }
            XCTAssertTrue(failure.description.contains("malformed"), failure.description)
        }
    }
}
