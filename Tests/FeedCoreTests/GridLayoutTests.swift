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
