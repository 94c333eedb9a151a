import FeedCore
@testable import FeedSources
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// The networks' JSON over the client's real rules (LimitedHTTPTransport over the scripted
/// server): documents read on the worker and answered later, kept a minute, then asked for with
/// their ETag; one GET for two askers; every way a server fails, in words naming it.
final class NetworkAPIClientTests: XCTestCase {
    private static let server = NetworkFixtures.peertube
    private static let videoURL = URL(string: "http://127.0.0.2:8080/api/v1/videos/6513270e-269e-4d37-b2a7-4de452e6b438")!

    @MainActor
    private final class Rig {
        let timers = ManualTimers()
        let clock = ManualClock()
        let work = QueuedWork()
        let web: FakeHTTPTransport
        let api: NetworkAPIClient

        init() {
            web = FakeHTTPTransport(timers: timers)
            api = NetworkAPIClient(transport: LimitedHTTPTransport(over: web, timers: timers), work: work, timers: timers, clock: clock)
        }

        /// Asks for the video and lets the server, the worker and the main loop do their part.
        func video(_ url: URL = NetworkAPIClientTests.videoURL) -> Result<RemoteVideo, NetworkFailure>? {
            var answer: Result<RemoteVideo, NetworkFailure>?
            api.get(url, from: NetworkAPIClientTests.server, read: { data throws(RemoteDocumentError) in
                try PeerTubeDocuments.video(data, from: NetworkAPIClientTests.server)
            }) { answer = $0 }
            settle()
            return answer
        }

        func settle() {
            for _ in 0..<4 {
                timers.elapse(milliseconds: 0)
                work.runAll()
            }
        }
    }

    private static func fixture() throws -> [UInt8] { Array(try NetworkFixtures.data("peertube/video-portrait-web-hls.json")) }

    func testADocumentIsReadOnTheWorkerAndAnsweredOnALaterTurn() throws {
        let body = try Self.fixture()
        try onMain {
            let rig = Rig()
            rig.web.route(.get, Self.videoURL, answers: [.reply(.ok(body, contentType: "application/json"))])
            var answer: Result<RemoteVideo, NetworkFailure>?
            rig.api.get(Self.videoURL, from: Self.server, read: { data throws(RemoteDocumentError) in
                try PeerTubeDocuments.video(data, from: Self.server)
            }) { answer = $0 }
            XCTAssertNil(answer, "never from within the call")
            rig.timers.elapse(milliseconds: 0)
            XCTAssertNil(answer, "read on the worker, not as the bytes come")
            XCTAssertEqual(rig.work.pendingCount, 1)
            rig.work.runAll()
            XCTAssertEqual(try answer?.get().title, "Cats on the windowsill 1")
            XCTAssertEqual(rig.web.requests.first?.headers["Accept"], "application/json")
        }
    }

    func testAnAnswerIsKeptAMinuteThenAskedForWithItsETag() throws {
        let body = try Self.fixture()
        try onMain {
            let rig = Rig()
            rig.web.route(.get, Self.videoURL) { request in
                if request.headers["If-None-Match"] == "W/\"1\"" { return .reply(FakeHTTPReply(status: 304, headers: ["ETag": "W/\"1\""])) }
                return .reply(.ok(body, contentType: "application/json", headers: ["ETag": "W/\"1\""]))
            }
            XCTAssertEqual(try rig.video()?.get().title, "Cats on the windowsill 1")
            rig.clock.advance(byMicroseconds: 30_000_000)
            XCTAssertEqual(try rig.video()?.get().title, "Cats on the windowsill 1")
            XCTAssertEqual(rig.web.requests.count, 1, "back within a minute: nothing asked")
            rig.clock.advance(byMicroseconds: 31_000_000)
            XCTAssertEqual(try rig.video()?.get().title, "Cats on the windowsill 1", "the 304 gives the kept answer")
            XCTAssertEqual(rig.web.requests.count, 2)
            XCTAssertEqual(rig.web.requests.last?.headers["If-None-Match"], "W/\"1\"")
            XCTAssertEqual(rig.work.pendingCount, 0)
            rig.clock.advance(byMicroseconds: 10_000_000)
            _ = rig.video()
            XCTAssertEqual(rig.web.requests.count, 2, "the 304 made it fresh again")
        }
    }

