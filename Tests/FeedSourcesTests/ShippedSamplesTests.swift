import FeedCore
import FeedSources
import FeedTesting
import Foundation
import XCTest

/// The real `data/samples/samples.json` must decode, seed, and point only at files that ship.
final class ShippedSamplesTests: XCTestCase {
    /// Found from this file, resolving symlinks so it also works from a package that links
    /// these tests in.
    private var samplesFolder: URL {
        URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("data/samples", isDirectory: true)
    }

    func testShippedCatalogSeedsAndItsMediaExists() throws {
        let catalog = try SampleCatalog.load(from: samplesFolder.appendingPathComponent("samples.json"))
        XCTAssertFalse(catalog.posts.isEmpty)
        XCTAssertEqual(Set(catalog.posts.map(\.file)).count, catalog.posts.count, "each video once")

        var media = catalog.posts.map(\.file)
        media += catalog.authors.flatMap { [$0.avatar, $0.cover].compactMap { $0 } }
        for path in media {
            XCTAssertTrue(FileManager.default.fileExists(atPath: samplesFolder.appendingPathComponent(path).path),
                          "missing \(path)")
        }

        let repo = InMemoryFeedRepository()
        try SelfAuthor.ensure(in: repo)
        XCTAssertEqual(try catalog.seed(into: repo), catalog.posts.count)
        XCTAssertEqual(try repo.postCount(), catalog.posts.count)
        // A new user has done and received nothing: the samples are the creators' posts.
        XCTAssertEqual(try repo.activity(limit: 100).count, 0, "an empty Inbox")
        XCTAssertEqual(try repo.unseenActivityCount(), 0)
        XCTAssertEqual(try repo.posts(byAuthorHandle: SelfAuthor.handle, limit: 10), [], "no post of the user's")
        let you = try XCTUnwrap(try repo.selfAuthor())
        XCTAssertEqual([you.followers, you.following, you.likes], [0, 0, 0])
        XCTAssertFalse(catalog.posts.contains { $0.author == SelfAuthor.handle || $0.music.contains("You (original") })
        // A count is what can be read.
        for post in try repo.feedPage(after: nil, limit: 100) {
            XCTAssertEqual(post.commentCount, try repo.comments(postID: post.id, before: nil, limit: 1_000).count, post.caption)
            XCTAssertFalse(post.liked, post.caption)
        }
    }
}
