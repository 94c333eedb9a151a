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
        // The Inbox is not empty on first run, and your profile has videos.
        XCTAssertFalse(catalog.activity.isEmpty)
        XCTAssertEqual(try repo.activity(limit: 100).count, catalog.activity.count)
        XCTAssertEqual(try repo.unseenActivityCount(), catalog.activity.count)
        XCTAssertFalse(try repo.posts(byAuthorHandle: SelfAuthor.handle, limit: 10).isEmpty)
    }
}
