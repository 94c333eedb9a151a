import FeedCore
@testable import FeedSources
import FeedTesting
import Foundation
import GLibKit
import TestSupport
import XCTest

/// The client behind a remote post's counts, comments and captions, over the scripted server:
/// the addresses each network is asked, what its answers become, and each way a server can fail.
final class RemotePostClientTests: XCTestCase {
    private static let uuid = "e8e25d94-0ed9-4475-9531-985d5d9dc9f8"
    private static let peertube = RemotePostRef(network: .peertube, host: "127.0.0.2:8080",
                                                apiBase: URL(string: "http://127.0.0.2:8080")!, id: uuid,
                                                shortUUID: "uKWmVhgzbZLBEP54P7KpXf")
    private static let loops = RemotePostRef(network: .loops, host: "127.0.0.4:8080",
                                             apiBase: URL(string: "http://127.0.0.4:8080")!, id: "40000000000016386")

    @MainActor
    private final class Rig {
        let timers = ManualTimers()
        let server: FakeHTTPTransport
        let client: RemotePostClient

        init(decoding: any NetworkDocumentDecoding = ImmediateNetworkDecoding()) {
            server = FakeHTTPTransport(timers: timers)
            client = RemotePostClient(transport: server, decoding: decoding)
        }

        func serve(_ address: String, fixture: String, headers: HTTPHeaders = [:]) throws {
            let body = try NetworkFixtures.data(fixture)
            server.route(.get, URL(string: address)!) { _ in
                .reply(.ok(Array(body), contentType: "application/json", headers: headers))
            }
        }

        func serve(_ address: String, _ reply: FakeHTTPReply) {
            server.route(.get, URL(string: address)!) { _ in .reply(reply) }
        }

        /// What a call answers once the server has said everything due.
        func answer<Value>(_ call: (@escaping @MainActor (Result<Value, NetworkFailure>) -> Void) -> Void)
            -> Result<Value, NetworkFailure>? {
            var answer: Result<Value, NetworkFailure>?
            call { answer = $0 }
            timers.elapse(milliseconds: 0)
            return answer
        }
    }

    func testAPeerTubePostsDetailsAreAskedOfItsOriginAsJSON() throws {
        try onMain {
            let rig = Rig()
            try rig.serve("http://127.0.0.2:8080/api/v1/videos/\(Self.uuid)", fixture: "peertube/video-portrait-web.json")
            let video = try XCTUnwrap(rig.answer { rig.client.details(of: Self.peertube, then: $0) }).get()
            XCTAssertEqual(video.identity.id, Self.uuid)
            XCTAssertEqual(video.counts.likes, 19)
            XCTAssertEqual(video.counts.views, 4161)
            XCTAssertEqual(video.counts.comments, 2)
            XCTAssertEqual(rig.server.requests.first?.headers["Accept"], "application/json")
        }
    }

    func testAskingAgainIsConditionalAndA304GivesTheSameAnswer() throws {
        try onMain {
            let rig = Rig()
            let body = try NetworkFixtures.data("peertube/video-portrait-web.json")
            rig.server.route(.get, URL(string: "http://127.0.0.2:8080/api/v1/videos/\(Self.uuid)")!) { request in
                request.headers["If-None-Match"] == "W/\"v1\""
                    ? .reply(.status(304)) : .reply(.ok(Array(body), headers: ["ETag": "W/\"v1\""]))
            }
            let first = try XCTUnwrap(rig.answer { rig.client.details(of: Self.peertube, then: $0) }).get()
            let second = try XCTUnwrap(rig.answer { rig.client.details(of: Self.peertube, then: $0) }).get()
            XCTAssertEqual(rig.server.requests.map { $0.headers["If-None-Match"] }, [nil, "W/\"v1\""])
            XCTAssertEqual(second, first, "the 304 is the answer remembered")
        }
    }

