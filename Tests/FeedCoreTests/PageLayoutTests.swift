import FeedCore
import XCTest

final class PageLayoutTests: XCTestCase {
    private let portrait = PixelSize(width: 720, height: 1280)

    func testAPortraitWindowIsAllVideoWithTheRailOverIt() {
        let layout = PageLayout(pageWidth: 450, pageHeight: 742, video: portrait)
        // 9:16 of 742 is 417: close enough to 450 to fill the page, cropping top and bottom a little.
        XCTAssertEqual(layout.video, PageRect(x: 0, y: 0, width: 450, height: 742))
        XCTAssertFalse(layout.hasSides)
        XCTAssertFalse(layout.railOutside)
        XCTAssertEqual(layout.rail, PageRect(x: 378, y: 0, width: 72, height: 742))
        XCTAssertEqual(layout.caption, PageRect(x: 0, y: 0, width: 378, height: 742))
    }

    func testAWideWindowKeepsThePortraitVideosFullHeightCentredWithTheRailBeside() {
        let layout = PageLayout(pageWidth: 1200, pageHeight: 642, video: portrait)
        XCTAssertEqual(layout.video, PageRect(x: 419, y: 0, width: 361, height: 642))
        XCTAssertTrue(layout.hasSides)
        XCTAssertTrue(layout.railOutside)
        XCTAssertEqual(layout.rail.x, layout.video.maxX + 4)
        XCTAssertEqual(layout.caption, layout.video, "the caption spans the column when the rail is outside")
        XCTAssertEqual(layout.viewport(scale: 2), PixelSize(width: 722, height: 1284), "frames are scaled to the column")
    }

    func testAColumnWithNoRoomBesideItKeepsTheRailInside() {
        // 9:16 of 800 is 450: 50 px each side is too little for the rail.
        let layout = PageLayout(pageWidth: 550, pageHeight: 800, video: portrait)
        XCTAssertTrue(layout.hasSides)
        XCTAssertFalse(layout.railOutside)
        XCTAssertEqual(layout.rail.maxX, layout.video.maxX)
        XCTAssertEqual(layout.caption.maxX, layout.rail.x)
    }

    func testLandscapeAndSquareVideosFitTheWholePage() {
        for video in [PixelSize(width: 1920, height: 1080), PixelSize(width: 500, height: 500)] {
            let layout = PageLayout(pageWidth: 1200, pageHeight: 642, video: video)
            XCTAssertEqual(layout.video, PageRect(x: 0, y: 0, width: 1200, height: 642), "\(video)")
            XCTAssertFalse(layout.hasSides)
            XCTAssertEqual(layout.rail.maxX, 1200)
        }
    }

    func testAnUnknownSizeIsLaidOutAsNineBySixteen() {
        XCTAssertEqual(PageLayout(pageWidth: 1000, pageHeight: 640, video: nil).video.width, 360)
        XCTAssertEqual(PageLayout(pageWidth: 1000, pageHeight: 640, video: PixelSize(width: 0, height: 0)).video.width, 360)
    }

    func testANarrowWindowCropsTheVideoRatherThanShrinkingIt() {
        let layout = PageLayout(pageWidth: 360, pageHeight: 582, video: PixelSize(width: 1080, height: 1350))
        XCTAssertEqual(layout.video.width, 360)
        XCTAssertEqual(layout.video.height, 582)
    }

    func testOnlyAClearlyWiderWindowGetsSides() {
        XCTAssertFalse(PageLayout(pageWidth: 490, pageHeight: 742, video: portrait).hasSides)
        XCTAssertTrue(PageLayout(pageWidth: 500, pageHeight: 742, video: portrait).hasSides)
    }

    func testAnEmptyPageHasEmptyRects() {
        let layout = PageLayout(pageWidth: 0, pageHeight: 0, video: portrait)
        XCTAssertEqual(layout.video.width, 0)
        XCTAssertGreaterThanOrEqual(layout.caption.width, 0)
    }
}
