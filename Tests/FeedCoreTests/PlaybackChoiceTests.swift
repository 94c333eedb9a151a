import FeedCore
import Foundation
import XCTest

final class PlaybackChoiceTests: XCTestCase {
    private let master = URL(string: "http://127.0.0.2:8080/hls/master.m3u8")!

    private func file(_ resolution: Int, portrait: Bool = true, audio: Bool? = true, video: Bool? = true, hls: Bool = false) -> RemoteVideoFile {
        let long = resolution * 16 / 9
        return RemoteVideoFile(url: URL(string: "http://127.0.0.2:8080/\(hls ? "hls" : "web")/\(resolution)\(audio == false ? "-mute" : "").mp4")!,
                               resolution: resolution, width: resolution == 0 ? nil : (portrait ? resolution : long),
                               height: resolution == 0 ? nil : (portrait ? long : resolution), hasAudio: audio, hasVideo: video)
    }

    private func resolutions(_ sources: [PlaybackSource]) -> [String] {
        sources.map { source in
            switch source {
            case .file(let file): "web \(file.resolution ?? -1)"
            case .hls(_, let video, let audio): "hls \(video?.resolution ?? -1)\(audio == nil ? "" : "+audio")"
            }
        }
    }

    /// The window's short side in device pixels decides: 450 px wants 720p, never 240p and
    /// never 1080p; then the larger, then the smaller.
    func testTheSmallestFileCoveringTheWindowsShortSideComesFirst() {
        let web = RemoteVideoSources(webVideos: [file(1080), file(240), file(720), file(480)])
        XCTAssertEqual(resolutions(PlaybackChoice.order(web, window: PixelSize(width: 450, height: 800))),
                       ["web 480", "web 720", "web 1080", "web 240"])
        let peertube = RemoteVideoSources(webVideos: [file(720), file(240)])
        XCTAssertEqual(resolutions(PlaybackChoice.order(peertube, window: PixelSize(width: 450, height: 800))), ["web 720", "web 240"])
        XCTAssertEqual(resolutions(PlaybackChoice.order(web, window: PixelSize(width: 1600, height: 900))),
                       ["web 1080", "web 720", "web 480", "web 240"], "900 device pixels: the 1080p, then down")
        XCTAssertEqual(resolutions(PlaybackChoice.order(web, window: PixelSize(width: 2160, height: 3840))),
                       ["web 1080", "web 720", "web 480", "web 240"], "nothing covers it: the largest first")
        XCTAssertEqual(resolutions(PlaybackChoice.order(web, window: PixelSize(width: 200, height: 356))),
                       ["web 240", "web 480", "web 720", "web 1080"])
        // A landscape file's short side is its height.
        let landscape = RemoteVideoSources(webVideos: [file(240, portrait: false), file(720, portrait: false)])
        XCTAssertEqual(resolutions(PlaybackChoice.order(landscape, window: PixelSize(width: 800, height: 450))), ["web 720", "web 240"])
    }

    func testHLSOnlyPlaysTheMasterWithTheFittingRendition() {
        let hlsOnly = RemoteVideoSources(hls: HLSPlaylist(masterURL: master, renditions: [file(720, hls: true), file(240, hls: true)]))
        let order = PlaybackChoice.order(hlsOnly, window: PixelSize(width: 450, height: 800))
        XCTAssertEqual(resolutions(order), ["hls 720", "hls 240"])
        XCTAssertEqual(order.first?.url, master)
        XCTAssertEqual(resolutions(PlaybackChoice.order(RemoteVideoSources(hls: HLSPlaylist(masterURL: master, renditions: [])),
                                                        window: PixelSize(width: 450, height: 800))), ["hls -1"])
    }

    /// Split audio: the video renditions are mute; only the master (joining the audio
    /// rendition) plays with sound.
    func testSplitAudioPlaysThroughTheMasterWithItsAudioRendition() {
        let split = HLSPlaylist(masterURL: master, renditions: [file(720, audio: false, hls: true), file(240, audio: false, hls: true),
                                                                 file(0, audio: true, video: false, hls: true)])
        let order = PlaybackChoice.order(RemoteVideoSources(hls: split), window: PixelSize(width: 450, height: 800))
        XCTAssertEqual(resolutions(order), ["hls 720+audio", "hls 240+audio"])
        guard case .hls(_, _, let audio)? = order.first else { return XCTFail("\(order)") }
        XCTAssertEqual(audio?.resolution, 0)

        // Mute web videos beside split-audio HLS: HLS first (it has the sound), the mute files last.
        let both = RemoteVideoSources(webVideos: [file(720, audio: false)], hls: split)
        XCTAssertEqual(resolutions(PlaybackChoice.order(both, window: PixelSize(width: 450, height: 800))),
                       ["hls 720+audio", "hls 240+audio", "web 720"])
    }

    func testWebVideosWithSoundComeBeforeHLSAndAudioOnlyFilesAreNeverPictures() {
        let sources = RemoteVideoSources(webVideos: [file(720), file(240), file(0, audio: true, video: false)],
                                         hls: HLSPlaylist(masterURL: master, renditions: [file(720, hls: true)]))
        XCTAssertEqual(resolutions(PlaybackChoice.order(sources, window: PixelSize(width: 450, height: 800))),
                       ["web 720", "web 240", "hls 720"])
        // Files of no stated size (Loops' file without its media sizes) are tried after the others.
        let unsized = RemoteVideoFile(url: URL(string: "http://127.0.0.4:8080/v.mp4")!)
        XCTAssertEqual(PlaybackChoice.ranked([unsized, file(240)], shortSide: 450).map(\.url),
                       [file(240).url, unsized.url])
        // A file whose sound is not stated is taken to have it (PeerTube before 6.2).
        let old = RemoteVideoSources(webVideos: [file(720, audio: nil)], hls: HLSPlaylist(masterURL: master, renditions: [file(720, hls: true)]))
        XCTAssertEqual(resolutions(PlaybackChoice.order(old, window: PixelSize(width: 450, height: 800))), ["web 720", "hls 720"])
        XCTAssertEqual(PlaybackChoice.order(RemoteVideoSources(), window: PixelSize(width: 450, height: 800)), [])
    }
}
