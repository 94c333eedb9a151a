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

    func testThreeTilesAndGapsFitTheWidth() {
        for width in 100...2000 {
            let tile = GridLayout.tileSize(forWidth: width)
            XCTAssertLessThanOrEqual(tile.width * 3 + 2, width)
        }
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
