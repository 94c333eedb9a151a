import FeedCore
import Foundation
import XCTest

/// Requests and answers as values: headers without regard to case, ranges, Retry-After, origins.
final class HTTPMessageTests: XCTestCase {
    func testHeadersAreFoundWhateverTheirCaseAndSettingOneReplacesIt() {
        var headers: HTTPHeaders = ["Content-Type": "text/html", "Link": "<a>"]
        headers.add("link", "<b>")
        XCTAssertEqual(headers["content-type"], "text/html")
        XCTAssertEqual(headers.values("LINK"), ["<a>", "<b>"])
        headers["LINK"] = "<c>"
        XCTAssertEqual(headers.fields.map(\.name), ["Content-Type", "LINK"], "in the first one's place")
        headers["content-TYPE"] = nil
        XCTAssertEqual(headers.fields, [HTTPHeaders.Field(name: "LINK", value: "<c>")])
    }

    func testAGetSaysWhatItAcceptsAndWhatItHas() {
        let url = URL(string: "https://Video.Example/feeds/videos.xml")!
        let request = HTTPRequest.get(url, accept: "application/rss+xml", etag: "\"v1\"", lastModified: "Tue, 01 Dec 2026 10:00:00 GMT",
                                      rangeStart: 500)
        XCTAssertEqual(request.headers["accept"], "application/rss+xml")
        XCTAssertEqual(request.headers["if-none-match"], "\"v1\"")
        XCTAssertEqual(request.headers["if-modified-since"], "Tue, 01 Dec 2026 10:00:00 GMT")
        XCTAssertEqual(request.headers["range"], "bytes=500-")
        XCTAssertNil(HTTPRequest.get(url, rangeStart: 0).headers["Range"], "from the start is no range")
        XCTAssertEqual(request.origin, "https://video.example:443")
        XCTAssertEqual(HTTPRequest.get(URL(string: "http://127.0.0.2:8080/x")!).origin, "http://127.0.0.2:8080")
        XCTAssertTrue(HTTPRequest.Method.put.isIdempotent)
        XCTAssertFalse(HTTPRequest.Method.post.isIdempotent)
    }

    func testAnAnswersRangeLengthAndRetryAfterAreRead() {
        let url = URL(string: "https://video.example/a.mp4")!
        let head = HTTPHead(status: 206, url: url, headers: ["Content-Range": "bytes 100-199/1000", "Content-Length": "100",
                                                             "Accept-Ranges": "bytes"])
        XCTAssertEqual(head.contentRange?.start, 100)
        XCTAssertEqual(head.contentRange?.total, 1_000)
        XCTAssertEqual(head.contentLength, 100)
        XCTAssertTrue(head.acceptsRanges)
        XCTAssertEqual(HTTPHead.parseContentRange("bytes 5-9/*")?.total, nil)
        XCTAssertNil(HTTPHead.parseContentRange("items 1-2/3"))
        XCTAssertNil(HTTPHead(status: 200, url: url, headers: ["Content-Length": "-4"]).contentLength)

        let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT
        func retry(_ value: String) -> Double? { HTTPHead(status: 429, url: url, headers: ["Retry-After": value]).retryAfterSeconds(now: now) }
        XCTAssertEqual(retry("120"), 120)
        XCTAssertEqual(retry("Sun, 06 Nov 1994 08:50:07 GMT"), 30)
        XCTAssertEqual(retry("Sun, 06 Nov 1994 08:00:00 GMT"), 0, "a date gone by: at once")
        XCTAssertNil(retry("soon"))
        XCTAssertNil(retry("-5"))
        XCTAssertNil(HTTPHead(status: 429, url: url).retryAfterSeconds(now: now))
    }

    func testOnlyWhatWasAskedForPassesTheCheck() {
        let url = URL(string: "https://video.example/")!
        XCTAssertEqual(HTTPResponse(head: HTTPHead(status: 304, url: url)).checked.map(\.status), .success(304))
        XCTAssertEqual(HTTPResponse(head: HTTPHead(status: 204, url: url)).checked.map(\.status), .success(204))
        XCTAssertEqual(HTTPResponse(head: HTTPHead(status: 401, url: url)).checked.map(\.status), .failure(.status(401)))
        XCTAssertEqual(HTTPFailure.status(401).description, "the server answered 401")
    }

    /// Issue 21: "Couldn’t follow …: can’t connect (Could not connect to 127.0.0.1: Connection
    /// refused)" said it twice.
    func testAFailureSaysItsReasonOnce() {
        XCTAssertEqual(HTTPFailure.cannotConnect("Could not connect to 127.0.0.1: Connection refused").description,
                       "can’t connect (connection refused)")
        XCTAssertEqual(HTTPFailure.cannotConnect("Error resolving “nohost.example”: Name or service not known").description,
                       "can’t connect (name or service not known)")
        XCTAssertEqual(HTTPFailure.cannotConnect("Connection refused").description, "can’t connect (connection refused)")
        XCTAssertEqual(HTTPFailure.tls("TLS handshake failed: CA is not trusted").description,
                       "the secure connection failed (CA is not trusted)", "an acronym keeps its case")
    }
}