    func testPeerTubeThreadsArePagedNewestOrMostAnsweredFirst() throws {
        try onMain {
            let rig = Rig()
            let base = "http://127.0.0.2:8080/api/v1/videos/\(Self.uuid)/comment-threads"
            // The first 20 of the fixture's 24 threads, as a page of 20 is answered.
            var firstPage = try NetworkFixtures.object("peertube/threads.json")
            firstPage["data"] = Array((firstPage["data"] as! [Any]).prefix(20))
            rig.serve("\(base)?count=20&sort=-createdAt&start=0", .ok(Array(try NetworkFixtures.json(firstPage))))
            try rig.serve("\(base)?count=20&sort=-totalReplies&start=20", fixture: "peertube/threads.json")
            let newest = try XCTUnwrap(rig.answer {
                rig.client.commentThreads(of: Self.peertube, order: .newest, after: nil, then: $0)
            }).get()
            XCTAssertEqual(newest.items.first?.id, "38")
            XCTAssertEqual(newest.total, 24)
            XCTAssertEqual(newest.next, .offset(start: 20, count: 20), "24 threads: a second page from 20")
            let top = try XCTUnwrap(rig.answer {
                rig.client.commentThreads(of: Self.peertube, order: .top, after: .offset(start: 20, count: 20), then: $0)
            }).get()
            XCTAssertFalse(top.items.isEmpty, "the second page in the other order was asked where the fixture is served")
        }
    }

    func testAPeerTubeThreadsRepliesComeFromItsTreeWithRepliesToReplies() throws {
        try onMain {
            let rig = Rig()
            try rig.serve("http://127.0.0.2:8080/api/v1/videos/\(Self.uuid)/comment-threads/2", fixture: "peertube/thread-nested.json")
            let root = RemoteComment(id: "2", threadID: "2", author: nil, text: "", replyCount: 3)
            let page = try XCTUnwrap(rig.answer { rig.client.replies(to: root, of: Self.peertube, after: nil, then: $0) }).get()
            XCTAssertEqual(page.next, nil, "the tree is one page")
            XCTAssertGreaterThanOrEqual(page.items.count, 3)
            XCTAssertTrue(page.items.allSatisfy { $0.threadID == "2" && $0.parentID != nil })
            XCTAssertTrue(page.items.contains { $0.parentID != "2" }, "a reply to a reply is there too")
        }
    }

    func testLoopsCommentsAndRepliesFollowTheirCursors() throws {
        try onMain {
            let rig = Rig()
            let base = "http://127.0.0.4:8080/api/v1/video/comments/\(Self.loops.id)"
            try rig.serve(base, fixture: "loops/comments.json")
            let first = try XCTUnwrap(rig.answer {
                rig.client.commentThreads(of: Self.loops, order: .top, after: nil, then: $0)
            }).get()
            XCTAssertEqual(first.items.count, 10)
            guard case .cursor(let cursor)? = first.next else { return XCTFail("no cursor: \(String(describing: first.next))") }
            try rig.serve("\(base)?cursor=\(cursor)", fixture: "loops/comments.json")
            XCTAssertNoThrow(try XCTUnwrap(rig.answer {
                rig.client.commentThreads(of: Self.loops, order: .newest, after: first.next, then: $0)
            }).get())
            // The parent of the fixture's replies.
            let parent = RemoteComment(id: "40000500000135171", threadID: "40000500000135171", author: nil, text: "", replyCount: 4)
            try rig.serve("\(base)/replies?cr=\(parent.id)", fixture: "loops/replies.json")
            let replies = try XCTUnwrap(rig.answer { rig.client.replies(to: parent, of: Self.loops, after: nil, then: $0) }).get()
            XCTAssertEqual(replies.items.count, 3)
            XCTAssertTrue(replies.items.allSatisfy { $0.parentID == parent.id })
            XCTAssertNotNil(replies.next)
        }
    }

