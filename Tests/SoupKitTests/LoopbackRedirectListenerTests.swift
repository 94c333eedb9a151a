import FeedCore
import Foundation
import GLibKit
import MainLoopServices
import SoupKit
import TestSupport
import XCTest

/// The sign-in's one-time listener on 127.0.0.1, asked by the app's own HTTP client as a
/// browser would be sent there: a wrong state or path changes nothing, the right one answers
/// once and the listener closes.
final class LoopbackRedirectListenerTests: XCTestCase {
    @MainActor
    private static func get(_ client: HTTPClient, _ url: URL) -> Result<HTTPResponse, HTTPFailure>? {
        var result: Result<HTTPResponse, HTTPFailure>?
        client.fetch(HTTPRequest.get(url)) { result = $0 }
        _ = MainLoop.run(until: { result != nil }, timeoutSeconds: 10)
        return result
    }

    func testOnlyTheRightStateIsTakenOnceAndThenNothingListens() throws {
        try onMain {
            let client = HTTPClient(userAgent: "Loopfeed-tests", timers: MainLoopTimers())
            var heard: [[String: String]] = []
            let listener = try LoopbackRedirectListener(state: "s-123", page: { $0 ? "<p>Signed in</p>" : "<p>No</p>" }) { heard.append($0) }
            let base = listener.redirectURI
            XCTAssertEqual(base.host, "127.0.0.1")
            XCTAssertEqual(base.path, "/signed-in")
            XCTAssertNotEqual(base.port ?? 0, 0, "a port the system chose")
            let wrongState = URL(string: base.absoluteString + "?code=guess&state=other")!
            XCTAssertEqual(try Self.get(client, wrongState)?.get().status, 400)
            let noState = URL(string: base.absoluteString + "?code=guess")!
            XCTAssertEqual(try Self.get(client, noState)?.get().status, 400)
            let elsewhere = URL(string: "http://127.0.0.1:\(base.port!)/other?code=c&state=s-123")!
            XCTAssertEqual(try Self.get(client, elsewhere)?.get().status, 404)
            XCTAssertEqual(heard, [], "nothing taken from a page that guessed the port")
            let right = URL(string: base.absoluteString + "?code=the%20code&state=s-123")!
            let page = try XCTUnwrap(Self.get(client, right)).get()
            XCTAssertEqual(page.status, 200)
            XCTAssertEqual(String(decoding: page.body, as: UTF8.self), "<p>Signed in</p>")
            XCTAssertEqual(heard, [["code": "the code", "state": "s-123"]])
            _ = MainLoop.run(until: { false }, timeoutSeconds: 0.2)
            guard case .failure? = Self.get(client, right) else { return XCTFail("still listening after the sign-in came back") }
            XCTAssertEqual(heard.count, 1)
        }
    }

    func testARefusalInTheBrowserComesBackAsItsError() throws {
        try onMain {
            let client = HTTPClient(userAgent: "Loopfeed-tests", timers: MainLoopTimers())
            var heard: [String: String]?
            let listener = try LoopbackRedirectListener(state: "s", page: { $0 ? "yes" : "no" }) { heard = $0 }
            let denied = URL(string: listener.redirectURI.absoluteString + "?error=access_denied&state=s")!
            XCTAssertEqual(try Self.get(client, denied).map { String(decoding: try $0.get().body, as: UTF8.self) }, "no")
            XCTAssertEqual(heard?["error"], "access_denied")
            listener.close()
        }
    }
}
