import FeedCore
@testable import FeedSources
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// What an address is, from its /api/v1/config as the fakes serve it.
final class ServerCheckTests: XCTestCase {
    func testPeerTubeLoopsAndNeither() throws {
        let peertube = try NetworkFixtures.data("peertube/config.json")
        let loops = try NetworkFixtures.data("loops/config.json")
        try onMain {
            let rig = ExploreRig([])
            let check = ServerCheck(api: rig.api)
            rig.on("127.0.0.2:8080", "/api/v1/config") { _ in .reply(.ok(Array(peertube), contentType: "application/json")) }
            rig.on("127.0.0.4:8080", "/api/v1/config") { _ in .reply(.ok(Array(loops), contentType: "application/json")) }
            rig.on("127.0.0.7:8080", "/api/v1/config") { _ in .reply(.ok("<html><body>a blog</body></html>", contentType: "text/html")) }
            rig.on("127.0.0.9:8080", "/api/v1/config") { _ in .failure(.cannotConnect("connection refused")) }
            var answers: [String: Result<RemoteServerInfo?, NetworkFailure>] = [:]
            for host in ["127.0.0.2", "127.0.0.4", "127.0.0.7", "127.0.0.8", "127.0.0.9"] {
                check.check(URL(string: "http://\(host):8080")!) { answers[host] = $0 }
            }
            rig.settle()
            XCTAssertEqual(try answers["127.0.0.2"]?.get()?.network, .peertube)
            XCTAssertEqual(try answers["127.0.0.2"]?.get()?.version, "7.0.1")
            XCTAssertEqual(try answers["127.0.0.4"]?.get()?.network, .loops)
            XCTAssertEqual(answers["127.0.0.7"], .success(nil), "a web page is neither")
            XCTAssertEqual(answers["127.0.0.8"], .success(nil), "a 404 is neither")
            XCTAssertEqual(answers["127.0.0.9"], .failure(.unreachable(server: "127.0.0.9:8080", .cannotConnect("connection refused"))))
        }
    }
}