    func testCaptionTracksAndTheirCues() throws {
        try onMain {
            let rig = Rig()
            try rig.serve("http://127.0.0.2:8080/api/v1/videos/\(Self.uuid)/captions", fixture: "peertube/captions.json")
            let tracks = try XCTUnwrap(rig.answer { rig.client.captionTracks(of: Self.peertube, then: $0) }).get()
            XCTAssertEqual(tracks.map(\.languageID), ["en", "fr"])
            rig.serve(tracks[0].fileURL.absoluteString,
                      .ok("WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nHello from the loop\n", contentType: "text/vtt"))
            let cues = try XCTUnwrap(rig.answer { rig.client.captions(tracks[0], then: $0) }).get()
            XCTAssertEqual(cues.text(at: 0.5), "Hello from the loop")
            XCTAssertEqual(cues.text(at: 4.5, loopDuration: 4), "Hello from the loop", "the cue comes back with the loop")
            rig.serve(tracks[1].fileURL.absoluteString, .ok("<html>not captions</html>", contentType: "text/html"))
            guard case .failure(.unreadable)? = rig.answer({ rig.client.captions(tracks[1], then: $0) }) else {
                return XCTFail("a page that is not WebVTT is no captions")
            }
            let none = try XCTUnwrap(rig.answer { rig.client.captionTracks(of: Self.loops, then: $0) }).get()
            XCTAssertEqual(none, [], "Loops has no captions, and nothing is asked")
            XCTAssertFalse(rig.server.requests.contains { $0.url.host == "127.0.0.4" })
        }
    }

    func testEachFailureIsSaidInTheNetworksWords() {
        onMain {
            let rig = Rig()
            let details = "http://127.0.0.2:8080/api/v1/videos/\(Self.uuid)"
            let ask = { rig.answer { rig.client.details(of: Self.peertube, then: $0) } }
            rig.serve(details, .status(404, body: #"{"status":404,"title":"Not Found","detail":"Video not found"}"#))
            XCTAssertEqual(ask(), .failure(.notFound(server: "127.0.0.2:8080")))
            rig.serve(details, .retryAfter(30))
            XCTAssertEqual(ask(), .failure(.busy(server: "127.0.0.2:8080", retryAfter: 30)))
            rig.serve(details, .status(500, body: #"{"status":500,"detail":"Database is down"}"#))
            XCTAssertEqual(ask(), .failure(.refused(server: "127.0.0.2:8080", status: 500, message: "Database is down")))
            rig.serve(details, .ok("{not json", contentType: "application/json"))
            XCTAssertEqual(ask(), .failure(.unreadable(server: "127.0.0.2:8080", .notJSON)))
            rig.server.route(.get, URL(string: details)!) { _ in .failure(.cannotConnect("refused")) }
            XCTAssertEqual(ask(), .failure(.unreachable(server: "127.0.0.2:8080", .cannotConnect("refused"))))
            let hostile = RemotePostRef(network: .peertube, host: "127.0.0.2:8080", apiBase: URL(string: "http://127.0.0.2:8080")!,
                                        id: "../../users/me")
            let count = rig.server.requests.count
            XCTAssertEqual(rig.answer { rig.client.details(of: hostile, then: $0) }, .failure(.notFound(server: "127.0.0.2:8080")))
            XCTAssertEqual(rig.server.requests.count, count, "an id that is no id is asked of no one")
        }
    }

    func testACancelledRequestNeverAnswers() throws {
        try onMain {
            let rig = Rig()
            try rig.serve("http://127.0.0.2:8080/api/v1/videos/\(Self.uuid)", fixture: "peertube/video-portrait-web.json")
            var answers = 0
            let request = rig.client.details(of: Self.peertube) { _ in answers += 1 }
            request.cancel()
            rig.timers.elapse(milliseconds: 100)
            XCTAssertEqual(answers, 0)
            XCTAssertEqual(rig.server.cancelled.count, 1, "the exchange itself was stopped")
        }
    }

    func testAnswersAreReadOffTheMainThreadAndComeBackOnTheMainLoop() throws {
        try onMain {
            let rig = Rig(decoding: BackgroundNetworkDecoding())
            try rig.serve("http://127.0.0.2:8080/api/v1/videos/\(Self.uuid)/comment-threads?count=20&sort=-createdAt&start=0",
                          fixture: "peertube/threads.json")
            var answer: Result<RemotePage<RemoteComment>, NetworkFailure>?
            rig.client.commentThreads(of: Self.peertube, order: .newest, after: nil) { answer = $0 }
            rig.timers.elapse(milliseconds: 0)
            XCTAssertNil(answer, "read on the worker, not within the server's answer")
            XCTAssertTrue(MainLoop.run(until: { answer != nil }, timeoutSeconds: 5))
            XCTAssertEqual(try answer?.get().items.count, 24)
        }
    }
}
