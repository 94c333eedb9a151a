import Foundation
import GLibKit
import SoupKit
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
    private static func fetch(_ client: HTTPClient, _ request: HTTPRequest, maxBytes: Int = 1 << 20,
                              cancel: HTTPCancellation? = nil) -> Result<HTTPResponse, HTTPFailure>? {
        var result: Result<HTTPResponse, HTTPFailure>?
        client.fetch(request, maxBytes: maxBytes, cancellation: cancel) { result = $0 }
        _ = MainLoop.run(until: { result != nil }, timeoutSeconds: 10)
        return result
    }

    func testAServerThatWantsAnAcceptHeaderGetsOne() throws {
        let feed = try Self.url("/feed")
        try onMain {
            let client = HTTPClient(userAgent: "Loopfeed-tests")
            let refused = Self.fetch(client, HTTPRequest(url: feed))
            XCTAssertEqual(refused.flatMap { try? $0.get() }?.status, nil)
            guard case .failure(.status(406))? = refused else { return XCTFail("\(String(describing: refused))") }
            let response = try XCTUnwrap(Self.fetch(client, HTTPRequest(url: feed, accept: "application/rss+xml, */*;q=0.1"))).get()
            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(response.contentType, "application/rss+xml")
            XCTAssertTrue(String(decoding: response.body, as: UTF8.self).hasPrefix("<rss"))
        }
    }

    func testAConditionalGetOfAnUnchangedDocumentIsANotModified() throws {
        let etag = try Self.url("/etag")
        try onMain {
            let client = HTTPClient(userAgent: "Loopfeed-tests")
            let first = try XCTUnwrap(Self.fetch(client, HTTPRequest(url: etag))).get()
            XCTAssertEqual([first.etag, first.lastModified], ["\"v1\"", "Tue, 01 Dec 2026 10:00:00 GMT"])
            let again = try XCTUnwrap(Self.fetch(client, HTTPRequest(url: etag, etag: first.etag))).get()
            XCTAssertTrue(again.notModified)
            XCTAssertEqual(again.body, [])
        }
    }

    func testRedirectsAreFollowedFiveTimesAndOnlyToTheWeb() throws {
        let (five, six, toFile) = (try Self.url("/redirect/5"), try Self.url("/redirect/6"), try Self.url("/to-file"))
        try onMain {
            let client = HTTPClient(userAgent: "Loopfeed-tests")
            let followed = try XCTUnwrap(Self.fetch(client, HTTPRequest(url: five))).get()
            XCTAssertEqual(String(decoding: followed.body, as: UTF8.self), "done")
            XCTAssertEqual(followed.url.path, "/redirect/0")
            XCTAssertEqual(Self.fetch(client, HTTPRequest(url: six)).map { $0.map(\.status) }, .failure(.tooManyRedirects))
            XCTAssertEqual(Self.fetch(client, HTTPRequest(url: toFile)).map { $0.map(\.status) }, .failure(.notWeb("file:///etc/passwd")))
        }
    }

    func testTooLargeStalledDroppedAndMissingAreToldApart() throws {
        let (big, stall, die, missing) = (try Self.url("/big"), try Self.url("/stall"), try Self.url("/die"), try Self.url("/nope"))
        onMain {
            let client = HTTPClient(userAgent: "Loopfeed-tests", connectSeconds: 5, stallSeconds: 1)
            XCTAssertEqual(Self.fetch(client, HTTPRequest(url: big), maxBytes: 10 << 20).map { $0.map(\.status) },
                           .failure(.tooLarge(limit: 10 << 20)), "refused on its Content-Length, before reading")
            let started = Date()
            XCTAssertEqual(Self.fetch(client, HTTPRequest(url: stall)).map { $0.map(\.status) }, .failure(.stalled))
            XCTAssertLessThan(Date().timeIntervalSince(started), 5, "a stall ends after the stall time, not the server's 30 s")
            guard case .failure? = Self.fetch(client, HTTPRequest(url: die)) else { return XCTFail("a dropped download succeeded") }
            XCTAssertEqual(Self.fetch(client, HTTPRequest(url: missing)).map { $0.map(\.status) }, .failure(.status(404)))
            let closed = URL(string: "http://127.0.0.1:9/nothing-listens-here")!
            guard case .failure(.cannotConnect)? = Self.fetch(client, HTTPRequest(url: closed)) else {
                return XCTFail("a refused connection was not cannotConnect")
            }
        }
    }

    func testADownloadResumesWithARangeAndCanBeCancelled() throws {
        let range = try Self.url("/range")
        try onMain {
            let client = HTTPClient(userAgent: "Loopfeed-tests")
            let rest = try XCTUnwrap(Self.fetch(client, HTTPRequest(url: range, rangeStart: 60))).get()
            XCTAssertEqual(rest.status, 206)
            XCTAssertEqual(rest.body, [60, 61, 62, 63])
            let cancel = HTTPCancellation()
            var result: Result<HTTPResponse, HTTPFailure>?
            client.fetch(HTTPRequest(url: try Self.url("/stall")), maxBytes: 1 << 20, cancellation: cancel) { result = $0 }
            cancel.cancel()
            XCTAssertTrue(MainLoop.run(until: { result != nil }, timeoutSeconds: 5))
            XCTAssertEqual(result?.map(\.status), .failure(.cancelled))
        }
    }
}
