import FeedCore
@testable import FeedSources
import FeedStorage
import Foundation
import GLibKit
import TestSupport
import XCTest

/// The outbox sent through the app's real HTTP client (libsoup) to the loopback PeerTube fakes
/// (Tests/servers, which answer as PeerTube's code does), from a real library: a like is a
/// state, a comment is never posted twice (after a crash, after a lost answer), a 429's
/// Retry-After and a 500's backoff are obeyed, a 401 renews the token once, a refusal keeps the
/// server's words, a video of another instance is acted on through the home instance, and a
/// restart keeps what waits.
final class OutboxOverLoopbackTests: XCTestCase {
    private static let networks = Result { try FakeNetworks(arguments: ["--peertube", "2", "--loops", "0", "--no-index",
                                                                        "--first-address", "127.0.0.23"]) }

    override class func tearDown() {
        (try? networks.get())?.stop()
    }

    private func rig(_ body: @MainActor (OutboxRig) throws -> Void) throws {
        let networks = try Self.networks.get()
        try onMain {
            let rig = try OutboxRig(networks)
            defer { rig.remove() }
            try body(rig)
        }
    }

    @MainActor
    private static func likes(_ rig: OutboxRig, _ video: RemotePostRef) throws -> Int {
        try XCTUnwrap((rig.call(.get, "/api/v1/videos/\(video.id)") as? [String: Any])?["likes"] as? Int)
    }

    @MainActor
    private static func rating(_ rig: OutboxRig, _ video: RemotePostRef) throws -> String? {
        (try rig.call(.get, "/api/v1/users/me/videos/\(video.id)/rating") as? [String: Any])?["rating"] as? String
    }

    func testALikeLandsOnTheAccountAndLikingAgainChangesNothing() throws {
        try rig { rig in
            let video = try rig.video(0)
            let before = try Self.likes(rig, video)
            try rig.sender.start()
            try rig.sender.add(.rate(post: video, liked: true), account: rig.account, postID: nil)
            XCTAssertTrue(rig.waitUntilSettled())
            XCTAssertEqual(rig.sender.entries.last?.state, .sent(remoteID: nil))
            XCTAssertEqual(try Self.rating(rig, video), "like")
            XCTAssertEqual(try Self.likes(rig, video), before + 1)
            try rig.sender.add(.rate(post: video, liked: true), account: rig.account, postID: nil)
            XCTAssertTrue(rig.waitUntilSettled())
            XCTAssertEqual(try rig.requests("PUT", containing: "\(video.id)/rate").count, 2, "sent twice")
            XCTAssertEqual(try Self.likes(rig, video), before + 1, "a like is a state: twice is once")
            XCTAssertEqual(rig.outboxEvents().map(\.state), ["queued", "sent", "queued", "sent"])
            try rig.sender.add(.rate(post: video, liked: false), account: rig.account, postID: nil)
            XCTAssertTrue(rig.waitUntilSettled())
            XCTAssertEqual(try Self.rating(rig, video), "none")
            XCTAssertEqual(try Self.likes(rig, video), before)
        }
    }

    func testWatchersFollowACommentToTheIDTheServerGaveIt() throws {
        try rig { rig in
            let video = try rig.video(1)
            var seen: [OutboxEntry] = []
            rig.sender.watch { seen.append($0) }
            try rig.sender.start()
            try rig.sender.add(.comment(post: video, localID: "w1", text: "watched on its way", replyTo: nil),
                               account: rig.account, postID: nil)
            XCTAssertTrue(rig.waitUntilSettled())
            let posted = try XCTUnwrap(rig.comments(on: video, text: "watched on its way").first)
            let id = try XCTUnwrap(OutboxAnswer.id(posted["id"]))
            XCTAssertEqual(seen.map(\.state), [.queued, .sent(remoteID: id)])
            XCTAssertEqual(seen, rig.changes.map(\.entry), "told of each change as onChange is")
        }
    }

