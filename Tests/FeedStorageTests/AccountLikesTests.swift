import FeedCore
import FeedStorage
import Foundation
import XCTest

/// What a signed-in account follows and likes on its server, kept in the library (migration 12):
/// a liked video shows as liked whether it is here already or comes later, by its id or its
/// short uuid; a subscription knows its channel and the account it came from.
final class AccountLikesTests: StorageTestCase {
    private static let api = URL(string: "http://127.0.0.3:8080")!

    private func ref(_ id: String, short: String? = nil) -> RemotePostRef {
        RemotePostRef(network: .peertube, host: "127.0.0.3:8080", apiBase: Self.api, id: id, shortUUID: short)
    }

    private func video(_ remote: RemotePostRef) -> DiscoveredVideo {
        DiscoveredVideo(remote: remote, authorHandle: "snow@127.0.0.3:8080", authorName: "Snow", caption: "clip \(remote.id)",
                        videoURI: "http://127.0.0.3:8080/static/\(remote.id).mp4", created: Date(timeIntervalSince1970: 1_000))
    }

    func testALikedVideoShowsAsLikedNowAndWhenItComesLater() throws {
        let repo = try LibraryDatabase.open(at: databaseURL)
        let here = try XCTUnwrap(repo.storeDiscovered([video(ref("uuid-here"))]).first)
        let other = try XCTUnwrap(repo.storeDiscovered([video(ref("uuid-other"))]).first)
        XCTAssertEqual(try repo.keepAccountLikes([ref("uuid-here"), ref("uuid-later", short: "short-later")], account: "ann@127.0.0.2:8080"), 1)
        XCTAssertEqual(try repo.post(id: here.id)?.liked, true)
        XCTAssertEqual(try repo.post(id: other.id)?.liked, false, "only what the account liked")
        // Listed later under its short uuid (a feed may name it so).
        let later = try XCTUnwrap(repo.storeDiscovered([video(ref("short-later"))]).first)
        XCTAssertEqual(try repo.post(id: later.id)?.liked, true)
        XCTAssertEqual(try repo.keepAccountLikes([ref("uuid-here")], account: "ann@127.0.0.2:8080"), 0, "kept once")
    }

    func testASubscriptionKnowsItsChannelAndTheAccountItCameFrom() throws {
        let repo = try LibraryDatabase.open(at: databaseURL)
        let made = try repo.insertSubscription(url: "http://127.0.0.3:8080/feeds/videos.xml?videoChannelName=snow", title: "Snow")
        XCTAssertNil(try repo.subscription(url: made.url)?.channel)
        try repo.markChannel(subscriptionID: made.id, FollowedChannel(kind: .peertubeChannel, name: "snow", host: "127.0.0.3:8080",
                                                                      account: "ann@127.0.0.2:8080"))
        try repo.markChannel(subscriptionID: made.id, FollowedChannel(kind: .peertubeChannel, name: "snow", host: "127.0.0.3:8080"))
        XCTAssertEqual(try repo.subscriptions().first?.channel,
                       FollowedChannel(kind: .peertubeChannel, name: "snow", host: "127.0.0.3:8080", account: "ann@127.0.0.2:8080"),
                       "followed again from its page, it is still the account's")
    }
}
