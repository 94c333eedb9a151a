import FeedCore
@testable import FeedStorage
import Foundation
import XCTest

/// Reading an author asks whether a followed feed brings their posts. Asked of a list of every
/// feed post's author, made again for each read, storing a feed's entries one by one (each reads
/// its author and its post) grew with the library: a 10 MB feed of 18,915 entries was not stored
/// after 90 s (bench step 12). The question is one lookup in an index of the feeds' posts.
final class AuthorLookupPlanTests: StorageTestCase {
    func testWhetherAFeedBringsAnAuthorIsOneIndexLookup() throws {
        let repo = try LibraryDatabase.open(at: databaseURL)
        for sql in ["\(RowDecoding.selectAuthor) WHERE a.handle = ?", "\(RowDecoding.selectPost) WHERE p.id = ?"] {
            let plan = try repo.connection.query("EXPLAIN QUERY PLAN \(sql)", ["x"]) { $0.string(3) }
            let feedPosts = plan.filter { $0.contains(" fp ") }
            XCTAssertFalse(feedPosts.isEmpty, "\(plan)")
            XCTAssertTrue(feedPosts.allSatisfy { $0.contains("USING INDEX posts_brought_by_feeds (author_id=?)") }, "\(plan)")
        }
    }
}
