import FeedCore
@testable import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// Discover's decisions without a display: trending tags, search, and what is said when nothing is found.
final class DiscoverStoreTests: XCTestCase {
    @MainActor
    private static func library() -> InMemoryFeedRepository {
        let repo = InMemoryFeedRepository()
        _ = try? repo.insertAuthor(Author(handle: "ann", name: "Ann"))
        let captions = ["snow day #winter #loop", "hot soup #winter", "cat nap #cats", "more snow #winter #cats"]
        for (index, caption) in captions.enumerated() {
            _ = try! repo.insertPost(NewPost(authorHandle: "ann", caption: caption, music: "", videoURI: "v\(index)",
                                             likeCount: (index + 1) * 10, created: Date(timeIntervalSince1970: Double(index))))
        }
        return repo
    }

    func testTrendingTagsAreTheMostUsedFirst() throws {
        onMain {
            let store = DiscoverStore(repository: Self.library())
            store.prepare()
            XCTAssertEqual(store.trending.first, "winter")
            XCTAssertEqual(Set(store.trending), ["winter", "cats", "loop"])
        }
    }

    func testAnEmptyQueryShowsTheMostLikedAndAQueryFindsItsPosts() throws {
        onMain {
            let store = DiscoverStore(repository: Self.library())
            store.search("   ")
            XCTAssertEqual(store.query, "")
            XCTAssertEqual(store.posts.map(\.likeCount), [40, 30, 20, 10])
            XCTAssertNil(store.message)
            store.search(" snow ")
            XCTAssertEqual(store.query, "snow")
            XCTAssertEqual(Set(store.posts.map(\.caption)), ["snow day #winter #loop", "more snow #winter #cats"])
            XCTAssertNil(store.message)
        }
    }

    func testEachSearchIsLoggedWithWhatItFound() throws {
        onMain {
            let events = RecordingEventSink()
            let store = DiscoverStore(repository: Self.library(), events: events, clock: ManualClock())
            store.search("snow")
            store.search("")
            XCTAssertEqual(events.events, [.search(query: "snow", results: 2, us: 0)],
                           "a query is logged with its results; the empty one (most liked) is not a search")
        }
    }

    func testNothingFoundIsSaidWithTheQuery() throws {
        onMain {
            let store = DiscoverStore(repository: Self.library())
            store.search("volcano")
            XCTAssertEqual(store.posts, [])
            XCTAssertEqual(store.message, "No videos match “volcano”.")
            let empty = DiscoverStore(repository: InMemoryFeedRepository())
            empty.search("")
            XCTAssertEqual(empty.message, "No videos yet.")
        }
    }
}
