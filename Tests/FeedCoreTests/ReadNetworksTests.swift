import FeedCore
import Foundation
import XCTest

/// Which servers Discover reads, from the preferences and the command line; addresses as typed.
final class ReadNetworksTests: XCTestCase {
    func testTypedAddressesBecomeServerAddressesAndOthersNothing() {
        XCTAssertEqual(NetworkAddress.base("tube.example")?.absoluteString, "https://tube.example")
        XCTAssertEqual(NetworkAddress.base(" http://127.0.0.2:8080/videos ")?.absoluteString, "http://127.0.0.2:8080")
        XCTAssertEqual(NetworkAddress.base("127.0.0.2:8080")?.absoluteString, "https://127.0.0.2:8080")
        XCTAssertEqual(NetworkAddress.base("localhost:9000/x")?.absoluteString, "https://localhost:9000")
        XCTAssertEqual(NetworkAddress.base("HTTPS://Loops.Example/@me")?.absoluteString, "https://loops.example")
        for bad in ["", "file:///etc/passwd", "javascript:alert(1)", "tube example", "https://", "ftp://x.example", "https://a_b.example"] {
            XCTAssertNil(NetworkAddress.base(bad), bad)
        }
    }

    func testInstancesTheIndexAndLoopsServersEachOnce() {
        var preferences = Preferences()
        preferences.peertubeInstances = ["https://tube.example", "https://tube.example/", "not an address"]
        preferences.loopsServers = ["loops.example"]
        let servers = ReadNetworks().servers(preferences)
        XCTAssertEqual(servers.map(\.kind), [.peertube, .peertubeSearchIndex, .loops])
        XCTAssertEqual(servers.map(\.host), ["tube.example", "sepiasearch.org", "loops.example"])
        preferences.searchIndexEnabled = false
        XCTAssertEqual(ReadNetworks().servers(preferences).map(\.kind), [.peertube, .loops])
        XCTAssertTrue(ReadNetworks().hasOwnServers(preferences))
        XCTAssertFalse(ReadNetworks().hasOwnServers(Preferences()), "the index alone")
    }

    func testTheCommandLineChoosesTheIndexAndAddsServersForTheRun() throws {
        let run = ReadNetworks(runServers: [try XCTUnwrap(RemoteServer(kind: .loops, address: URL(string: "http://127.0.0.4:8080")!))],
                               runIndex: .none)
        XCTAssertEqual(run.servers(Preferences()).map(\.host), ["127.0.0.4:8080"])
        let other = ReadNetworks(runIndex: .address(URL(string: "http://127.0.0.6:8080")!))
        var off = Preferences()
        off.searchIndexEnabled = false
        XCTAssertEqual(other.servers(off).map(\.host), ["127.0.0.6:8080"], "the run's index even when the preference is off")
    }
}
