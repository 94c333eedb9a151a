import FeedCore
import Foundation
import XCTest

/// A network's video nothing here plays: its reason kept in its post's address, read back, and
/// said in words.
final class UnplayableVideoTests: XCTestCase {
    func testTheAddressKeepsTheReasonAndWhichVideoItIs() throws {
        let video = UnplayableVideo(reason: .unknownFormat, identity: "http://a.example/feed.xml?x=1&y=2 entry #3",
                                    format: "application/x-shockwave-flash")
        let read = try XCTUnwrap(UnplayableVideo(address: video.address))
        XCTAssertEqual(read, video)
        XCTAssertNotEqual(video.address, UnplayableVideo(reason: .unknownFormat, identity: "another", format: "application/x-shockwave-flash").address,
                          "each video has its own address")
        XCTAssertNil(UnplayableVideo(address: "https://a.example/v.mp4"))
        XCTAssertNil(UnplayableVideo(address: "unplayable:something-else?of=x"))
        let post = Post(author: Author(handle: "a", name: "A"), caption: "", music: "", videoURI: video.address, created: Date())
        XCTAssertEqual(post.unplayable?.reason, .unknownFormat)
    }

    func testAFeedsRenditionsSayWhy() {
        let stream = VideoRendition(url: URL(string: "http://a.example/live/x.m3u8")!, mimeType: "application/x-mpegurl")
        let flash = VideoRendition(url: URL(string: "http://a.example/x.swf")!, mimeType: "application/x-shockwave-flash")
        XCTAssertEqual(UnplayableVideo(feedRenditions: [flash, stream], identity: "1").reason, .live)
        XCTAssertEqual(UnplayableVideo(feedRenditions: [flash], identity: "1").format, "application/x-shockwave-flash")
        XCTAssertEqual(UnplayableVideo(feedRenditions: [], identity: "1").reason, .noFile)
    }

    func testEachReasonIsSaidInWordsAndIsNeverRetried() {
        for reason in [UnplayableVideo.Reason.live, .noFile, .unknownFormat] {
            let error = UnplayableVideo(reason: reason, identity: "x").error
            XCTAssertEqual(error.kind, .unplayable)
            XCTAssertFalse(error.isRetryable)
            XCTAssertFalse(error.isAboutTheFile)
            XCTAssertTrue(error.message.hasSuffix("."), error.message)
        }
        XCTAssertTrue(UnplayableVideo(reason: .live, identity: "x").error.message.contains("live"))
    }
}
