import FeedCore
import Foundation
import XCTest

/// What a remote post plays from: the address of the source chosen first (a file, a rendition,
/// a rendition joined to its split audio), the sources a feed's entry gives, and the next source
/// when one fails.
final class PlaybackAddressTests: XCTestCase {
    private let host = "http://127.0.0.2:8080"
    private let window = PixelSize(width: 450, height: 800)

    private func web(_ resolution: Int) -> VideoRendition {
        VideoRendition(url: URL(string: "\(host)/static/web-videos/u-\(resolution).mp4")!, mimeType: "video/mp4", height: resolution)
    }

    private func stream(_ resolution: Int, type: String = "video/mp4") -> VideoRendition {
        VideoRendition(url: URL(string: "\(host)/static/streaming-playlists/hls/u/u-\(resolution)-fragmented.mp4")!,
                       mimeType: type, height: resolution)
    }

    /// As PeerTube's channel feed lists them: `height` is the resolution, largest first, the HLS
    /// renditions after the web videos. A 450x800 window plays the 720p file, never the 240p one.
    func testAPeerTubeFeedEntryPlaysTheRenditionThatCoversTheWindow() {
        let sources = RemoteVideoSources(feedRenditions: [web(720), web(240), stream(720), stream(240)])
        let order = PlaybackChoice.order(sources, window: window)
        XCTAssertEqual(order.map(\.address), ["\(host)/static/web-videos/u-720.mp4", "\(host)/static/web-videos/u-240.mp4",
                                              stream(720).url.absoluteString, stream(240).url.absoluteString])
        XCTAssertEqual(sources.hls?.masterURL.absoluteString, "\(host)/static/streaming-playlists/hls/u/u-master.m3u8")
        // Never 1080p for a 450-pixel window, and 1080p when the window's short side needs it.
        let many = RemoteVideoSources(feedRenditions: [web(1080), web(720), web(480), web(240)])
        XCTAssertEqual(PlaybackChoice.order(many, window: window).first?.address, "\(host)/static/web-videos/u-480.mp4")
        XCTAssertEqual(PlaybackChoice.order(many, window: PixelSize(width: 900, height: 1600)).first?.address,
                       "\(host)/static/web-videos/u-1080.mp4")
        // A width beside the height: the two are the picture's size (its short side decides).
        let sized = VideoRendition(url: URL(string: "\(host)/a.mp4")!, mimeType: "video/mp4", width: 720, height: 1280)
        XCTAssertEqual(RemoteVideoSources(feedRenditions: [sized]).webVideos.first?.shortSide, 720)
    }

    /// HLS only: the chosen rendition's fragmented MP4 holds the whole video; it is what plays,
    /// before the feed's enclosure (a download PeerTube muxes on the fly, of no stated size).
    func testAnHLSOnlyEntryPlaysItsRenditionsFile() {
        let enclosure = VideoRendition(url: URL(string: "\(host)/download/videos/generate/u?videoFileIds=1")!, mimeType: "video/mp4")
        let sources = RemoteVideoSources(feedRenditions: [stream(720), stream(240), enclosure])
        XCTAssertEqual(PlaybackChoice.order(sources, window: window).map(\.address),
                       [stream(720).url.absoluteString, stream(240).url.absoluteString, enclosure.url.absoluteString])
        let split = RemoteVideoSources(feedRenditions: [stream(720), stream(0, type: "audio/mp4"), enclosure])
        XCTAssertNotNil(JoinedTracks(address: PlaybackChoice.order(split, window: window).first?.address ?? ""),
                        "split audio plays joined before the enclosure")
    }

    /// Split audio: video-only renditions beside one audio-only file play joined to it.
    func testASplitAudioEntryPlaysItsPictureJoinedToItsSound() throws {
        let audio = stream(0, type: "audio/mp4")
        let sources = RemoteVideoSources(feedRenditions: [stream(720), stream(240), audio])
        XCTAssertEqual(sources.hls?.hasSplitAudio, true)
        let first = try XCTUnwrap(PlaybackChoice.order(sources, window: window).first)
        let joined = try XCTUnwrap(JoinedTracks(address: first.address))
        XCTAssertEqual(joined.video, stream(720).url)
        XCTAssertEqual(joined.audio, audio.url)
        XCTAssertTrue(first.address.hasPrefix(stream(720).url.absoluteString + "#"), "the server sees only the picture's address")
        XCTAssertNil(JoinedTracks(address: stream(720).url.absoluteString))
        XCTAssertNil(JoinedTracks(address: "file:///etc/passwd#loopfeed-audio=http%3A%2F%2Fa%2Fb"), "only web addresses")
    }

    /// A rendition that fails gives way to one of the same size if there is one (the HLS
    /// rendition of a missing 720p web video), else to the next one ranked; none when all have
    /// failed, or when the failed address is not one of the post's.
    func testTheNextSourceAfterAFailure() {
        let sources = RemoteVideoSources(feedRenditions: [web(720), web(240), stream(720)])
        let first = "\(host)/static/web-videos/u-720.mp4"
        let small = "\(host)/static/web-videos/u-240.mp4"
        let stream720 = stream(720).url.absoluteString
        XCTAssertEqual(PlaybackChoice.order(sources, window: window).map(\.address), [first, small, stream720])
        XCTAssertEqual(PlaybackChoice.next(after: first, in: sources, window: window)?.address, stream720, "720p again")
        XCTAssertEqual(PlaybackChoice.next(after: stream720, in: sources, window: window, tried: [first])?.address, small)
        XCTAssertNil(PlaybackChoice.next(after: small, in: sources, window: window, tried: [first, stream720]))
        XCTAssertNil(PlaybackChoice.next(after: "file:///home/me/v.mp4", in: sources, window: window))
        let webOnly = RemoteVideoSources(feedRenditions: [web(720), web(240)])
        XCTAssertEqual(PlaybackChoice.next(after: first, in: webOnly, window: window)?.address, small)
    }
}
