import FeedCore
@testable import FeedSources
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// A followed PeerTube channel's feed as the instance writes it (`height` is the resolution, the
/// HLS renditions' fragmented files listed after the web videos, split audio as an `audio/mp4`
/// file): each post plays the rendition that fits the window and keeps every source it was given.
final class SubscriptionRenditionTests: XCTestCase {
    private static let feedURL = URL(string: "http://127.0.0.2:8080/feeds/videos.xml?videoChannelId=2")!
    private static let hls = "http://127.0.0.2:8080/static/streaming-playlists/hls"

    private static let rss = """
        <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Alice's loops</title>
        <item><guid>web</guid><title>Web</title><media:group>
          <media:content type="video/mp4" medium="video" height="1080" url="http://127.0.0.2:8080/static/web-videos/w-1080.mp4"/>
          <media:content type="video/mp4" medium="video" height="720" url="http://127.0.0.2:8080/static/web-videos/w-720.mp4"/>
          <media:content type="video/mp4" medium="video" height="480" url="http://127.0.0.2:8080/static/web-videos/w-480.mp4"/>
          <media:content type="video/mp4" medium="video" height="240" url="http://127.0.0.2:8080/static/web-videos/w-240.mp4"/>
        </media:group></item>
        <item><guid>split</guid><title>Split</title><media:group>
          <media:content type="video/mp4" medium="video" height="720" url="\(hls)/s/s-720-fragmented.mp4"/>
          <media:content type="video/mp4" medium="video" height="240" url="\(hls)/s/s-240-fragmented.mp4"/>
          <media:content type="audio/mp4" medium="video" height="0" url="\(hls)/s/s-0-fragmented.mp4"/>
        </media:group></item>
        <item><guid>hls</guid><title>HLS only</title><media:group>
          <media:content type="video/mp4" medium="video" height="720" url="\(hls)/h/h-720-fragmented.mp4"/>
          <media:content type="video/mp4" medium="video" height="240" url="\(hls)/h/h-240-fragmented.mp4"/>
        </media:group></item>
        </channel></rss>
        """

    func testEachPostPlaysTheRenditionThatFitsTheWindowAndKeepsItsSources() throws {
        try onMain {
            let library = InMemoryFeedRepository(), fetcher = FakeFeedFetcher()
            fetcher.serve(Self.feedURL, Self.rss)
            let service = SubscriptionService(library: library, fetcher: fetcher, reader: ImmediateFeedDocumentReader(), events: nil,
                                              window: { PixelSize(width: 450, height: 800) })
            var outcome: SubscriptionOutcome?
            service.add(Self.feedURL) { outcome = $0 }
            guard case .subscribed(_, let added)? = outcome else { return XCTFail("not subscribed: \(String(describing: outcome))") }
            let played = Dictionary(uniqueKeysWithValues: added.map { ($0.caption, $0.videoURI) })
            XCTAssertEqual(played["Web"], "http://127.0.0.2:8080/static/web-videos/w-480.mp4",
                           "a 450-pixel window plays 480p: never 1080p, never 240p")
            let split = try XCTUnwrap(JoinedTracks(address: played["Split"] ?? ""), "split audio plays joined: \(played)")
            XCTAssertEqual(split.video.absoluteString, "\(Self.hls)/s/s-720-fragmented.mp4")
            XCTAssertEqual(split.audio.absoluteString, "\(Self.hls)/s/s-0-fragmented.mp4")
            XCTAssertEqual(played["HLS only"], "\(Self.hls)/h/h-720-fragmented.mp4")
            let web = try XCTUnwrap(added.first { $0.caption == "Web" })
            XCTAssertEqual(try library.remoteSources(postID: web.id)?.webVideos.count, 4, "every file kept for a fallback")
        }
    }

    private static let unplayableRSS = """
        <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Mixed</title>
        <item><guid>plays</guid><title>Plays</title>
          <media:content type="video/mp4" medium="video" height="720" url="http://127.0.0.2:8080/v/plays.mp4"/></item>
        <item><guid>live</guid><title>Live now</title>
          <enclosure type="application/x-mpegURL" url="http://127.0.0.2:8080/live/now.m3u8" length="0"/></item>
        <item><guid>flash</guid><title>Old format</title>
          <media:content type="application/x-shockwave-flash" medium="video" url="http://127.0.0.2:8080/v/old.swf"/></item>
        <item><guid>blog</guid><title>Just words</title><description>No video here</description></item>
        </channel></rss>
        """

    func testAVideoNothingPlaysIsKeptAsAPostThatSaysWhyAndAnEntryWithoutVideoIsNot() throws {
        try onMain {
            let library = InMemoryFeedRepository(), fetcher = FakeFeedFetcher()
            fetcher.serve(Self.feedURL, Self.unplayableRSS)
            let service = SubscriptionService(library: library, fetcher: fetcher, reader: ImmediateFeedDocumentReader(), events: nil)
            var outcome: SubscriptionOutcome?
            service.add(Self.feedURL) { outcome = $0 }
            guard case .subscribed(_, let added)? = outcome else { return XCTFail("not subscribed: \(String(describing: outcome))") }
            let byCaption = Dictionary(uniqueKeysWithValues: added.map { ($0.caption, $0) })
            XCTAssertEqual(Set(byCaption.keys), ["Plays", "Live now", "Old format"], "the entry without a video is left out")
            XCTAssertNil(byCaption["Plays"]?.unplayable)
            XCTAssertEqual(byCaption["Live now"]?.unplayable?.reason, .live)
            let old = try XCTUnwrap(byCaption["Old format"]?.unplayable)
            XCTAssertEqual(old.reason, .unknownFormat)
            XCTAssertTrue(old.error.message.contains("application/x-shockwave-flash"), old.error.message)

            var again: [Post]?
            service.refreshAll(added: { again = $0 }, finished: { _ in })
            XCTAssertNil(again, "a refresh adds none of them twice")
        }
    }

    func testALoopsVideoWithoutItsFileIsAPostThatSaysSo() {
        onMain {
            let feed = URL(string: "http://127.0.0.3:8080/api/v1/feed/account/7")!
            let page = """
                {"data": [{"id": "1", "caption": "With file", "account": {"id": "7", "username": "ann"},
                           "media": {"src_url": "http://127.0.0.3:8080/storage/1.mp4", "width": 720, "height": 1280}},
                          {"id": "2", "caption": "Without", "account": {"id": "7", "username": "ann"},
                           "media": {"src_url": null, "hls_url": null, "width": 720, "height": 1280}}],
                 "meta": {"next_cursor": null}}
                """
            let library = InMemoryFeedRepository(), fetcher = FakeFeedFetcher()
            fetcher.serve(feed, page)
            let service = SubscriptionService(library: library, fetcher: fetcher, reader: ImmediateFeedDocumentReader(), events: nil)
            var outcome: SubscriptionOutcome?
            service.add(feed) { outcome = $0 }
            guard case .subscribed(_, let added)? = outcome else { return XCTFail("not subscribed: \(String(describing: outcome))") }
            XCTAssertEqual(added.map(\.caption).sorted(), ["With file", "Without"])
            XCTAssertEqual(added.first { $0.caption == "Without" }?.unplayable?.reason, .noFile)
            XCTAssertNil(added.first { $0.caption == "With file" }?.unplayable)
        }
    }
}
