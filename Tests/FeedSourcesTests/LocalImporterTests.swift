import FeedCore
import FeedSources
import FeedTesting
import Foundation
import XCTest

final class LocalImporterTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)
    private let clip = MediaSource.file(URL(fileURLWithPath: "/videos/My Clip.mp4"))
    private let remote = MediaSource.remote(URL(string: "https://example.com/a/b/sunset.webm?x=1")!)

    func testImportsAsLocalFilesInArgumentOrder() throws {
        let repo = InMemoryFeedRepository()
        let fixed = now
        let posts = try LocalImporter(repository: repo, now: { fixed }).importSources([remote, clip])
        XCTAssertEqual(posts.map(\.videoURI), ["https://example.com/a/b/sunset.webm?x=1", "file:///videos/My%20Clip.mp4"])
        XCTAssertEqual(posts.map(\.caption), ["sunset", "My Clip"])
        XCTAssertEqual(posts.map(\.music), ["Original sound", "Original sound"])
        XCTAssertEqual(posts.map(\.created), [now, now])
        XCTAssertEqual(posts[0].author.handle, "local")
        XCTAssertEqual(posts[0].author.name, "Local files")
    }

    func testReusesPostsAlreadyStored() throws {
        let repo = InMemoryFeedRepository()
        let importer = LocalImporter(repository: repo)
        let first = try importer.importSources([clip])
        let liked = try repo.setLiked(postID: first[0].id, liked: true)
        let second = try importer.importSources([remote, clip, clip])
        XCTAssertEqual(second.count, 2)
        XCTAssertEqual(second[1], liked, "the stored post, likes included")
        XCTAssertEqual(try repo.postCount(), 2)
    }
}