    func testACommentThatReachedTheServerBeforeACrashIsNotPostedAgain() throws {
        try rig { rig in
            let video = try rig.video(1)
            let text = "posted just before the crash \(UUID().uuidString.prefix(8))"
            // As kill -9 leaves it: the entry recorded as sending, the comment on the server.
            var entry = try XCTUnwrap(rig.store.addToOutbox(.comment(post: video, localID: "L1", text: text, replyTo: nil),
                                                            account: rig.account, postID: nil).first)
            entry = OutboxRules.sending(entry)
            entry.lastAttemptMs = Int64(Date().timeIntervalSince1970 * 1000)
            try rig.store.saveOutboxEntry(entry)
            let posted = try XCTUnwrap(rig.call(.post, "/api/v1/videos/\(video.id)/comment-threads", json: ["text": text])
                                       as? [String: Any])
            let postedID = try XCTUnwrap(OutboxAnswer.id((posted["comment"] as? [String: Any])?["id"]))
            let lost = "never reached the server \(UUID().uuidString.prefix(8))"
            var second = try XCTUnwrap(rig.store.addToOutbox(.comment(post: video, localID: "L2", text: lost, replyTo: nil),
                                                             account: rig.account, postID: nil).first)
            second = OutboxRules.sending(second)
            second.lastAttemptMs = Int64(Date().timeIntervalSince1970 * 1000)
            try rig.store.saveOutboxEntry(second)

            let restarted = try rig.openLibrary()
            try restarted.start()
            XCTAssertTrue(rig.waitUntilSettled())
            XCTAssertEqual(restarted.entries.first { $0.id == entry.id }?.state, .sent(remoteID: postedID),
                           "found in its thread, with the server's id")
            XCTAssertEqual(try rig.comments(on: video, text: text).count, 1, "not posted twice")
            XCTAssertEqual(try rig.comments(on: video, text: lost).count, 1, "not found, so sent, once")
            XCTAssertEqual(try rig.requests("POST", containing: "\(video.id)/comment-threads").count, 2,
                           "the test's own and the lost one's: never the first again")
        }
    }

    func testACommentWhoseAnswerWasCutIsFoundInItsThreadNotPostedTwice() throws {
        try rig { rig in
            let video = try rig.video(2)
            // The server takes the comment; its answer is cut halfway.
            try rig.networks.setFaults(rig.home, [["kind": "truncate", "path": "\(video.id)/comment-threads$", "method": "POST",
                                                   "count": 1]])
            let text = "an answer lost on the way \(UUID().uuidString.prefix(8))"
            try rig.sender.start()
            try rig.sender.add(.comment(post: video, localID: "L3", text: text, replyTo: nil), account: rig.account, postID: nil)
            XCTAssertTrue(rig.waitUntilSettled())
            guard case .sent(let remoteID?) = rig.sender.entries.last?.state else { return XCTFail("\(rig.sender.entries)") }
            let comments = try rig.comments(on: video, text: text)
            XCTAssertEqual(comments.count, 1, "exactly once")
            XCTAssertEqual(OutboxAnswer.id(comments.first?["id"]), remoteID)
            XCTAssertEqual(try rig.requests("POST", containing: "\(video.id)/comment-threads").count, 1)
            XCTAssertEqual(rig.sender.entries.last?.attempts, 2)
        }
    }

    func testA429IsRetriedAfterItsRetryAfterNotSooner() throws {
        try rig { rig in
            let video = try rig.video(3)
            try rig.networks.setFaults(rig.home, [["kind": "429", "path": "\(video.id)/comment-threads$", "method": "POST",
                                                   "count": 1, "retry_after": 3]])
            try rig.sender.start()
            let text = "after the storm \(UUID().uuidString.prefix(8))"
            try rig.sender.add(.comment(post: video, localID: "L4", text: text, replyTo: nil), account: rig.account, postID: nil)
            XCTAssertTrue(rig.waitUntilSettled())
            let waiting = try XCTUnwrap(rig.changes.first { if case .retrying = $0.entry.state { true } else { false } })
            guard case .retrying(let atMs, let reason) = waiting.entry.state else { return XCTFail() }
            XCTAssertEqual(reason, "busy")
            XCTAssertGreaterThanOrEqual(atMs - waiting.atMs, 2_900, "Retry-After: 3 s (the first backoff would be 2 s)")
            let posts = try rig.requests("POST", containing: "\(video.id)/comment-threads")
            XCTAssertEqual(posts.map { $0["status"] as? Int }, [429, 200])
            let gap = try XCTUnwrap(posts.last?["time"] as? Double) - XCTUnwrap(posts.first?["time"] as? Double)
            XCTAssertGreaterThanOrEqual(gap, 2.9)
            XCTAssertEqual(try rig.comments(on: video, text: text).count, 1)
            XCTAssertEqual(rig.outboxEvents().map(\.attempt), [0, 1, 2])
        }
    }

