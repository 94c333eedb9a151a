import FeedCore
@testable import FeedSources
import Foundation
import GLibKit
import MainLoopServices
import SoupKit
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

    private static let loopsNetworks = Result { try FakeNetworks(arguments: ["--peertube", "0", "--loops", "1", "--no-index",
                                                                             "--first-address", "127.0.0.43"]) }

    /// Loops: whom the account follows (the account's own id asked first) and the videos it liked,
    /// cursor page after cursor page (the likes 10 a page).
    func testALoopsAccountsFollowsAndLikesAreReadCursorPageAfterCursorPage() throws {
        let networks = try Self.loopsNetworks.get()
        defer { networks.stop() }
        let origin = try XCTUnwrap(networks.loops.first)
        let host = try XCTUnwrap(RemoteHost.host(of: origin))
        let profiles = try XCTUnwrap(networks.manifest(origin)["profiles"] as? [[String: Any]])
        let videos = try XCTUnwrap(networks.manifest(origin)["videos"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        try onMain {
            let client = HTTPClient(userAgent: "Loopfeed-tests", timers: MainLoopTimers())
            let loops = LoopsSignIn(.init(http: client, timers: MainLoopTimers(), listen: { state, answer in
                try? LoopbackRedirectListener(state: state, page: { $0 ? "signed in" : "not signed in" }, then: answer)
            }, openBrowser: { page in client.fetch(HTTPRequest.get(page)) { _ in } }))
            let service = AccountService(http: client, peertube: PeerTubeSignIn(http: client), loops: loops)
            let signed = try XCTUnwrap(OutboxRig.wait { service.signInLoops(origin: origin, then: $0) }).get()
            let token = signed.tokens.access
            let others = profiles.compactMap { $0["username"] as? String == signed.account.username ? nil : $0["id"] as? String }
            let followed = Array(others.prefix(2))
            let liked = Array(videos.prefix(12))
            for path in followed.map({ "api/v1/account/follow/\($0)" }) + liked.map({ "api/v1/video/like/\($0)" }) {
                let answer = OutboxRig.wait { (done: @escaping @MainActor (Result<HTTPResponse, HTTPFailure>) -> Void) in
                    client.fetch(OutboxAnswer.request(.post, origin.appendingPathComponent(path), token: token), then: done)
                }
                XCTAssertEqual(try answer?.get().status, 200, path)
            }

            let reader = AccountLibraryReader(http: client)
            let read = try XCTUnwrap(OutboxRig.wait { reader.read(signed.account, token: token, then: $0) }).get()
            XCTAssertEqual(Set(read.channels.compactMap(\.actor.id)), Set(followed))
            XCTAssertTrue(read.channels.allSatisfy { $0.feedURL != nil && $0.actor.host == host })
            XCTAssertEqual(Set(read.liked.map(\.id)), Set(liked), "two pages of likes")
            XCTAssertTrue(read.liked.allSatisfy { $0.network == .loops && $0.host == host })
        }
    }
}
