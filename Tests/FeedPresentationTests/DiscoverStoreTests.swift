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
            XCTAssertEqual(events.events, [.search(query: "snow", results: 2, us: 0),
                                           .exploreResults(scope: "local", query: "snow", count: 2, source: "library", total: 2)],
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

    func testAPersonsNameFindsTheirProfileAndATagFindsNoOne() throws {
        onMain {
            let library = Self.library()
            _ = try? library.insertAuthor(Author(handle: "bob_loops@127.0.0.2:8080", name: "Bob Annan"))
            _ = try? library.insertAuthor(Author(handle: "stranger", name: "Anna Stranger"))
            let events = RecordingEventSink()
            let store = DiscoverStore(repository: library, events: events, clock: ManualClock())
            _ = try? library.setFollowing(handle: "bob_loops@127.0.0.2:8080", following: true)
            store.search("ann")
            XCTAssertEqual(store.people.map(\.handle), ["ann", "bob_loops@127.0.0.2:8080"],
                           "the handle that starts with it first; someone with nothing here is left out")
            XCTAssertTrue(events.events.contains(.exploreResults(scope: "local", query: "ann", count: 2, source: "people", total: 2)))
            store.search("@bob")
            XCTAssertEqual(store.people.map(\.name), ["Bob Annan"])
            XCTAssertNil(store.message, "a person found is something found")
            store.search("#winter")
            XCTAssertEqual(store.people, [])
            store.search("")
            XCTAssertEqual(store.people, [])
        }
    }
}
