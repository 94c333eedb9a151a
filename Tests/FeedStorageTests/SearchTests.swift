import FeedCore
import FeedStorage
import Foundation
import XCTest

final class SearchTests: StorageTestCase {
    private var repo: SQLiteFeedRepository!
    private var zoom: Post!
    private var cafe: Post!
    private var older: Post!

    override func setUpWithError() throws {
        try super.setUpWithError()
        repo = try LibraryDatabase.openInMemory()
        try addAuthor(repo)
        try addAuthor(repo, handle: "pixel.garden", name: "Pixel Garden")
        zoom = try repo.insertPost(newPost("Deep zoom into the set #fractal #math", music: "Deep Zoom — Aurora Waves",
                                           seconds: 300))
        cafe = try repo.insertPost(newPost("Morning at the Café Ümlaut #coffee", by: "pixel.garden",
                                           music: "Lo-fi Beats", seconds: 200))
        older = try repo.insertPost(newPost("Another fractal, older", by: "pixel.garden", seconds: 100))
    }

    private func ids(_ query: String) throws -> [Int64] {
        try repo.search(query, limit: 20).map(\.id)
    }

    func testFindsByCaptionWordPrefix() throws {
        XCTAssertEqual(try ids("zoo"), [zoom.id])
        XCTAssertEqual(try ids("morn caf"), [cafe.id], "every term must match")
        XCTAssertEqual(try ids("morning tea"), [])
    }

    func testFindsByHashtagWithOrWithoutHash() throws {
        XCTAssertEqual(try ids("#coffee"), [cafe.id])
        XCTAssertEqual(try ids("#mat"), [zoom.id])
    }

    func testFindsByAuthorHandleAndNameAndMusic() throws {
        XCTAssertEqual(Set(try ids("pixel.garden")), [cafe.id, older.id])
        XCTAssertEqual(try ids("aurora"), [zoom.id])
        XCTAssertEqual(try ids("lo-fi beats"), [cafe.id])
    }

    func testIgnoresCaseAndDiacritics() throws {
        XCTAssertEqual(try ids("cafe"), [cafe.id])
        XCTAssertEqual(try ids("CAFÉ umlaut"), [cafe.id])
        XCTAssertEqual(try ids("DEEP"), [zoom.id])
    }

    func testRanksBestMatchThenNewest() throws {
        // Both mention "fractal" once; the zoom post is newer but has a longer caption.
        let results = try ids("fractal")
        XCTAssertEqual(Set(results), [zoom.id, older.id])
        let twice = try repo.insertPost(newPost("fractal fractal fractal", seconds: 50))
        XCTAssertEqual(try ids("fractal").first, twice.id, "bm25 beats recency")
    }

    func testOnlyTheNewestMatchesAreRankedAndTheBestOfThemComesFirst() throws {
        let outside = try repo.insertPost(newPost("kettle kettle kettle", seconds: 10))
        var window: [Post] = []
        try repo.connection.transaction {
            for i in 0..<SQLiteFeedRepository.searchWindow {
                window.append(try repo.insertPost(newPost("a kettle among many other words \(i)", seconds: 1_000 + Double(i))))
            }
        }
        let best = try repo.insertPost(newPost("kettle kettle", seconds: 5_000))
        let found = try repo.search("kettle", limit: 5).map(\.id)
        XCTAssertEqual(found.count, 5)
        XCTAssertEqual(found.first, best.id, "the best match of the window first")
        XCTAssertFalse(found.contains(outside.id), "a match older than the window is not ranked")
        XCTAssertTrue(Set(found).isSubset(of: Set(window.map(\.id) + [best.id])))
    }

    func testEmptyAndHostileInputNeverThrows() throws {
        XCTAssertEqual(try ids(""), [])
        XCTAssertEqual(try ids("   \n"), [])
        XCTAssertEqual(try ids("#"), [])
        for hostile in ["\"", "\"zoom", "zoom\"", "*", "zo*om", "NEAR(zoom", "NEAR(deep zoom, 2)", "deep OR",
                        "AND", "-zoom", "^zoom", "caption:zoom", "{caption}: zoom", "(", ")", "'", "🔥", "a\"\"b"] {
            XCTAssertNoThrow(try repo.search(hostile, limit: 5), hostile)
        }
        XCTAssertEqual(try ids("deep:zoom"), [zoom.id], "a column filter is just a phrase")
        XCTAssertEqual(try ids("NEAR(deep"), [], "NEAR is a word here, and no post has it")
    }

    func testStaysInSyncWhenAnAuthorIsRenamed() throws {
        try addAuthor(repo, handle: "q1", name: "Quokka")
        let post = try repo.insertPost(newPost("hello", by: "q1", seconds: 400))
        XCTAssertEqual(try ids("quokka"), [post.id])
        try repo.insertAuthor(Author(handle: "q1", name: "Wombat"))
        XCTAssertEqual(try ids("wombat"), [post.id])
        XCTAssertEqual(try ids("quokka"), [])
        XCTAssertEqual(try ids("q1"), [post.id], "the handle is unchanged")
    }

    func testOtherUpdatesKeepTheIndexIntact() throws {
        try repo.setLiked(postID: cafe.id, liked: true)
        try repo.updateVideoInfo(postID: cafe.id, width: 720, height: 1280, rotation: 0, duration: 3)
        try repo.insertComment(postID: cafe.id, authorHandle: "aurora.waves", text: "zebra", likeCount: 0, created: Date())
        XCTAssertEqual(try ids("coffee"), [cafe.id])
        XCTAssertEqual(try ids("zebra"), [], "comments are not searched")
        let rows = try repo.connection.queryFirst("SELECT count(*) FROM post_search") { $0.int(0) }
        XCTAssertEqual(rows, 3)
    }
}
