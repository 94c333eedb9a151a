import FeedCore
import XCTest

final class VideoFitTests: XCTestCase {
    private let page = PixelSize(width: 450, height: 800)

    func testPortraitVideoCoversThePage() {
        XCTAssertEqual(VideoFit.forVideo(PixelSize(width: 720, height: 1280)), .cover)
        XCTAssertEqual(VideoFit.scaledSize(video: PixelSize(width: 720, height: 1280), viewport: page),
                       PixelSize(width: 450, height: 800))
    }

    func testLandscapeVideoFitsWithEvenSides() {
        XCTAssertEqual(VideoFit.forVideo(PixelSize(width: 1280, height: 720)), .contain)
        XCTAssertEqual(VideoFit.scaledSize(video: PixelSize(width: 1280, height: 720), viewport: page),
                       PixelSize(width: 450, height: 254))
    }

    func testNeverUpscales() {
        let small = PixelSize(width: 320, height: 240)
        XCTAssertEqual(VideoFit.scaledSize(video: small, viewport: PixelSize(width: 1080, height: 1920)), small)
    }

    func testZeroSizesLeaveTheVideoSizeAlone() {
        let video = PixelSize(width: 720, height: 1280)
        XCTAssertEqual(VideoFit.scaledSize(video: video, viewport: PixelSize(width: 0, height: 800)), video)
        XCTAssertEqual(VideoFit.scaledSize(video: PixelSize(width: 0, height: 0), viewport: page),
                       PixelSize(width: 0, height: 0))
    }
}