    func testA500IsRetriedWithBackoffAndThenLands() throws {
        try rig { rig in
            let video = try rig.video(4)
            try rig.networks.setFaults(rig.home, [["kind": "500", "path": "\(video.id)/rate", "method": "PUT", "count": 1]])
            try rig.sender.start()
            try rig.sender.add(.rate(post: video, liked: true), account: rig.account, postID: nil)
            XCTAssertTrue(rig.waitUntilSettled())
            let puts = try rig.requests("PUT", containing: "\(video.id)/rate")
            XCTAssertEqual(puts.map { $0["status"] as? Int }, [500, 204])
            let gap = try XCTUnwrap(puts.last?["time"] as? Double) - XCTUnwrap(puts.first?["time"] as? Double)
            XCTAssertGreaterThanOrEqual(gap, 1.9, "the first backoff: 2 s")
            XCTAssertEqual(try Self.rating(rig, video), "like")
            XCTAssertEqual(rig.outboxEvents().map(\.state), ["queued", "queued", "sent"])
            XCTAssertEqual(rig.outboxEvents()[1].reason, "HTTP 500")
        }
    }

    func testA401RenewsTheTokenOnceAndARefusedRenewalWaitsForASignIn() throws {
        try rig { rig in
            let (first, second) = (try rig.video(5), try rig.video(6))
            try rig.networks.setAuth(rig.home, ["expire": "access"])
            try rig.sender.start()
            try rig.sender.add(.rate(post: first, liked: true), account: rig.account, postID: nil)
            XCTAssertTrue(rig.waitUntilSettled())
            XCTAssertEqual(rig.accounts.renewals, 1)
            XCTAssertEqual(rig.sender.entries.last?.state, .sent(remoteID: nil))
            XCTAssertEqual(try rig.requests("PUT", containing: "\(first.id)/rate").map { $0["status"] as? Int }, [401, 204])
            XCTAssertEqual(try Self.rating(rig, first), "like")

            try rig.networks.setAuth(rig.home, ["expire": "all"])
            try rig.sender.add(.rate(post: second, liked: true), account: rig.account, postID: nil)
            XCTAssertTrue(MainLoop.run(until: { rig.sender.entries.last?.state == .needsSignIn }, timeoutSeconds: 20))
            XCTAssertEqual(rig.accounts.renewals, 2, "renewed once for this one too, and no more")
            XCTAssertEqual(try rig.requests("PUT", containing: "\(second.id)/rate").count, 1)
            XCTAssertEqual(try rig.store.outboxEntries().last?.state, .needsSignIn, "kept in the library, not lost")
        }
    }

    func testRefusalsKeepTheServersReasonAndAreNotRetried() throws {
        try rig { rig in
            // A video of the other instance's (its owner may delete any comment), as the home
            // instance lists it once it knows it: its comments by the home instance's ids.
            let origin = rig.networks.peertube[1]
            let videos = try XCTUnwrap(rig.networks.manifest(origin)["videos"] as? [[String: Any]])
            let remote = try rig.video(try XCTUnwrap(videos.indices.first { (videos[$0]["comments"] as? Int ?? 0) > 3 }), on: origin)
            XCTAssertNotNil(try rig.call(.get, "/api/v1/search/videos?search=" + PeerTubeOutboxCalls.address(of: remote).absoluteString))
            var video = remote
            video.apiBase = rig.home
            let othersComment = try XCTUnwrap((rig.call(.get, "/api/v1/videos/\(video.id)/comment-threads?count=100") as? [String: Any])?["data"]
                                              as? [[String: Any]]).first {
                ($0["account"] as? [String: Any])?["name"] as? String != rig.account.name && $0["isDeleted"] as? Bool != true
            }
            let commentID = try XCTUnwrap(OutboxAnswer.id(othersComment?["id"]))
            try rig.sender.start()
            try rig.sender.add(.deleteComment(post: video, comment: .remote(commentID)), account: rig.account, postID: nil)
            try rig.sender.add(.comment(post: try rig.video(7), localID: "L5", text: "   ", replyTo: nil), account: rig.account, postID: nil)
            XCTAssertTrue(rig.waitUntilSettled())
            XCTAssertEqual(rig.sender.entries.suffix(2).map(\.state),
                           [.refused(reason: "Cannot remove video comment of another user"),
                            .refused(reason: "Incorrect request parameters: text")])
            XCTAssertEqual(rig.sender.entries.suffix(2).map(\.attempts), [1, 1])
            XCTAssertEqual(rig.outboxEvents().filter { $0.state == "refused" }.map(\.action), ["delete_comment", "comment"])
        }
    }

