import FeedCore
@testable import FeedSources
import Foundation
import XCTest

/// Feeds as PeerTube, Loops and any site write them, read from their bytes.
final class FeedDocumentTests: XCTestCase {
    func testAPeerTubeChannelFeedGivesItsVideosWithEveryMP4AndNeverATorrent() throws {
        guard case .feed(let feed) = try FeedDocument.read(Array(FeedFuzzSamples.peerTubeRSS.utf8), base: FeedFuzzSamples.base) else {
            return XCTFail("not read as a feed")
        }
        XCTAssertEqual(feed.title, "Blender Studio")
        XCTAssertEqual(feed.imageURL?.absoluteString, "https://video.example/lazy-static/avatars/a.png")
        XCTAssertEqual(feed.entries.map(\.id), ["https://video.example/w/abc", "2"], "the entry without a video is left out")
        let entry = try XCTUnwrap(feed.entries.first)
        XCTAssertEqual(entry.id, "https://video.example/w/abc")
        XCTAssertEqual(entry.title, "Sprite Fright <b>trailer</b>", "a title's markup is text, shown as it is")
        XCTAssertEqual(entry.summary, "A short film & more.\nSecond line")
        XCTAssertEqual(entry.author, "Blender")
        XCTAssertEqual(entry.published, Date(timeIntervalSince1970: 1_796_119_200))
        XCTAssertEqual(entry.durationSeconds, 60)
        XCTAssertEqual(entry.thumbnailURL?.lastPathComponent, "abc.jpg")
        XCTAssertEqual(entry.renditions.map(\.height), [1080, 480, 720])
        XCTAssertEqual(entry.renditions[2].url.absoluteString, "https://video.example/static/web-videos/abc-720.mp4",
                       "a relative address resolves against the feed's")
        // PeerTube's `height` is the resolution, the short side: a 360x640 window wants 480p.
        let sources = RemoteVideoSources(feedRenditions: entry.renditions)
        XCTAssertEqual(PlaybackChoice.order(sources, window: PixelSize(width: 360, height: 640)).first?.url.lastPathComponent,
                       "abc-480.mp4", "the smallest covering the window's short side")
        XCTAssertEqual(PlaybackChoice.order(sources, window: PixelSize(width: 1440, height: 2560)).first?.url.lastPathComponent,
                       "abc-1080.mp4", "else the largest")
    }

    func testALoopsAtomFeedGivesItsEnclosures() throws {
        guard case .feed(let feed) = try FeedDocument.read(Array(FeedFuzzSamples.loopsAtom.utf8), base: URL(string: "https://loops.example/feeds/12.atom")) else {
            return XCTFail("not read as a feed")
        }
        XCTAssertEqual(feed.siteURL?.absoluteString, "https://loops.example/@dansup")
        let entry = try XCTUnwrap(feed.entries.first)
        XCTAssertEqual([entry.id, entry.title, entry.summary, entry.author], ["https://loops.example/v/xyz", "Morning <i>loop</i>",
                                                                                "Coffee & code", "dansup"],
                       "a title's markup is text, even in a title typed html")
        XCTAssertEqual(entry.renditions.map(\.url.absoluteString), ["https://cdn.loops.example/xyz.mp4"], "one file, once")
        XCTAssertEqual(entry.renditions.first?.byteSize, 12345)
        XCTAssertEqual(entry.pageURL?.absoluteString, "https://loops.example/v/xyz")
        XCTAssertEqual(entry.published, Date(timeIntervalSince1970: 1_796_025_600))
    }

    func testAJSONFeedKeepsItemsWithAVideoAttachment() throws {
        let json = """
            {"version": "https://jsonfeed.org/version/1.1", "title": "Clips", "home_page_url": "https://clips.example/",
             "authors": [{"name": "Ann"}],
             "items": [
               {"id": 42, "url": "https://clips.example/42", "title": "Waves", "content_html": "<p>At the <i>sea</i></p>",
                "date_published": "2026-11-29T12:30:00.5Z",
                "attachments": [{"url": "https://clips.example/42.mp4", "mime_type": "video/mp4", "size_in_bytes": 2048}]},
               {"id": "text", "content_text": "no video here"},
               {"id": "song", "attachments": [{"url": "https://clips.example/a.mp3", "mime_type": "audio/mpeg"}]}
             ]}
            """
        guard case .feed(let feed) = try FeedDocument.read(Array(json.utf8), base: nil) else { return XCTFail("not a feed") }
        XCTAssertEqual(feed.title, "Clips")
        XCTAssertEqual(feed.entries.map(\.id), ["42"])
        XCTAssertEqual(feed.entries.first?.summary, "At the sea")
        XCTAssertEqual(feed.entries.first?.author, "Ann", "the feed's author when the item names none")
        XCTAssertNotNil(feed.entries.first?.published)
    }

