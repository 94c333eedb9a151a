import FeedCore
import Foundation
import XCTest

final class VerticalFilterTests: XCTestCase {
    private func video(ratio: Double? = 0.5625, width: Int? = nil, height: Int? = nil, files: [RemoteVideoFile] = [],
                       duration: Double? = 30, live: Bool = false, sensitive: Bool = false) -> RemoteVideo {
        let base = URL(string: "http://127.0.0.2:8080")!
        return RemoteVideo(
            identity: RemoteVideoID(network: .peertube, host: "127.0.0.2:8080", apiBase: base, id: "u", answeringServer: base),
            title: "t", author: RemoteActor(kind: .peertubeChannel, name: "c", displayName: "C", host: "127.0.0.2:8080"),
            duration: duration, aspectRatio: ratio, width: width, height: height, isLive: live, isSensitive: sensitive,
            sources: RemoteVideoSources(webVideos: files))
    }

    private func file(_ width: Int, _ height: Int) -> RemoteVideoFile {
        RemoteVideoFile(url: URL(string: "http://127.0.0.2:8080/\(width)x\(height).mp4")!, width: width, height: height)
    }

    func testByDefaultOnlyShortPortraitVideosThatAreNotLiveOrSensitive() {
        let filter = VerticalFilter()
        XCTAssertEqual(filter.verdict(for: video()), .shown)
        XCTAssertEqual(filter.verdict(for: video(duration: 180)), .shown, "3 minutes is still short")
        XCTAssertEqual(filter.verdict(for: video(duration: 180.5)), .hidden(.tooLong))
        XCTAssertEqual(filter.verdict(for: video(ratio: 1)), .hidden(.notPortrait), "square is not portrait")
        XCTAssertEqual(filter.verdict(for: video(ratio: 1.7778)), .hidden(.notPortrait))
        XCTAssertEqual(filter.verdict(for: video(duration: 0, live: true)), .hidden(.live))
        XCTAssertEqual(filter.verdict(for: video(sensitive: true)), .hidden(.sensitive))
    }

    func testTheTogglesLiftShapeLengthAndSensitivityButNeverLive() {
        let landscapeLong = video(ratio: 1.7778, duration: 3_600)
        XCTAssertEqual(VerticalFilter(anyShape: true).verdict(for: landscapeLong), .hidden(.tooLong))
        XCTAssertEqual(VerticalFilter(anyLength: true).verdict(for: landscapeLong), .hidden(.notPortrait))
        XCTAssertEqual(VerticalFilter(anyShape: true, anyLength: true).verdict(for: landscapeLong), .shown)
        XCTAssertEqual(VerticalFilter(showsSensitive: true).verdict(for: video(sensitive: true)), .shown)
        XCTAssertEqual(VerticalFilter(anyShape: true, anyLength: true, showsSensitive: true).verdict(for: video(live: true)), .hidden(.live))
        XCTAssertEqual(VerticalFilter(maximumDuration: 60).verdict(for: video(duration: 61)), .hidden(.tooLong))
    }

    func testAMissingRatioIsReadFromTheSizesElseAProbeIsAskedFor() {
        let filter = VerticalFilter()
        XCTAssertEqual(filter.verdict(for: video(ratio: nil, width: 720, height: 1280)), .shown)
        XCTAssertEqual(filter.verdict(for: video(ratio: nil, files: [file(426, 240), file(1280, 720)])), .hidden(.notPortrait))
        XCTAssertEqual(filter.verdict(for: video(ratio: nil, files: [file(240, 426), file(720, 1280)])), .shown)
        XCTAssertEqual(filter.verdict(for: video(ratio: nil)), .needsProbe)
        XCTAssertEqual(filter.verdict(for: video(duration: nil)), .needsProbe)
        XCTAssertEqual(VerticalFilter(anyShape: true).verdict(for: video(ratio: nil)), .shown, "any shape needs no probe")
        // A live or sensitive video is hidden before anything is probed.
        XCTAssertEqual(filter.verdict(for: video(ratio: nil, sensitive: true)), .hidden(.sensitive))
    }

    func testAProbeDecidesAndWhatItCouldNotTellHides() {
        let filter = VerticalFilter()
        let unknown = video(ratio: nil, duration: nil)
        XCTAssertEqual(filter.verdict(for: unknown, probed: .init(size: PixelSize(width: 720, height: 1280), duration: 12)), .shown)
        XCTAssertEqual(filter.verdict(for: unknown, probed: .init(size: PixelSize(width: 1280, height: 720), duration: 12)),
                       .hidden(.notPortrait))
        XCTAssertEqual(filter.verdict(for: unknown, probed: .init(size: PixelSize(width: 720, height: 1280), duration: 200)),
                       .hidden(.tooLong))
        XCTAssertEqual(filter.verdict(for: unknown, probed: .init(size: nil, duration: 12)), .hidden(.notPortrait))
        XCTAssertEqual(filter.verdict(for: unknown, probed: .init(size: PixelSize(width: 720, height: 1280), duration: nil)),
                       .hidden(.tooLong))
        XCTAssertEqual(filter.verdict(for: video(ratio: 1.5), probed: .init(size: PixelSize(width: 720, height: 1280), duration: 5)),
                       .hidden(.notPortrait), "the network's own ratio wins over a probe")
    }
}
