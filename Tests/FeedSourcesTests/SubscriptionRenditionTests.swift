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
}
