import FeedCore
import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// Which account acts on a remote post, and its like written to the outbox (issue 23).
final class AccountActionsTests: XCTestCase {
    private static let tubeA = RemotePostRef(network: .peertube, host: "127.0.0.2:8080",
                                             apiBase: URL(string: "http://127.0.0.2:8080")!, id: "uuid-a")
    private static let tubeB = RemotePostRef(network: .peertube, host: "127.0.0.3:8080",
                                             apiBase: URL(string: "http://127.0.0.3:8080")!, id: "uuid-b")
    private static let loopsC = RemotePostRef(network: .loops, host: "127.0.0.4:8080",
                                              apiBase: URL(string: "http://127.0.0.4:8080")!, id: "7")

    private static func account(_ network: RemoteNetwork, _ origin: String, _ name: String) -> Account {
        Account(network: network, origin: URL(string: origin)!, username: name, displayName: name, avatarURL: nil,
                clientID: "client", accessExpires: Date(timeIntervalSince1970: 4_000_000_000), refreshExpires: nil)
    }

    private static let ann = account(.peertube, "http://127.0.0.2:8080", "ann")
    private static let bob = account(.peertube, "http://127.0.0.3:8080", "bob")
    private static let cat = account(.loops, "http://127.0.0.5:8080", "cat")

    func testAPostIsActedOnByTheAccountOnItsServerElseByTheFirstPeerTubeAccount() {
        XCTAssertEqual(AccountActions.actingAccount(for: Self.tubeB, among: [Self.cat, Self.ann, Self.bob]), Self.bob)
        XCTAssertEqual(AccountActions.actingAccount(for: Self.tubeB, among: [Self.cat, Self.ann]), Self.ann,
                       "the home instance finds another instance's video")
        XCTAssertNil(AccountActions.actingAccount(for: Self.loopsC, among: [Self.cat, Self.ann]),
                     "Loops looks up no other server's video")
        XCTAssertNil(AccountActions.actingAccount(for: Self.tubeA, among: [Self.cat]))
    }

    func testALikeOnARemotePostGoesToTheOutboxAndALocalOneStaysHere() throws {
        try onMain {
            let outbox = RecordingOutbox()
            let actions = AccountActions(.init(accounts: { [Self.ann] }, outbox: outbox, say: { XCTFail("said \($0)") }))
            let feed = try FeedSessionFixture(posts: 2, actions: actions)
            try feed.repository.storeDiscovered([DiscoveredVideo(remote: Self.tubeB, authorHandle: "ann", authorName: "Ann",
                                                                 caption: "post 2", videoURI: "file:///v2.mp4",
                                                                 created: Date(timeIntervalSince1970: 2))])
            feed.launchAndSettle()
            feed.session.likeFromDoubleClick()
            feed.session.likeCurrent()
            let annKey = AccountKey(server: "http://127.0.0.2:8080", name: "ann")
            XCTAssertEqual(outbox.added.map(\.action), [.rate(post: Self.tubeB, liked: true), .rate(post: Self.tubeB, liked: false)])
            XCTAssertEqual(outbox.added.map(\.account), [annKey, annKey])
            XCTAssertEqual(outbox.added.map(\.postID), [feed.postIDs[0], feed.postIDs[0]])

            feed.session.move(by: 1)
            feed.session.likeCurrent()
            XCTAssertEqual(outbox.added.count, 2, "a post of this computer's stays here")
            XCTAssertEqual(feed.events(named: "like").count, 3)
        }
    }

    func testWithoutAnAccountForThePostsNetworkNothingIsAdded() {
        onMain {
            let outbox = RecordingOutbox()
            let actions = AccountActions(.init(accounts: { [Self.cat] }, outbox: outbox, say: { XCTFail("said \($0)") }))
            let post = Post(id: 1, author: Author(handle: "ann", name: "Ann"), caption: "", music: "", videoURI: "x", created: Date(),
                            remote: Self.tubeA)
            actions.postLiked(post)
            XCTAssertTrue(outbox.added.isEmpty)
        }
    }

    func testAChannelIsFollowedByTheAccountForItsNetworkAndTheFollowGoesToTheOutbox() {
        onMain {
            let tubeChannel = RemoteActor(kind: .peertubeChannel, name: "alice", displayName: "Alice", host: "127.0.0.3:8080")
            let tubeAccount = RemoteActor(kind: .peertubeAccount, name: "alice", displayName: "Alice", host: "127.0.0.3:8080")
            let loopsProfile = RemoteActor(kind: .loopsProfile, name: "dan", displayName: "Dan", host: "127.0.0.4:8080")
            XCTAssertEqual(AccountActions.followingAccount(for: tubeChannel, among: [Self.cat, Self.ann, Self.bob]), Self.bob)
            XCTAssertEqual(AccountActions.followingAccount(for: tubeChannel, among: [Self.cat, Self.ann]), Self.ann)
            XCTAssertNil(AccountActions.followingAccount(for: tubeAccount, among: [Self.ann]), "PeerTube subscribes to channels")
            XCTAssertEqual(AccountActions.followingAccount(for: loopsProfile, among: [Self.ann, Self.cat]), Self.cat,
                           "Loops finds another server's profile by its handle")
            XCTAssertNil(AccountActions.followingAccount(for: loopsProfile, among: [Self.ann]))

            let outbox = RecordingOutbox()
            let actions = AccountActions(.init(accounts: { [Self.ann] }, outbox: outbox, say: { XCTFail("said \($0)") }))
            actions.channelFollowed(tubeChannel, following: true)
            actions.channelFollowed(tubeChannel, following: false)
            actions.channelFollowed(loopsProfile, following: true)
            XCTAssertEqual(outbox.added.map(\.action), [.follow(channel: "alice@127.0.0.3:8080", following: true),
                                                        .follow(channel: "alice@127.0.0.3:8080", following: false)])
            XCTAssertEqual(outbox.added.map(\.account), Array(repeating: AccountKey(server: "http://127.0.0.2:8080", name: "ann"), count: 2))
            XCTAssertEqual(outbox.added.map(\.postID), [nil, nil])
        }
    }

    func testAnOutboxTheLibraryRefusesIsSaid() {
        onMain {
            let outbox = RecordingOutbox()
            outbox.failure = SQLiteTestFailure()
            var said: [String] = []
            let actions = AccountActions(.init(accounts: { [Self.ann] }, outbox: outbox, say: { said.append($0) }))
            let post = Post(id: 1, author: Author(handle: "ann", name: "Ann"), caption: "", music: "", videoURI: "x", created: Date(),
                            remote: Self.tubeA)
            actions.postLiked(post)
            XCTAssertEqual(said.count, 1)
            XCTAssertTrue(said.first?.hasPrefix("Couldn’t keep this for ann@127.0.0.2:8080: it stays on this computer only") == true,
                          said.first ?? "")
        }
    }
}

private struct SQLiteTestFailure: Error, CustomStringConvertible {
    var description: String { "disk I/O error" }
}

@MainActor
private final class RecordingOutbox: OutboxAdding {
    var entries: [OutboxEntry] = []
    var added: [(action: OutboxAction, account: AccountKey, postID: Int64?)] = []
    var failure: (any Error)?

    func add(_ action: OutboxAction, account: AccountKey, postID: Int64?) throws {
        if let failure { throw failure }
        added.append((action, account, postID))
    }
}
