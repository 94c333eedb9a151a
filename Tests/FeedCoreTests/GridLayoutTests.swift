import FeedCore
import Foundation
import XCTest

final class GridLayoutTests: XCTestCase {
    func testTileSizeFollowsTheFormula() {
        XCTAssertEqual(GridLayout.tileSize(forWidth: 450), PixelSize(width: 149, height: 194))
        XCTAssertEqual(GridLayout.tileSize(forWidth: 451), PixelSize(width: 149, height: 194))
        XCTAssertEqual(GridLayout.tileSize(forWidth: 375), PixelSize(width: 124, height: 161))
        XCTAssertEqual(GridLayout.tileSize(forWidth: 1), PixelSize(width: 1, height: 1))
    }

    func testTheTilesAndGapsFitTheWidth() {
        for width in 100...2600 {
            let layout = GridLayout(width: width)
            XCTAssertLessThanOrEqual(layout.tile.width * layout.columns + layout.columns - 1, width, "\(width)")
            XCTAssertLessThanOrEqual(layout.tile.width, GridLayout.maximumTile, "\(width)")
        }
    }

    func testWideWindowsGetMoreColumnsNotHugeTiles() {
        XCTAssertEqual(GridLayout(width: 450).columns, 3)
        XCTAssertEqual(GridLayout(width: 360).columns, 3)
        XCTAssertEqual(GridLayout(width: 720).columns, 3)
        XCTAssertEqual(GridLayout(width: 1200).columns, 5)
        XCTAssertEqual(GridLayout(width: 1920).columns, 8)
        XCTAssertEqual(GridLayout(width: 1200).tile, PixelSize(width: 239, height: 311))
    }

    func testFramesGoRowByRowAndTheHeightCoversThem() {
        let layout = GridLayout(width: 450)
        XCTAssertEqual(layout.frame(of: 0), PageRect(x: 0, y: 0, width: 149, height: 194))
        XCTAssertEqual(layout.frame(of: 2), PageRect(x: 300, y: 0, width: 149, height: 194))
        XCTAssertEqual(layout.frame(of: 4), PageRect(x: 150, y: 195, width: 149, height: 194))
        XCTAssertEqual(layout.height(of: 0), 0)
        XCTAssertEqual(layout.height(of: 3), 194)
        XCTAssertEqual(layout.height(of: 4), 389)
        XCTAssertEqual(layout.height(of: 5), layout.frame(of: 4).y + 194)
    }

    func testTheTilesInABandAreTheRowsItReaches() {
        // 450 px: 3 columns, rows 195 px apart (194 + 1).
        let layout = GridLayout(width: 450)
        XCTAssertEqual(layout.indices(between: 0, and: 100, count: 311), 0..<3)
        XCTAssertEqual(layout.indices(between: 0, and: 195, count: 311), 0..<6)
        XCTAssertEqual(layout.indices(between: 390, and: 400, count: 311), 6..<9)
        // A band above the grid (its header still on screen) reaches its first row only when it
        // goes below the grid's top.
        XCTAssertEqual(layout.indices(between: -600, and: -1, count: 311), 0..<0)
        XCTAssertEqual(layout.indices(between: -600, and: 10, count: 311), 0..<3)
        // Past the last tile, nothing; the last row is short.
        XCTAssertEqual(layout.indices(between: 103 * 195, and: 104 * 195 + 50, count: 311), 309..<311)
        XCTAssertEqual(layout.indices(between: 200 * 195, and: 201 * 195, count: 311), 311..<311)
        XCTAssertEqual(layout.indices(between: 0, and: 100, count: 0), 0..<0)
    }
}

final class TrendingHashtagsTests: XCTestCase {
    private func post(_ caption: String, likes: Int) -> Post {
        Post(author: Author(handle: "a", name: "A"), caption: caption, music: "", videoURI: "x",
             likeCount: likes, created: Date())
    }

    func testMostUsedFirstCaseInsensitive() {
        let posts = [post("#Loop #cats", likes: 1), post("#loop #dogs", likes: 5), post("#dogs", likes: 1), post("#LOOP", likes: 0)]
        XCTAssertEqual(TrendingHashtags.top(posts, limit: 2), ["Loop", "dogs"])
        XCTAssertEqual(TrendingHashtags.top(posts, limit: 10).count, 3)
    }
}
