import GStreamerKit
import XCTest

/// image-orientation values read as videoflip reads them, so the GL path (turning while drawing)
/// and the memory path (videoflip) agree on every clip. (GStreamer 1.22's videoflip and
/// gst_video_orientation_from_tag take "flip-rotate-90" as the upper-right diagonal; checked
/// against videoflip video-direction=auto with gst-launch.)
final class VideoOrientationTests: XCTestCase {
    func testTagValuesMapAsVideoflipReadsThem() {
        GStreamer.initialize()
        let expected: [(String, VideoOrientation)] = [
            ("rotate-0", .identity), ("rotate-90", .rotate90), ("rotate-180", .rotate180), ("rotate-270", .rotate270),
            ("flip-rotate-0", .flipHorizontal), ("flip-rotate-90", .transverse), ("flip-rotate-180", .flipVertical),
            ("flip-rotate-270", .transpose),
        ]
        for (value, orientation) in expected {
            XCTAssertEqual(VideoOrientation(tagValue: value), orientation, value)
        }
        XCTAssertNil(VideoOrientation(tagValue: "upside-down"))
    }

    func testQuarterTurnsSwapTheDisplayedSides() {
        XCTAssertTrue(VideoOrientation.rotate90.displayed(width: 1280, height: 720) == (720, 1280))
        XCTAssertTrue(VideoOrientation.transverse.displayed(width: 1280, height: 720) == (720, 1280))
        XCTAssertTrue(VideoOrientation.rotate180.displayed(width: 1280, height: 720) == (1280, 720))
        XCTAssertEqual(VideoOrientation.allCases.filter(\.swapsAxes), [.rotate90, .rotate270, .transpose, .transverse])
    }
}
