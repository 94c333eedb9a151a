import FeedCore
@testable import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// The Following window's lines and actions over a fake subscription service.
final class FollowingStoreTests: XCTestCase {
    @MainActor
    private final class FakeSubscriptions: FeedSubscribing {
        var rows: [Subscription]
        var refreshed: [Int64] = []
        var removed: [Int64] = []
        init(_ rows: [Subscription]) { self.rows = rows }
        func add(_ url: URL, then: @escaping @MainActor (SubscriptionOutcome) -> Void) {}
        func refreshAll(added: @escaping @MainActor ([Post]) -> Void, finished: @escaping @MainActor ([Subscription]) -> Void) {}
        func subscriptions() -> [Subscription] { rows }
        func refresh(id: Int64, done: @escaping @MainActor ([Post]) -> Void) {
            refreshed.append(id)
            if let index = rows.firstIndex(where: { $0.id == id }) { rows[index].newCount = 2 }
            done([Post(id: 9, author: Author(handle: "b@v", name: "B"), caption: "new", music: "", videoURI: "https://v/9.mp4",
                       created: Date(timeIntervalSince1970: 0))])
        }
        func unsubscribe(id: Int64) throws {
            removed.append(id)
            rows.removeAll { $0.id == id }
        }
        var marked: [(Int64, FollowedChannel)] = []
        func markChannel(id: Int64, _ channel: FollowedChannel) throws { marked.append((id, channel)) }
        func importOPML(file: URL, then: @escaping @MainActor (SubscriptionOutcome) -> Void) {}
        func exportOPML(to file: URL) throws {}
        var onImportedPosts: (@MainActor ([Post]) -> Void)?
    }

    func testEachSubscriptionSaysWhenItWasRefreshedOrWhyItFailed() {
        onMain {
            let now = Date(timeIntervalSince1970: 10_000)
            let fake = FakeSubscriptions([
                Subscription(id: 1, url: "https://a/rss", title: "A", lastRefresh: now.addingTimeInterval(-300), newCount: 3),
                Subscription(id: 2, url: "https://b/rss", title: "B", lastRefresh: now.addingTimeInterval(-20)),
                Subscription(id: 3, url: "https://c/rss", title: "C", lastError: "the server answered 500"),
                Subscription(id: 4, url: "https://d/rss", title: "D"),
            ])
            let store = FollowingStore(service: fake, now: { now })
            XCTAssertEqual(store.rows.map { store.line(for: $0) }, [
                "Refreshed 5 min ago · 3 new", "Refreshed a moment ago · nothing new",
                "Couldn’t refresh: the server answered 500", "Not refreshed yet",
            ])
        }
    }

    /// Issue 21 #14: Refresh all and Export do nothing with nothing followed; a refresh's line
    /// stays on one line, a failure's reason wraps.
    func testWithNothingFollowedThereIsNothingToRefreshOrExport() {
        onMain {
            let fake = FakeSubscriptions([Subscription(id: 1, url: "https://a/rss", title: "A", newCount: 4),
                                          Subscription(id: 2, url: "https://b/rss", title: "B", lastError: "can’t connect")])
            let store = FollowingStore(service: fake)
            XCTAssertTrue(store.hasFeeds)
            XCTAssertEqual(store.rows.map { store.lineWraps(for: $0) }, [false, true])
            XCTAssertNil(store.unsubscribe(1))
            XCTAssertNil(store.unsubscribe(2))
            XCTAssertFalse(store.hasFeeds)
        }
    }

    func testRefreshAndUnsubscribeChangeTheListAndNewPostsGoToTheFeed() {
        onMain {
            let fake = FakeSubscriptions([Subscription(id: 1, url: "https://a/rss", title: "A"),
                                          Subscription(id: 2, url: "https://b/rss", title: "B")])
            let store = FollowingStore(service: fake)
            var changes = 0, added: [Post] = []
            store.onChange = { changes += 1 }
            store.onAdded = { added += $0 }
            store.refresh(1)
            XCTAssertEqual(fake.refreshed, [1])
            XCTAssertEqual(store.rows.first?.newCount, 2)
            XCTAssertEqual(added.map(\.id), [9])
            XCTAssertNil(store.unsubscribe(2))
            XCTAssertEqual(store.rows.map(\.id), [1])
            XCTAssertEqual(changes, 2)
        }
    }

    @MainActor
    private final class RecordingActions: NetworkActing {
        var follows: [(RemoteActor, Bool)] = []
        func postLiked(_ post: Post) {}
        func channelFollowed(_ channel: RemoteActor, following: Bool) { follows.append((channel, following)) }
        // Comments are not this store's.
        func canAct(on post: RemotePostRef) -> Bool { false }
        func commentWritten(_ comment: Comment, on post: RemotePostRef, replyTo: String?) {}
        func commentDeleted(_ comment: Comment, on post: RemotePostRef) {}
    }

    func testAChannelBroughtFromAnAccountSaysSoAndItsUnfollowGoesToTheAccount() {
        onMain {
            let snow = FollowedChannel(kind: .peertubeChannel, name: "snow", host: "127.0.0.3:8080", account: "ann@127.0.0.2:8080")
            let fake = FakeSubscriptions([
                Subscription(id: 1, url: "https://a/rss", title: "A feed"),
                Subscription(id: 2, url: "http://127.0.0.3:8080/feeds/videos.xml?videoChannelName=snow", title: "Snow", channel: snow),
            ])
            let actions = RecordingActions()
            let store = FollowingStore(service: fake, actions: actions)
            XCTAssertNil(store.origin(of: store.rows[0]))
            XCTAssertEqual(store.origin(of: store.rows[1]), "From ann@127.0.0.2:8080")
            XCTAssertNil(store.unsubscribe(1))
            XCTAssertTrue(actions.follows.isEmpty, "a plain feed is followed here only")
            XCTAssertNil(store.unsubscribe(2))
            XCTAssertEqual(actions.follows.map(\.0.handle), ["snow@127.0.0.3:8080"])
            XCTAssertEqual(actions.follows.map(\.0.kind), [.peertubeChannel])
            XCTAssertEqual(actions.follows.map(\.1), [false])
        }
    }
}