    /// A feed may only point at the web: file addresses, other schemes and entities that would
    /// read this machine's files are ignored; control and direction characters are dropped.
    func testAHostileFeedIsContained() throws {
        let hostile = """
            <?xml version="1.0"?>
            <!DOCTYPE rss [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
            <rss version="2.0"><channel><title>Evil \u{202E}txt.exe&secret;</title>
              <item><guid>1</guid><title>Local</title><enclosure url="file:///etc/passwd" type="video/mp4"/></item>
              <item><guid>2</guid><title>Data</title><enclosure url="data:video/mp4;base64,AAAA" type="video/mp4"/></item>
              <item><guid>3</guid><title>Plain &lt;script&gt;</title>
                <enclosure url="../../../../etc/passwd.mp4" type="video/mp4"/></item>
            </channel></rss>
            """
        guard case .feed(let feed) = try FeedDocument.read(Array(hostile.utf8), base: URL(string: "https://evil.example/a/b/feed.xml")) else {
            return XCTFail("not a feed")
        }
        XCTAssertFalse(feed.title.contains("root:"), "an external entity was read: \(feed.title)")
        XCTAssertFalse(feed.title.unicodeScalars.contains { $0.value == 0x202E }, "a direction override survived")
        XCTAssertEqual(feed.entries.map(\.id), ["3"], "only the web address is kept")
        XCTAssertEqual(feed.entries.first?.title, "Plain <script>")
        XCTAssertEqual(feed.entries.first?.renditions.first?.url.absoluteString, "https://evil.example/etc/passwd.mp4",
                       "a relative path stays on the feed's server")
    }

    /// XML can't carry control characters (libxml2 refuses the document); JSON can, and they go.
    func testControlCharactersNeverReachTheScreen() throws {
        XCTAssertThrowsError(try FeedDocument.read(Array("<rss><channel><title>Bell\u{07}</title></channel></rss>".utf8), base: nil))
        let json = """
            {"version": "https://jsonfeed.org/version/1.1", "title": "T\\u0007itle", "items": [{"id": "1",
             "title": "Bell\\u0007 and \\u001b[31mred\\u202e", "attachments": [{"url": "https://a.example/1.mp4", "mime_type": "video/mp4"}]}]}
            """
        guard case .feed(let feed) = try FeedDocument.read(Array(json.utf8), base: nil) else { return XCTFail("not a feed") }
        XCTAssertEqual(feed.title, "Title")
        XCTAssertEqual(feed.entries.first?.title, "Bell and [31mred")
    }

    /// A JSON Feed whose version comes after its items, or whose first 2 KB end inside a
    /// character, is still a JSON Feed.
    func testAJSONFeedIsKnownWhereverItSaysItsVersion() throws {
        let items = #"[{"id": "1", "title": "\#(String(repeating: "é", count: 1_500))", "#
            + #""attachments": [{"url": "https://a.example/1.mp4", "mime_type": "video/mp4"}]}]"#
        for json in [#"{"items": \#(items), "version": "https://jsonfeed.org/version/1.1", "title": "Late"}"#,
                     #"{"title": "\#(String(repeating: "é", count: 1_100))", "version": "https://jsonfeed.org/version/1", "items": \#(items)}"#] {
            guard case .feed(let feed) = try FeedDocument.read(Array(json.utf8), base: nil) else {
                return XCTFail("not read as a JSON Feed: \(json.prefix(80))")
            }
            XCTAssertEqual(feed.entries.count, 1)
        }
    }

    func testMalformedAndOversizedDocumentsAreToldApart() {
        XCTAssertThrowsError(try FeedDocument.read(Array("<rss><channel><item>".utf8), base: nil))
        XCTAssertThrowsError(try FeedDocument.read([UInt8](repeating: 0x20, count: FeedDocument.maximumBytes + 1), base: nil))
        XCTAssertThrowsError(try FeedDocument.read(Array("  ".utf8), base: nil))
        XCTAssertEqual(try FeedDocument.read([0, 0, 0, 0x18] + Array("ftypmp42".utf8), base: nil), .other, "a video is not a feed")
        XCTAssertThrowsError(try FeedDocument.read(Array(#"{"version": "https://jsonfeed.org/version/1.1", "items": 3}"#.utf8), base: nil))
    }

    func testAPageAnnouncesItsFeeds() throws {
        let html = """
            <!DOCTYPE html><html><head><title>Ann's clips</title>
            <link rel="stylesheet" href="/style.css">
            <link rel="alternate" type="application/rss+xml" title="RSS" href="/feed.xml">
            <link rel="alternate" type="application/feed+json" href="https://ann.example/feed.json">
            <link rel="alternate" type="application/atom+xml" href="file:///etc/feed.atom">
            </head><body><p>Hello</p></body></html>
            """
        XCTAssertEqual(try FeedDocument.read(Array(html.utf8), base: URL(string: "https://ann.example/clips/")),
                       .page(feeds: [URL(string: "https://ann.example/feed.xml")!, URL(string: "https://ann.example/feed.json")!]))
    }

    func testOPMLRoundTrips() throws {
        let outlines = [OPMLOutline(feedURL: URL(string: "https://video.example/feeds/videos.xml?videoChannelId=7&x=1")!,
                                    title: "Blender \"Studio\" & co"),
                        OPMLOutline(feedURL: URL(string: "https://loops.example/feeds/12.atom")!, title: "dansup")]
        let written = OPML.write(outlines, title: "Loopfeed subscriptions")
        XCTAssertEqual(try FeedDocument.read(Array(written.utf8), base: nil), .subscriptions(outlines))
        let nested = """
            <opml version="1.0"><body><outline text="Videos"><outline text="A" xmlUrl="https://a.example/rss"/>
            <outline text="no feed"/><outline text="local" xmlUrl="file:///home/u/feed.xml"/></outline></body></opml>
            """
        XCTAssertEqual(try FeedDocument.read(Array(nested.utf8), base: nil),
                       .subscriptions([OPMLOutline(feedURL: URL(string: "https://a.example/rss")!, title: "A")]))
    }
}