    func testAVideoOfAnotherInstanceIsActedOnThroughTheHomeInstance() throws {
        try rig { rig in
            let origin = rig.networks.peertube[1]
            let count = try XCTUnwrap(rig.networks.manifest(origin)["videos"] as? [[String: Any]]).count
            // One the home instance does not know yet: its search fetches it.
            let video = try XCTUnwrap((0..<count).lazy.compactMap { try? rig.video($0, on: origin) }.first {
                (try? rig.response(.get, "/api/v1/videos/\($0.id)").status) == 404
            })
            try rig.sender.start()
            try rig.sender.add(.rate(post: video, liked: true), account: rig.account, postID: nil)
            XCTAssertTrue(rig.waitUntilSettled())
            XCTAssertEqual(rig.sender.entries.last?.state, .sent(remoteID: nil))
            XCTAssertEqual(try rig.requests("GET", containing: "/api/v1/search/videos").filter {
                "\($0["query"] ?? "")".contains(video.id)
            }.count, 1, "its address searched on the home instance")
            XCTAssertEqual(try rig.requests("PUT", containing: "\(video.id)/rate").map { $0["status"] as? Int }, [204],
                           "rated on the home instance")
            XCTAssertEqual(try rig.requests("PUT", containing: "/rate", on: origin).count, 0, "never on the origin")
            XCTAssertEqual(try Self.rating(rig, video), "like")
        }
    }

    func testAReplyOnAVideoOfAnotherInstanceGoesUnderTheSameCommentThroughTheHomeInstance() throws {
        try rig { rig in
            let origin = rig.networks.peertube[1]
            let videos = try XCTUnwrap(rig.networks.manifest(origin)["videos"] as? [[String: Any]])
            let video = try rig.video(try XCTUnwrap(videos.indices.last { (videos[$0]["comments"] as? Int ?? 0) > 3 }), on: origin)
            // The comment answered as the comments sheet reads it: by the origin's id.
            let threads = try XCTUnwrap((rig.call(.get, "/api/v1/videos/\(video.id)/comment-threads?count=100", on: origin)
                                         as? [String: Any])?["data"] as? [[String: Any]])
            let root = try XCTUnwrap(threads.first { $0["isDeleted"] as? Bool != true })
            let rootID = try XCTUnwrap(OutboxAnswer.id(root["id"]))
            let text = "a reply from the home instance \(UUID().uuidString.prefix(8))"
            try rig.sender.start()
            try rig.sender.add(.comment(post: video, localID: "R1", text: text, replyTo: rootID), account: rig.account, postID: nil)
            try rig.sender.add(.deleteComment(post: video, comment: .remote(rootID)), account: rig.account, postID: nil)
            XCTAssertTrue(rig.waitUntilSettled())
            guard case .sent(let homeID?) = rig.sender.entries.suffix(2).first?.state else { return XCTFail("\(rig.sender.entries)") }
            let tree = try XCTUnwrap(rig.call(.get, "/api/v1/videos/\(video.id)/comment-threads/\(rootID)", on: origin) as? [String: Any])
            let replies = (tree["children"] as? [[String: Any]] ?? []).compactMap { $0["comment"] as? [String: Any] }
            XCTAssertEqual(replies.filter { ($0["text"] as? String ?? "").contains(text) }.count, 1,
                           "under the comment answered, as its origin shows it")
            XCTAssertNotEqual(homeID, "", "the home instance's id, for a later delete")
            XCTAssertEqual(rig.sender.entries.last?.state, .refused(reason: "This comment can be deleted only on \(video.host)"),
                           "an origin's id is never deleted on the home instance")
            XCTAssertEqual(try rig.requests("DELETE", containing: "/comments/").count, 0)
        }
    }

    func testARestartKeepsWhatWaitsAndSendsIt() throws {
        try rig { rig in
            let video = try rig.video(8)
            let text = "written before the restart \(UUID().uuidString.prefix(8))"
            // Written, never sent: the app stopped before its turn came.
            try rig.sender.add(.rate(post: video, liked: true), account: rig.account, postID: nil)
            try rig.sender.add(.comment(post: video, localID: "L6", text: text, replyTo: nil), account: rig.account, postID: nil)
            try rig.sender.add(.follow(channel: try XCTUnwrap((rig.networks.manifest(rig.home)["channels"] as? [String])?.last),
                                       following: true), account: rig.account, postID: nil)
            XCTAssertEqual(try rig.store.outboxEntries().map(\.state), [.queued, .queued, .queued])
            let restarted = try rig.openLibrary()
            try restarted.start()
            XCTAssertEqual(restarted.entries.count, 3)
            XCTAssertTrue(rig.waitUntilSettled())
            XCTAssertEqual(restarted.entries.map(\.state.eventName), ["sent", "sent", "sent"])
            XCTAssertEqual(try Self.rating(rig, video), "like")
            XCTAssertEqual(try rig.comments(on: video, text: text).count, 1)
            let followed = try XCTUnwrap(rig.call(.get, "/api/v1/users/me/subscriptions?count=100") as? [String: Any])
            XCTAssertEqual((followed["total"] as? Int).map { $0 > 0 }, true)
        }
    }
}