    func testTwoAskingAtOnceShareOneRequestAndOneLeavingKeepsItForTheOther() throws {
        let body = try Self.fixture()
        onMain {
            let rig = Rig()
            rig.web.route(.get, Self.videoURL, answers: [.reply(FakeHTTPReply(status: 200, body: body, delayMilliseconds: 50))])
            var first: String?, second: String?
            let read: @Sendable (Data) throws(RemoteDocumentError) -> RemoteVideo = { data throws(RemoteDocumentError) in
                try PeerTubeDocuments.video(data, from: Self.server)
            }
            let leaving = rig.api.get(Self.videoURL, from: Self.server, read: read) { first = try? $0.get().title }
            rig.api.get(Self.videoURL, from: Self.server, read: read) { second = try? $0.get().title }
            rig.timers.elapse(milliseconds: 10)
            XCTAssertEqual(rig.web.requests.count, 1)
            leaving.cancel()
            XCTAssertTrue(rig.web.cancelled.isEmpty, "someone still waits")
            rig.timers.elapse(milliseconds: 60)
            rig.settle()
            XCTAssertNil(first, "cancelled: never told")
            XCTAssertEqual(second, "Cats on the windowsill 1")
        }
    }

    func testTheLastToLeaveStopsTheRequest() throws {
        onMain {
            let rig = Rig()
            rig.web.route(.get, Self.videoURL, answers: [.silence])
            var told = false
            let request = rig.api.get(Self.videoURL, from: Self.server, read: { data throws(RemoteDocumentError) in
                try PeerTubeDocuments.video(data, from: Self.server)
            }) { _ in told = true }
            rig.timers.elapse(milliseconds: 0)
            request.cancel()
            rig.settle()
            XCTAssertEqual(rig.web.cancelled.count, 1)
            XCTAssertFalse(told)
        }
    }

    func testEveryWayAServerFailsIsSaidNamingIt() throws {
        let problem = try NetworkFixtures.data("peertube/search-400.json")
        onMain {
            let rig = Rig()
            let host = "127.0.0.2:8080"
            let cases: [(FakeHTTPAnswer, NetworkFailure)] = [
                (.reply(.status(404)), .notFound(server: host)),
                (.reply(FakeHTTPReply(status: 400, body: Array(problem))),
                 .refused(server: host, status: 400, message: "Incorrect request parameters: search")),
                (.reply(.status(502, body: "<html>bad gateway</html>")), .refused(server: host, status: 502, message: nil)),
                (.reply(.ok("{{{ not json", contentType: "application/json")), .unreadable(server: host, .notJSON)),
                (.reply(.ok("{\"total\": 1}", contentType: "application/json")),
                 .unreadable(server: host, .unexpected("a video without a readable uuid, name, sensitivity or channel"))),
                (.failure(.cannotConnect("Connection refused")), .unreachable(server: host, .cannotConnect("Connection refused"))),
                (.reply(FakeHTTPReply(status: 200, headers: ["Content-Length": String(11 * 1_048_576)])),
                 .unreadable(server: host, .tooLarge(bytes: RemoteDocumentError.maximumBytes + 1))),
                // Last: the client leaves the host alone for a minute after it.
                (.reply(.retryAfter(120)), .busy(server: host, retryAfter: 120)),
            ]
            for (i, (answer, expected)) in cases.enumerated() {
                let url = URL(string: "http://127.0.0.2:8080/api/v1/videos/case\(i)")!
                rig.web.route(.get, url, answers: [answer])
                XCTAssertEqual(rig.video(url), .failure(expected), "case \(i)")
            }
            let busy = NetworkFailure.busy(server: host, retryAfter: 120).description
            XCTAssertTrue(busy.contains(host) && busy.contains("busy"), busy)
        }
    }

    func testAVideoHeadIsAskedForByRangeAndCutOffWhenAServerSendsItAll() throws {
        onMain {
            let rig = Rig()
            let file = URL(string: "http://127.0.0.2:8080/static/web-videos/a-240.mp4")!
            let bytes = (0..<200_000).map { UInt8($0 % 251) }
            rig.web.serveFile(file, bytes, ranges: false, chunkSize: 16_384)
            var head: [UInt8]?
            rig.api.firstBytes(of: file, count: 65_536, from: Self.server) { head = try? $0.get() }
            rig.timers.elapse(milliseconds: 0)
            XCTAssertTrue(head == Array(bytes.prefix(65_536)), "\(head?.count ?? -1) bytes")
            XCTAssertEqual(rig.web.requests.first?.headers["Range"], "bytes=0-65535")
            XCTAssertEqual(rig.web.cancelled.count, 1, "the rest is not read")
        }
    }
}
