import FeedCore
@testable import FeedSources
import Foundation
import GLibKit
import TestSupport
import XCTest

/// What an account follows and likes, read back from the loopback PeerTube fake (which answers
/// as PeerTube's code does) after the outbox put it there: page after page, and a refusal in
/// the server's words.
final class AccountLibraryOverLoopbackTests: XCTestCase {
    private static let networks = Result { try FakeNetworks(arguments: ["--peertube", "2", "--loops", "0", "--no-index",
                                                                        "--first-address", "127.0.0.41"]) }

    override class func tearDown() {
        (try? networks.get())?.stop()
    }

    @MainActor
    private static func account(_ rig: OutboxRig) -> Account {
        Account(network: .peertube, origin: rig.home, username: rig.account.name, displayName: rig.account.name, avatarURL: nil,
                clientID: "client", accessExpires: Date(timeIntervalSince1970: 4_000_000_000), refreshExpires: nil)
    }

    func testFollowsAndLikesSentThroughTheOutboxAreReadBackPageByPage() throws {
        let networks = try Self.networks.get()
        try onMain {
            let rig = try OutboxRig(networks)
            defer { rig.remove() }
            let other = try XCTUnwrap(networks.peertube.last)
            let channels = try XCTUnwrap(networks.manifest(other)["channels"] as? [String])
            let followed = Array(channels.prefix(2))
            try rig.sender.start()
            for channel in followed {
                try rig.sender.add(.follow(channel: channel, following: true), account: rig.account, postID: nil)
            }
            // Followed, then unfollowed before it left: at most the last goes, and nothing stays.
            try rig.sender.add(.follow(channel: channels[2], following: true), account: rig.account, postID: nil)
            try rig.sender.add(.follow(channel: channels[2], following: false), account: rig.account, postID: nil)
            let liked = try [rig.video(0), rig.video(1), rig.video(2, on: other)]
            for video in liked {
                try rig.sender.add(.rate(post: video, liked: true), account: rig.account, postID: nil)
            }
            XCTAssertTrue(rig.waitUntilSettled())

            let reader = AccountLibraryReader(http: rig.client, peerTubePageSize: 1)
            let token = try XCTUnwrap(rig.accounts.held[rig.account]?.tokens.access)
            let read = try XCTUnwrap(OutboxRig.wait { reader.read(Self.account(rig), token: token, then: $0) }).get()
            XCTAssertEqual(Set(read.channels.map(\.actor.handle)), Set(followed))
            XCTAssertTrue(read.channels.allSatisfy { $0.feedURL != nil }, "each can be followed here")
            XCTAssertEqual(Set(read.liked.map(\.key)), Set(liked.map(\.key)), "the other instance's video by its origin")
            let pages = try rig.requests("GET", containing: "/ratings")
            XCTAssertEqual(pages.count, 3, "one video a page: \(pages)")

            let refused = OutboxRig.wait { reader.read(Self.account(rig), token: "not-a-token", then: $0) }
            guard case .failure(let failure)? = refused else { return XCTFail("read with a wrong token: \(String(describing: refused))") }
            XCTAssertEqual(failure.description, "Token is invalid")
        }
    }
}
