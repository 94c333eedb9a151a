import FeedCore
@testable import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// Following a network's channel from the "+" over one of its posts: as its page's Follow does,
/// its page asked for its feed, the feed followed here and the account's follow sent on.
final class ChannelFollowerTests: XCTestCase {
    private static let host = "127.0.0.3:8080"
    private static let handle = "carol_travel@\(host)"
    private static let feed = URL(string: "http://\(host)/feeds/videos.xml?videoChannelId=5")!

    /// Two posts of Carol's channel, found on her instance (a network's posts: the "+" follows her channel there).
    @MainActor
    private static func carolsPosts() throws -> FeedSessionFixture {
        try FeedSessionFixture(posts: 2, content: { stored in
            .fixed(posts: stored.map { post in
                var remote = post
                remote.remote = RemotePostRef(network: .peertube, host: host, apiBase: URL(string: "http://\(host)")!,
                                              id: "video-\(post.id)")
                return remote
            }, start: 0)
        }, author: { ("carol_travel@\(host)", "post \($0)") })
    }

    func testThePlusOverANetworksPostFollowsItsChannelHereAndOnTheAccount() throws {
        try onMain {
            let feed = try Self.carolsPosts()
            let explorer = FakeNetworkExplorer(), subscriptions = FakeFeedSubscriptions(), actions = RecordingNetworkActions()
            feed.session.channelFollower = ChannelFollower(explorer: explorer, subscriptions: subscriptions, actions: actions)
            var arrived: [Post] = []
            feed.session.onChannelFollowed = { arrived += $0 }
            feed.launchAndSettle()
            let slot = feed.current
            XCTAssertEqual(feed.session.pages[slot].post?.author.showsFollowBadge, true)

            feed.session.followAuthor(slot: slot)
            let asked = try XCTUnwrap(explorer.channelCalls.last?.question)
            XCTAssertEqual([asked.name, asked.host], ["carol_travel", Self.host])
            XCTAssertEqual(asked.kind, .peertubeChannel)
            feed.session.followAuthor(slot: slot)
            XCTAssertEqual(explorer.channelCalls.count, 1, "a second + waits for the first")
            XCTAssertTrue(feed.events(named: "follow").isEmpty, "nothing is said followed before it is")

            let actor = RemoteActor(kind: .peertubeChannel, name: "carol_travel", displayName: "Carol's travels", host: Self.host)
            explorer.channelCalls.last?.answer(.success(RemoteChannel(actor: actor, followers: 3, description: "",
                                                                      videosURL: Self.feed, feedURL: Self.feed)))
            XCTAssertEqual(subscriptions.added.map(\.url), [Self.feed], "her channel's feed followed here")
            XCTAssertTrue(actions.follows.isEmpty, "the account follows once it is kept here")
            // The feed's posts are hers: she is followed through it from now on.
            _ = try feed.repository.setFollowing(handle: Self.handle, following: true)
            let brought = try XCTUnwrap(feed.repository.post(id: feed.postIDs[1]))
            subscriptions.added.last?.answer(.subscribed(Subscription(id: 7, url: Self.feed.absoluteString, title: "Carol"),
                                                         added: [brought]))
            XCTAssertEqual(actions.follows.map(\.channel.handle), [Self.handle])
            XCTAssertEqual(actions.follows.map(\.following), [true])
            XCTAssertEqual(subscriptions.marked.map(\.channel.name), ["carol_travel"], "Following knows it as her channel")
            XCTAssertEqual(arrived.map(\.id), [brought.id], "what her feed brought comes next in Home")
            XCTAssertEqual(feed.events(named: "follow"), [.follow(handle: Self.handle, following: true)])
            XCTAssertEqual(feed.view.flashes.last, "You follow Carol's travels: their new videos come in Home.")
            for page in feed.session.pages where page.post != nil {
                XCTAssertEqual(page.post?.author.showsFollowBadge, false, "every page of hers loses its +")
            }
        }
    }

    func testAChannelThatCannotBeReachedIsSaidAndNotFollowed() throws {
        try onMain {
            let feed = try Self.carolsPosts()
            let explorer = FakeNetworkExplorer(), subscriptions = FakeFeedSubscriptions(), actions = RecordingNetworkActions()
            feed.session.channelFollower = ChannelFollower(explorer: explorer, subscriptions: subscriptions, actions: actions)
            feed.launchAndSettle()
            feed.session.followAuthor(slot: feed.current)
            explorer.channelCalls.last?.answer(.failure(.notFound(server: Self.host)))
            XCTAssertTrue(subscriptions.added.isEmpty)
            XCTAssertTrue(actions.follows.isEmpty)
            XCTAssertTrue(feed.events(named: "follow").isEmpty)
            XCTAssertTrue(feed.view.flashes.last?.hasPrefix("Couldn’t follow carol_travel") == true, "\(feed.view.flashes)")
            XCTAssertEqual(feed.session.pages[feed.current].post?.author.showsFollowBadge, true, "the + stays")
            feed.session.followAuthor(slot: feed.current)
            XCTAssertEqual(explorer.channelCalls.count, 2, "and can be pressed again")
        }
    }

    func testWithoutAFollowerANetworksCreatorIsFollowedHereOnly() throws {
        try onMain {
            let feed = try Self.carolsPosts()
            feed.launchAndSettle()
            feed.session.followAuthor(slot: feed.current)
            XCTAssertEqual(feed.events(named: "follow"), [.follow(handle: Self.handle, following: true)])
            XCTAssertEqual(try feed.repository.author(handle: Self.handle)?.isFollowed, true)
        }
    }

    func testUndoOfARefusedFollowUnfollowsHereAndOnTheAccount() throws {
        try onMain {
            let feed = try Self.carolsPosts()
            let subscriptions = FakeFeedSubscriptions(), actions = RecordingNetworkActions()
            subscriptions.rows = [Subscription(id: 7, url: Self.feed.absoluteString, title: "Carol's travels",
                                               channel: FollowedChannel(kind: .peertubeChannel, name: "carol_travel", host: Self.host)),
                                  Subscription(id: 8, url: "http://127.0.0.4:8080/feed.xml", title: "Dan")]
            feed.session.channelFollower = ChannelFollower(explorer: FakeNetworkExplorer(), subscriptions: subscriptions,
                                                           actions: actions)
            feed.launchAndSettle()
            feed.session.unfollowChannel(Self.handle)
            XCTAssertEqual(subscriptions.rows.map(\.id), [8], "her channel's feed is no longer followed here")
            XCTAssertEqual(actions.follows.map(\.channel.handle), [Self.handle])
            XCTAssertEqual(actions.follows.map(\.following), [false], "the account's follow is turned back")
            XCTAssertEqual(feed.events(named: "follow"), [.follow(handle: Self.handle, following: false)])
            XCTAssertEqual(feed.view.flashes.last, "You no longer follow Carol's travels.")
            feed.session.unfollowChannel(Self.handle)
            XCTAssertEqual(actions.follows.count, 1, "what is not followed is not unfollowed again")
        }
    }
}
