import FeedCore
import Foundation
import GLibKit
import MainLoopServices
@testable import SoupKit
import TestSupport
import XCTest

/// The HTTP client against a real server on 127.0.0.1 (http_test_server.py), its callbacks
/// delivered by the GLib main loop.
final class HTTPClientTests: XCTestCase {
    /// The server, started once for the suite.
    private static let server = Result { try LoopbackServer(script: "http_test_server.py", besides: #filePath) }

    override class func tearDown() {
        if case .success(let server) = server { server.stop() }
    }

    private static func url(_ path: String) throws -> URL { try server.get().url(path) }

    @MainActor
    private static func client(_ limits: HTTPLimits = HTTPLimits()) -> HTTPClient {
        HTTPClient(userAgent: "Loopfeed-tests", timers: MainLoopTimers(), limits: limits)
    }

    /// The answer as feeds are fetched: any status but 2xx and 304 a failure.
    @MainActor
    private static func fetch(_ client: HTTPClient, _ request: HTTPRequest) -> Result<HTTPResponse, HTTPFailure>? {
        var result: Result<HTTPResponse, HTTPFailure>?
        client.fetch(request) { result = $0.flatMap(\.checked) }
        _ = MainLoop.run(until: { result != nil }, timeoutSeconds: 10)
        return result
    }

    func testAServerThatWantsAnAcceptHeaderGetsOne() throws {
        let feed = try Self.url("/feed")
        try onMain {
            let client = Self.client()
            let refused = Self.fetch(client, HTTPRequest.get(feed))
            XCTAssertEqual(refused.flatMap { try? $0.get() }?.status, nil)
            guard case .failure(.status(406))? = refused else { return XCTFail("\(String(describing: refused))") }
            let response = try XCTUnwrap(Self.fetch(client, HTTPRequest.get(feed, accept: "application/rss+xml, */*;q=0.1"))).get()
            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(response.contentType, "application/rss+xml")
            XCTAssertTrue(String(decoding: response.body, as: UTF8.self).hasPrefix("<rss"))
        }
    }

    func testAConditionalGetOfAnUnchangedDocumentIsANotModified() throws {
        let etag = try Self.url("/etag")
        try onMain {
            let client = Self.client()
            let first = try XCTUnwrap(Self.fetch(client, HTTPRequest.get(etag))).get()
            XCTAssertEqual([first.etag, first.lastModified], ["\"v1\"", "Tue, 01 Dec 2026 10:00:00 GMT"])
            let again = try XCTUnwrap(Self.fetch(client, HTTPRequest.get(etag, etag: first.etag))).get()
            XCTAssertTrue(again.notModified)
            XCTAssertEqual(again.body, [])
        }
    }

    func testRedirectsAreFollowedFiveTimesAndOnlyToTheWeb() throws {
        let (five, six, toFile) = (try Self.url("/redirect/5"), try Self.url("/redirect/6"), try Self.url("/to-file"))
        try onMain {
            let client = Self.client()
            let followed = try XCTUnwrap(Self.fetch(client, HTTPRequest.get(five))).get()
            XCTAssertEqual(String(decoding: followed.body, as: UTF8.self), "done")
            XCTAssertEqual(followed.url.path, "/redirect/0")
            XCTAssertEqual(Self.fetch(client, HTTPRequest.get(six)).map { $0.map(\.status) }, .failure(.tooManyRedirects))
            XCTAssertEqual(Self.fetch(client, HTTPRequest.get(toFile)).map { $0.map(\.status) }, .failure(.notWeb("file:///etc/passwd")))
        }
    }

    func testCredentialsStayWithTheirOriginThroughRedirects() throws {
        let server = try Self.server.get()
        let port = try XCTUnwrap(server.url("/").port)
        let here = try Self.url("/away?to=%2Fcredentials")
        let elsewhere = try Self.url("/away?to=" + "http://localhost:\(port)/credentials".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        try onMain {
            let client = Self.client()
            @MainActor func sent(_ url: URL) throws -> String {
                var request = HTTPRequest.get(url)
                request.headers.add("Authorization", "Bearer secret")
                request.headers.add("Cookie", "session=secret")
                return String(decoding: try XCTUnwrap(Self.fetch(client, request)).get().body, as: UTF8.self)
            }
            XCTAssertEqual(try sent(here), "Bearer secret\nsession=secret", "the same origin keeps them")
            XCTAssertEqual(try sent(elsewhere), "-\n-", "another host (localhost, not 127.0.0.1) gets none")
        }
    }

    func testTooLargeStalledDroppedAndMissingAreToldApart() throws {
        let (big, stall, die, missing) = (try Self.url("/big"), try Self.url("/stall"), try Self.url("/die"), try Self.url("/nope"))
        onMain {
            let client = Self.client(HTTPLimits(answerMilliseconds: 5_000, stallMilliseconds: 1_000))
            XCTAssertEqual(Self.fetch(client, HTTPRequest.get(big, maximumBodyBytes: 10 << 20)).map { $0.map(\.status) },
                           .failure(.tooLarge(limit: 10 << 20)), "refused on its Content-Length, before reading")
            let started = Date()
            XCTAssertEqual(Self.fetch(client, HTTPRequest.get(stall)).map { $0.map(\.status) }, .failure(.stalled))
            XCTAssertLessThan(Date().timeIntervalSince(started), 5, "a stall ends after the stall time, not the server's 30 s")
            guard case .failure? = Self.fetch(client, HTTPRequest.get(die)) else { return XCTFail("a dropped download succeeded") }
            XCTAssertEqual(Self.fetch(client, HTTPRequest.get(missing)).map { $0.map(\.status) }, .failure(.status(404)))
            let closed = URL(string: "http://127.0.0.1:9/nothing-listens-here")!
            guard case .failure(.cannotConnect)? = Self.fetch(client, HTTPRequest.get(closed)) else {
                return XCTFail("a refused connection was not cannotConnect")
            }
        }
    }

    func testADownloadResumesWithARangeAndCanBeCancelled() throws {
        let range = try Self.url("/range")
        try onMain {
            let client = Self.client()
            let rest = try XCTUnwrap(Self.fetch(client, HTTPRequest.get(range, rangeStart: 60))).get()
            XCTAssertEqual(rest.status, 206)
            XCTAssertEqual(rest.body, [60, 61, 62, 63])
            var result: Result<HTTPResponse, HTTPFailure>?
            let exchange = client.fetch(HTTPRequest.get(try Self.url("/stall"))) { result = $0 }
            exchange.cancel()
            XCTAssertTrue(MainLoop.run(until: { result != nil }, timeoutSeconds: 5))
            XCTAssertEqual(result?.map(\.status), .failure(.cancelled))
        }
    }
}

/// The client's rules against the loopback server, through libsoup: a host's limit, Retry-After,
/// and requests other than GET.
final class HTTPClientLimitsTests: XCTestCase {
    private static let server = Result { try LoopbackServer(script: "http_test_server.py", besides: #filePath) }

    override class func tearDown() {
        if case .success(let server) = server { server.stop() }
    }

    private static func url(_ path: String) throws -> URL { try server.get().url(path) }

    @MainActor
    private static func text(_ client: HTTPClient, _ request: HTTPRequest) -> String? {
        var result: Result<HTTPResponse, HTTPFailure>?
        client.fetch(request) { result = $0.flatMap(\.checked) }
        _ = MainLoop.run(until: { result != nil }, timeoutSeconds: 10)
        return (try? result?.get()).map { String(decoding: $0.body, as: UTF8.self) }
    }

    func testAHostGetsAFewRequestsAtOnceAndOneIsKeptForTheVideoOnScreen() throws {
        let slow = try (0..<8).map { try Self.url("/slow/\($0)") }
        let onScreen = try Self.url("/slow/on-screen")
        let most = try Self.url("/most-at-once")
        try onMain {
            let client = HTTPClient(userAgent: "Loopfeed-tests", timers: MainLoopTimers(), limits: HTTPLimits(perHost: 3))
            XCTAssertEqual(client.sessionConnections.perHost, 3, "libsoup never queues what the client counts as under way")
            _ = Self.text(client, .get(most))
            var finished: [URL] = []
            for url in slow { client.fetch(.get(url)) { if case .success = $0 { finished.append(url) } } }
            client.fetch(.get(onScreen, priority: .interactive)) { if case .success = $0 { finished.append(onScreen) } }
            XCTAssertTrue(MainLoop.run(until: { finished.count == 9 }, timeoutSeconds: 20))
            XCTAssertEqual(Self.text(client, .get(most)), "3", "two for the eight, the third kept for the one on screen")
            let place = try XCTUnwrap(finished.firstIndex(of: onScreen))
            XCTAssertLessThanOrEqual(place, 2, "the video on screen did not wait behind the others: \(finished)")
        }
    }

    func testRequestsSentInOneTurnGoOnTheWireTheVideoOnScreenFirst() throws {
        let run = UUID().uuidString
        let stills = try (0..<3).map { try Self.url("/order/\(run)/still-\($0)") }
        let onScreen = try Self.url("/order/\(run)/on-screen")
        let log = try Self.url("/log")
        onMain {
            let client = HTTPClient(userAgent: "Loopfeed-tests", timers: MainLoopTimers(), limits: HTTPLimits(perHost: 6))
            var answered = 0
            // Within the host's limit: none waits in the client, so the order is libsoup's.
            for url in stills { client.fetch(.get(url, priority: .background)) { _ in answered += 1 } }
            client.fetch(.get(onScreen, priority: .interactive)) { _ in answered += 1 }
            XCTAssertTrue(MainLoop.run(until: { answered == 4 }, timeoutSeconds: 10))
            let asked = (Self.text(client, .get(log)) ?? "").split(separator: "\n").filter { $0.contains(run) }
            XCTAssertEqual(asked.count, 4)
            XCTAssertEqual(asked.first.map(String.init), onScreen.path, "sent last in the turn, asked first: \(asked)")
        }
    }

    func testA429PausesTheHostAndItsRequestIsSentAgainAfterRetryAfter() throws {
        let busy = try Self.url("/busy/\(UUID().uuidString)")
        let after = try Self.url("/range")
        let log = try Self.url("/log")
        try onMain {
            let client = HTTPClient(userAgent: "Loopfeed-tests", timers: MainLoopTimers())
            // Another client, not paused, reads the server's log.
            let observer = HTTPClient(userAgent: "Loopfeed-tests", timers: MainLoopTimers())
            let started = Date()
            var busyAnswer: String?
            var afterAt: Date?
            client.fetch(.get(busy)) { busyAnswer = (try? $0.get()).map { String(decoding: $0.body, as: UTF8.self) } }
            XCTAssertTrue(MainLoop.run(until: { Self.text(observer, .get(log))?.contains(busy.path) == true }, timeoutSeconds: 10))
            _ = MainLoop.run(until: { false }, timeoutSeconds: 0.1)
            client.fetch(.get(after)) { _ in afterAt = Date() }
            XCTAssertTrue(MainLoop.run(until: { busyAnswer != nil && afterAt != nil }, timeoutSeconds: 10))
            XCTAssertEqual(busyAnswer, "ok", "the caller never saw the 429")
            XCTAssertGreaterThanOrEqual(try XCTUnwrap(afterAt).timeIntervalSince(started), 0.95, "sent during the pause")
            let seen = try XCTUnwrap(Self.text(observer, .get(log))).split(separator: "\n").map(String.init)
            let mine = seen.filter { $0 == busy.path || $0 == after.path }.suffix(3)
            XCTAssertEqual(Array(mine), [busy.path, busy.path, after.path], "the host heard nothing more until the pause ended")
        }
    }

    func testAPostCarriesItsBodyAndHeadersAndAnUploadsResumeAnswerReachesItsCaller() throws {
        let echo = try Self.url("/echo")
        let upload = try Self.url("/upload")
        onMain {
            let client = HTTPClient(userAgent: "Loopfeed-tests", timers: MainLoopTimers())
            let post = HTTPRequest(.post, url: echo, headers: ["Authorization": "Bearer abc", "Content-Type": "application/json"],
                                   body: Array("{\"text\":\"hi\"}".utf8))
            XCTAssertEqual(Self.text(client, post), "POST\nBearer abc\napplication/json\n{\"text\":\"hi\"}")
            var answer: HTTPResponse?
            client.fetch(HTTPRequest(.put, url: upload, body: Array(repeating: 7, count: 100))) { answer = try? $0.get() }
            XCTAssertTrue(MainLoop.run(until: { answer != nil }, timeoutSeconds: 10))
            XCTAssertEqual(answer?.status, 308, "not taken for a redirect")
            XCTAssertEqual(answer?.head.headers["range"], "bytes=0-99")
        }
    }

    /// libsoup sends a request again by itself when the kept-alive connection it went on closes
    /// with no answer; the second send once went without its body (an empty PUT).
    func testARequestSentAgainOnANewConnectionCarriesItsBodyAgain() throws {
        let warm = try Self.url("/range")
        let dropped = try Self.url("/drop-once/\(UUID().uuidString)")
        onMain {
            let client = HTTPClient(userAgent: "Loopfeed-tests", timers: MainLoopTimers())
            XCTAssertNotNil(Self.text(client, .get(warm)), "a connection kept alive to go on")
            let put = HTTPRequest(.put, url: dropped, headers: ["Content-Type": "application/json"],
                                  body: Array("{\"rating\":\"like\"}".utf8))
            XCTAssertEqual(Self.text(client, put), "{\"rating\":\"like\"}")
        }
    }
}
