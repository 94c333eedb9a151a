import FeedCore
@testable import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// A channel's page over a scripted explorer and subscriptions: its header as its server says,
/// its videos of every shape page after page, Follow as the Following list's own subscription.
final class ChannelStoreTests: XCTestCase {
    static let actor = RemoteActor(kind: .peertubeChannel, name: "alice_loops", displayName: "Alice's loops",
                                           host: "127.0.0.2:8080")
    static let feed = URL(string: "http://127.0.0.2:8080/feeds/videos.xml?videoChannelId=3")!
    static let channel = RemoteChannel(actor: actor, followers: 25, description: "Loops by Alice",
                                               videosURL: URL(string: "http://127.0.0.2:8080/c/alice_loops")!, feedURL: feed)

    func testThePageShowsTheChannelThenItsVideosOfEveryShape() {
        onMain {
            let explorer = FakeNetworkExplorer()
            let store = ChannelStore(explorer: explorer, subscriptions: nil, showsSensitive: { false }, events: nil)
            store.show(Self.actor)
            XCTAssertEqual(store.state, .loading)
            XCTAssertEqual(explorer.channelCalls.last?.question, Self.actor)
            explorer.channelCalls.last?.answer(.success(Self.channel))
            XCTAssertEqual(store.state, .shown)
            XCTAssertEqual(store.channel?.followers, 25)
            XCTAssertEqual(explorer.channelVideoCalls.last?.question.filter, VerticalFilter(anyShape: true, anyLength: true))
            explorer.channelVideoCalls.last?.answer(ExploreAnswer(items: RemoteVideoSamples.videos(1...2),
                                                                  next: RemoteVideoSamples.cursor(20)))
            XCTAssertEqual(store.videos?.videos.count, 2)
            store.videos?.loadMore()
            XCTAssertEqual(explorer.channelVideoCalls.last?.question.cursor, RemoteVideoSamples.cursor(20), "more as it scrolls")
            XCTAssertFalse(store.canFollow, "no subscriptions to follow it with")
            store.show(Self.actor)
            XCTAssertEqual(explorer.channelCalls.count, 1, "the same page again (Back from its feed) keeps what it shows")
        }
    }

    func testAChannelThatCannotBeReadSaysWhy() {
        onMain {
            let explorer = FakeNetworkExplorer()
            let store = ChannelStore(explorer: explorer, subscriptions: nil, showsSensitive: { false }, events: nil)
            store.show(Self.actor)
            explorer.channelCalls.last?.answer(.failure(.notFound(server: "127.0.0.2:8080")))
            guard case .failed(let why) = store.state else { return XCTFail("\(store.state)") }
            XCTAssertTrue(why.contains("127.0.0.2:8080"), why)
            XCTAssertNil(store.videos)
        }
    }

    func testFollowSubscribesToItsFeedAndUnfollowLetsGo() {
        onMain {
            let explorer = FakeNetworkExplorer()
            let subscriptions = FakeFeedSubscriptions()
            let store = ChannelStore(explorer: explorer, subscriptions: subscriptions, showsSensitive: { true }, events: nil)
            var followed: [Post] = []
            var messages: [String] = []
            store.onFollowed = { followed = $0 }
            store.onMessage = { messages.append($0) }
            store.show(Self.actor)
            explorer.channelCalls.last?.answer(.success(Self.channel))
            XCTAssertEqual(explorer.channelVideoCalls.last?.question.filter.showsSensitive, true, "as Preferences say")
            XCTAssertTrue(store.canFollow)
            XCTAssertFalse(store.isFollowed)
            store.toggleFollow()
            XCTAssertTrue(store.isChangingFollow)
            XCTAssertEqual(subscriptions.added.map(\.url), [Self.feed])
            let row = Subscription(id: 4, url: Self.feed.absoluteString, title: "Alice's loops")
            subscriptions.rows = [row]
            let post = Post(id: 9, author: Author(handle: "alice_loops@127.0.0.2:8080", name: "Alice"), caption: "new", music: "",
                            videoURI: "http://127.0.0.2:8080/v.mp4", created: Date(timeIntervalSince1970: 0))
            subscriptions.added.last?.answer(.subscribed(row, added: [post]))
            XCTAssertFalse(store.isChangingFollow)
            XCTAssertTrue(store.isFollowed)
            XCTAssertEqual(followed.map(\.id), [9], "its videos come next in Home")
            XCTAssertEqual(messages.last, "You follow Alice's loops: their new videos come in Home.")
            store.toggleFollow()
            XCTAssertFalse(store.isFollowed)
            XCTAssertEqual(subscriptions.added.count, 1)
        }
    }

    func testFollowAndUnfollowGoOnToTheAccountOnlyOnceDoneHere() {
        onMain {
            let explorer = FakeNetworkExplorer()
            let subscriptions = FakeFeedSubscriptions()
            let actions = RecordingNetworkActions()
            let store = ChannelStore(explorer: explorer, subscriptions: subscriptions, showsSensitive: { true }, events: nil,
                                     actions: actions)
            store.show(Self.actor)
            explorer.channelCalls.last?.answer(.success(Self.channel))
            store.toggleFollow()
            XCTAssertTrue(actions.follows.isEmpty, "nothing goes before the follow is kept here")
            subscriptions.added.last?.answer(.failed("no feed"))
            XCTAssertTrue(actions.follows.isEmpty, "a follow that failed here goes nowhere")
            store.toggleFollow()
            let row = Subscription(id: 4, url: Self.feed.absoluteString, title: "Alice's loops")
            subscriptions.rows = [row]
            subscriptions.added.last?.answer(.subscribed(row, added: []))
            store.toggleFollow()
            XCTAssertEqual(actions.follows.map(\.channel.handle), ["alice_loops@127.0.0.2:8080", "alice_loops@127.0.0.2:8080"])
            XCTAssertEqual(actions.follows.map(\.following), [true, false])
        }
    }
}
