import FeedCore
import FeedSources
import FeedTesting
import Foundation
import XCTest

final class SampleCatalogTests: XCTestCase {
    /// Two authors, three posts; one comment is by an author only the repository knows ("you").
    static let fixture = Data("""
        {"authors": [
          {"handle": "aurora.waves", "name": "Aurora Waves", "bio": "Fractals.", "avatar": "avatars/aurora.waves.png",
           "cover": "covers/aurora.waves.jpg", "followers": 12800, "following": 210, "likes": 340500},
          {"handle": "pixel.garden", "name": "Pixel Garden", "bio": "", "avatar": "avatars/pixel.garden.png",
           "cover": "covers/pixel.garden.jpg", "followers": 5, "following": 1, "likes": 9}],
         "posts": [
          {"file": "videos/01-deep-zoom.mp4", "author": "aurora.waves", "caption": "Deep zoom #fractal #math",
           "music": "Deep Zoom — Aurora Waves (original sound)", "width": 720, "height": 1280, "rotation": 0,
           "duration": 8.0, "likes": 15300, "comments": 212, "shares": 48, "created": "2026-11-20T18:03:00Z",
           "comments_sample": [
             {"author": "pixel.garden", "text": "So smooth", "likes": 31, "created": "2026-11-20T19:10:00Z"},
             {"author": "you", "text": "Again!", "likes": 0, "created": "2026-11-20T19:12:00Z"}]},
          {"file": "videos/02-garden.mp4", "author": "pixel.garden", "caption": "Garden #plants",
           "music": "Birdsong", "width": 1280, "height": 720, "rotation": 90, "duration": 5.5, "likes": 1,
           "comments": 0, "shares": 0, "created": "2026-11-21T08:00:00Z", "comments_sample": []},
          {"file": "videos/03-rain.mp4", "author": "pixel.garden", "caption": "Rain",
           "music": "Rain", "width": 720, "height": 1280, "rotation": 0, "duration": 4, "likes": 0,
           "comments": 1, "shares": 0, "created": "2026-11-19T08:00:00Z"}]}
        """.utf8)

    func testDecodesTheCatalogFormat() throws {
        let catalog = try SampleCatalog(data: Self.fixture)
        XCTAssertEqual(catalog.authors.map(\.handle), ["aurora.waves", "pixel.garden"])
        XCTAssertEqual(catalog.authors[0].followers, 12_800)
        let post = catalog.posts[0]
        XCTAssertEqual(post.file, "videos/01-deep-zoom.mp4")
        XCTAssertEqual(post.duration, 8.0)
        XCTAssertEqual(post.created, ISO8601DateFormatter().date(from: "2026-11-20T18:03:00Z"))
        XCTAssertEqual(post.commentsSample.map(\.author), ["pixel.garden", "you"])
        XCTAssertEqual(catalog.posts[2].commentsSample, [], "comments_sample may be left out")
    }

    func testSeedsAuthorsPostsAndCommentsWithBundleURIs() throws {
        let repo = InMemoryFeedRepository()
        try SelfAuthor.ensure(in: repo)
        XCTAssertEqual(try SampleCatalog(data: Self.fixture).seed(into: repo), 3)

        XCTAssertEqual(try repo.postCount(), 3)
        let feed = try repo.feedPage(after: nil, limit: 10)
        XCTAssertEqual(feed.map(\.videoURI), ["bundle:videos/02-garden.mp4", "bundle:videos/01-deep-zoom.mp4",
                                              "bundle:videos/03-rain.mp4"])
        let zoom = feed[1]
        XCTAssertEqual(zoom.author.avatarURI, "bundle:avatars/aurora.waves.png")
        XCTAssertEqual(zoom.author.coverURI, "bundle:covers/aurora.waves.jpg")
        XCTAssertEqual(zoom.commentCount, 2, "the count is the comments that can be read, whatever the catalog says")
        XCTAssertEqual(zoom.likeCount, 15_300)
        XCTAssertEqual(feed[0].rotation, 90)
        XCTAssertEqual(try repo.comments(postID: zoom.id, before: nil, limit: 10).map(\.text), ["Again!", "So smooth"])
    }

    func testSeedingTwiceAddsNothing() throws {
        let repo = InMemoryFeedRepository()
        try SelfAuthor.ensure(in: repo)
        let catalog = try SampleCatalog(data: Self.fixture)
        try catalog.seed(into: repo)
        XCTAssertEqual(try catalog.seed(into: repo), 0)
        XCTAssertEqual(try repo.postCount(), 3)
    }

    func testAnUnknownAuthorAddsNothing() throws {
        let repo = InMemoryFeedRepository()  // no "you" author here
        XCTAssertThrowsError(try SampleCatalog(data: Self.fixture).seed(into: repo)) {
            XCTAssertEqual($0 as? SampleCatalogError, .unknownAuthor(handle: "you", usedBy: "a comment on videos/01-deep-zoom.mp4"))
        }
        XCTAssertEqual(try repo.postCount(), 0)
        XCTAssertNil(try repo.author(handle: "aurora.waves"))
    }

    func testSelfAuthorIsAddedOnceAndNotOverwritten() throws {
        let repo = InMemoryFeedRepository()
        let you = try SelfAuthor.ensure(in: repo)
        XCTAssertEqual(you.handle, "you")
        XCTAssertEqual(you.name, "You")
        XCTAssertTrue(you.isSelf)
        var renamed = you
        renamed.name = "Sam"
        try repo.insertAuthor(renamed)
        XCTAssertEqual(try SelfAuthor.ensure(in: repo).name, "Sam")
    }
}
