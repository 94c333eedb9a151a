import FeedCore
@testable import FeedSources
import FeedStorage
import FeedTesting
import Foundation
import GLibKit
import MainLoopServices
import SoupKit
import TestSupport
import XCTest

/// The outbox sent to the loopback Loops fake (Tests/servers/loops_write.py) through libsoup, for
/// an account signed in with the real authorization code grant: a like is a state, a comment and
/// a reply land once (a comment already there after a crash is found, not posted again), the
/// account's own comment is deleted by its local id, a profile is followed by its handle.
final class LoopsOutboxOverLoopbackTests: XCTestCase {
    private static let networks = Result { try FakeNetworks(arguments: ["--peertube", "0", "--loops", "1", "--no-index",
                                                                        "--first-address", "127.0.0.26"]) }

    override class func tearDown() {
        (try? networks.get())?.stop()
    }

    /// The signed-in account's one token (Loops' last a year: the renewal is PeerTube's tests').
    @MainActor
    private final class SignedIn: AccountTokenProviding {
        let account: AccountKey
        let token: String
        init(account: AccountKey, token: String) {
            self.account = account
            self.token = token
        }
        func network(of account: AccountKey) -> RemoteNetwork? { account == self.account ? .loops : nil }
        func accessToken(for account: AccountKey, renewing: Bool, then done: @escaping @MainActor (Result<String, SignInFailure>) -> Void) {
            done(account == self.account && !renewing ? .success(token) : .failure(.signInAgain))
        }
    }

    @MainActor
    private static func answer(_ client: HTTPClient, _ method: HTTPRequest.Method, _ url: URL, token: String,
                               json: [String: Any]? = nil) throws -> [String: Any] {
        let response = try XCTUnwrap(OutboxRig.wait { done in
            client.fetch(OutboxAnswer.request(method, url, token: token, json: json)) { done($0) }
        }).get()
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    func testLikesCommentsRepliesDeletesAndFollowsLandOnceOnTheAccountsLoopsServer() throws {
        let networks = try Self.networks.get()
        let origin = try XCTUnwrap(networks.loops.first)
        let host = try XCTUnwrap(RemoteHost.host(of: origin))
        let manifest = try networks.manifest(origin)
        let video = try XCTUnwrap((manifest["videos"] as? [[String: Any]])?.first { $0["comments_enabled"] as? Bool == true })
        let videoID = try XCTUnwrap(video["id"] as? String)
        let post = RemotePostRef(network: .loops, host: host, apiBase: origin, id: videoID)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loopfeed-loops-outbox-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try onMain {
            let timers = MainLoopTimers()
            let client = HTTPClient(userAgent: "Loopfeed-tests", timers: timers)
            let signIn = LoopsSignIn(.init(http: client, timers: timers, listen: { state, answer in
                try? LoopbackRedirectListener(state: state, page: { $0 ? "signed in" : "not signed in" }, then: answer)
            }, openBrowser: { page in client.fetch(HTTPRequest.get(page)) { _ in } }))
            let signedIn = try XCTUnwrap(OutboxRig.wait { signIn.signIn(origin: origin, then: $0) }).get()
            let account = AccountKey(server: origin.absoluteString, name: signedIn.username)
            let accounts = SignedIn(account: account, token: signedIn.tokens.access)
            let library = try LibraryDatabase.open(at: folder.appendingPathComponent("feed.sqlite"))
            let store = OutboxStore(connection: library.connection)
            let api = { (path: String) in origin.appendingPathComponent(path) }
            let likesBefore = try XCTUnwrap((Self.answer(client, .get, api("api/v1/video/\(videoID)"), token: accounts.token)["data"]
                                             as? [String: Any])?["likes"] as? Int)

            // As kill -9 left it: a comment recorded as sending, and on the server already.
            let crashed = "on Loops before the crash \(UUID().uuidString.prefix(8))"
            var entry = try XCTUnwrap(store.addToOutbox(.comment(post: post, localID: "C1", text: crashed, replyTo: nil),
                                                        account: account, postID: nil).first)
            entry = OutboxRules.sending(entry)
            entry.lastAttemptMs = Int64(Date().timeIntervalSince1970 * 1000)
            try store.saveOutboxEntry(entry)
            let posted = try Self.answer(client, .post, api("api/v1/video/comments/\(videoID)"), token: accounts.token,
                                         json: ["comment": crashed])
            let postedID = try XCTUnwrap(OutboxAnswer.id(((posted["data"] as? [[String: Any]])?.first)?["id"]))

            let sender = OutboxSender(.init(http: client, store: store, accounts: accounts, timers: timers))
            try sender.start()
            let other = try XCTUnwrap((manifest["profiles"] as? [[String: Any]])?.first { $0["username"] as? String != signedIn.username })
            let otherName = try XCTUnwrap(other["username"] as? String)
            let text = "a comment from Loopfeed \(UUID().uuidString.prefix(8))"
            for action: OutboxAction in [.rate(post: post, liked: true), .rate(post: post, liked: true),
                                         .comment(post: post, localID: "C2", text: text, replyTo: nil),
                                         .comment(post: post, localID: "C3", text: "a reply to it", replyTo: postedID),
                                         .deleteComment(post: post, comment: .local("C3")),
                                         .follow(channel: "\(otherName)@\(host)", following: true)] {
                try sender.add(action, account: account, postID: nil)
                // One at a time: a like added while the first is sending goes after it, as a second.
                XCTAssertTrue(MainLoop.run(until: { sender.entries.allSatisfy { !$0.state.isPending } }, timeoutSeconds: 20),
                              "\(sender.entries)")
            }
            XCTAssertEqual(sender.entries.map(\.state.eventName), Array(repeating: "sent", count: 7), "\(sender.entries)")
            XCTAssertEqual(sender.entries.first?.state, .sent(remoteID: postedID), "found, not posted again")

            let video = try XCTUnwrap(Self.answer(client, .get, api("api/v1/video/\(videoID)"), token: accounts.token)["data"]
                                      as? [String: Any])
            XCTAssertEqual(video["likes"] as? Int, likesBefore + 1, "liked twice: once")
            let comments = try XCTUnwrap(Self.answer(client, .get, api("api/v1/video/comments/\(videoID)"), token: accounts.token)["data"]
                                         as? [[String: Any]])
            XCTAssertEqual(comments.filter { $0["caption"] as? String == crashed }.count, 1, "never twice")
            XCTAssertEqual(comments.filter { $0["caption"] as? String == text }.count, 1)
            let replies = try XCTUnwrap(Self.answer(client, .get, api("api/v1/video/comments/\(videoID)/replies").appending(queryItems: [
                URLQueryItem(name: "cr", value: postedID)]), token: accounts.token)["data"] as? [[String: Any]])
            XCTAssertEqual(replies.count, 0, "the reply was made, then deleted by its local id")
            XCTAssertEqual(try networks.requests(origin).filter { $0["path"] as? String == "/api/v1/video/comments/\(videoID)" && $0["method"] as? String == "POST" }
                .map { $0["status"] as? Int }, [200, 200, 200], "the test's own, the new comment and the reply")
            let otherID = try XCTUnwrap(other["id"] as? String)
            let state = try XCTUnwrap(Self.answer(client, .get, api("api/v1/account/state/\(otherID)"), token: accounts.token)["data"]
                                      as? [String: Any])
            XCTAssertEqual(state["following"] as? Bool, true)
            sender.stop()
        }
    }
}
