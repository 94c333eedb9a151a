import FeedCore
@testable import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// Preferences' Networks section over an in-memory store, a scripted checker and explorer: an
/// address asked what it is before it is kept, each answer in words, the search index and the
/// sensitive switch, servers named for one run, and the explorer told each time.
final class NetworksEditorTests: XCTestCase {
    private static let peertube = RemoteServerInfo(network: .peertube, name: "Fake PeerTube 1", version: "7.0.1")
    private static let loops = RemoteServerInfo(network: .loops, name: "Fake Loops 1", version: "1.0.0")

    @MainActor
    private final class Rig {
        let store = InMemoryPreferencesStore()
        let checker = FakeServerChecker()
        let explorer = FakeNetworkExplorer()
        let editor: NetworksEditor
        var changes = 0

        init(run: ReadNetworks = ReadNetworks()) {
            editor = NetworksEditor(store: store, checker: checker, explorer: explorer, run: run)
            editor.onChange = { [unowned self] in changes += 1 }
        }

        var hosts: [String] { explorer.servers.map { "\($0.kind.rawValue) \($0.host)" } }
    }

    func testAnInstanceAndALoopsServerAreAskedWhatTheyAreThenKept() {
        onMain {
            let rig = Rig()
            XCTAssertEqual(rig.hosts, ["peertubeSearchIndex sepiasearch.org"], "the public index, on by default")
            rig.editor.add("http://127.0.0.2:8080/videos/trending")
            XCTAssertEqual(rig.checker.checks.last?.question.absoluteString, "http://127.0.0.2:8080", "the scheme kept, the path dropped")
            XCTAssertEqual(rig.editor.status, .checking("Asking 127.0.0.2:8080 what it is…"))
            XCTAssertEqual(rig.store.load().peertubeInstances, [], "nothing kept before it answers")
            rig.checker.checks.last?.answer(.success(Self.peertube))
            XCTAssertEqual(rig.store.load().peertubeInstances, ["http://127.0.0.2:8080"])
            XCTAssertEqual(rig.editor.status, .added("Added Fake PeerTube 1 (PeerTube 7.0.1): Discover shows its videos."))
            rig.editor.add("loops.example")
            rig.checker.checks.last?.answer(.success(Self.loops))
            XCTAssertEqual(rig.store.load().loopsServers, ["https://loops.example"])
            XCTAssertEqual(rig.hosts, ["peertube 127.0.0.2:8080", "peertubeSearchIndex sepiasearch.org", "loops loops.example"])
            XCTAssertTrue(rig.editor.hasOwnServers)
            XCTAssertGreaterThan(rig.changes, 3)
        }
    }

    func testWhatIsNotANetworkOrCannotBeReachedIsSaidAndNotKept() {
        onMain {
            let rig = Rig()
            rig.editor.add("example.org")
            rig.checker.checks.last?.answer(.success(nil))
            XCTAssertEqual(rig.editor.status, .problem("example.org answered, but it is neither a PeerTube instance nor a Loops server."))
            rig.editor.add("http://127.0.0.9:1")
            let failure = NetworkFailure.unreachable(server: "127.0.0.9:1", .cannotConnect("connection refused"))
            rig.checker.checks.last?.answer(.failure(failure))
            XCTAssertEqual(rig.editor.status, .problem(failure.description))
            rig.editor.add("file:///etc/passwd")
            XCTAssertEqual(rig.editor.status, .problem("“file:///etc/passwd” is not a web address (like tube.example or https://loops.example)."))
            XCTAssertEqual(rig.checker.checks.count, 2, "not an address: nothing asked")
            XCTAssertEqual(rig.store.load().peertubeInstances + rig.store.load().loopsServers, [])
        }
    }

    func testTheSameServerTwiceIsSaidAndARemovedOneIsNoLongerRead() {
        onMain {
            let rig = Rig()
            rig.editor.add("https://tube.example")
            rig.checker.checks.last?.answer(.success(Self.peertube))
            rig.editor.add("tube.example/")
            XCTAssertEqual(rig.editor.status, .problem("tube.example is already in your networks."))
            XCTAssertEqual(rig.checker.checks.count, 1)
            rig.editor.remove(rig.editor.entries[0])
            XCTAssertEqual(rig.store.load().peertubeInstances, [])
            XCTAssertFalse(rig.hosts.contains("peertube tube.example"))
        }
    }

    func testTheSearchIndexCanBeChangedAndSwitchedOff() {
        onMain {
            let rig = Rig()
            XCTAssertEqual(rig.editor.searchIndexHost, "sepiasearch.org")
            XCTAssertTrue(rig.editor.setSearchIndex("http://127.0.0.6:8080"))
            XCTAssertEqual(rig.store.load().searchIndex, "http://127.0.0.6:8080")
            XCTAssertEqual(rig.hosts, ["peertubeSearchIndex 127.0.0.6:8080"])
            XCTAssertFalse(rig.editor.setSearchIndex("javascript:alert(1)"))
            XCTAssertEqual(rig.store.load().searchIndex, "http://127.0.0.6:8080", "kept as it was")
            rig.editor.setSearchIndexEnabled(false)
            XCTAssertEqual(rig.hosts, [])
            XCTAssertNil(rig.editor.searchIndexHost, "nothing says searches go to an index")
            XCTAssertFalse(rig.store.load().searchIndexEnabled)
        }
    }

    func testSensitiveVideosAreHiddenUntilTheUserSaysOtherwise() {
        onMain {
            let rig = Rig()
            XCTAssertFalse(rig.editor.showsSensitive)
            var told = 0
            rig.editor.onServersChanged = { told += 1 }
            rig.editor.setShowsSensitive(true)
            XCTAssertTrue(rig.store.load().showsSensitiveVideos)
            XCTAssertEqual(told, 1, "Discover asks again")
        }
    }

    func testServersNamedForOneRunAreReadButNotKept() {
        onMain {
            let rig = Rig(run: ReadNetworks(runIndex: .address(URL(string: "http://127.0.0.6:8080")!)))
            XCTAssertEqual(rig.hosts, ["peertubeSearchIndex 127.0.0.6:8080"])
            var problems: [String] = []
            rig.editor.addForThisRun([URL(string: "http://127.0.0.2:8080")!, URL(string: "http://127.0.0.4:8080")!,
                                      URL(string: "http://127.0.0.7:8080")!]) { problems.append($0) }
            rig.checker.checks[0].answer(.success(Self.peertube))
            rig.checker.checks[1].answer(.success(Self.loops))
            rig.checker.checks[2].answer(.success(nil))
            XCTAssertEqual(rig.hosts, ["peertube 127.0.0.2:8080", "peertubeSearchIndex 127.0.0.6:8080", "loops 127.0.0.4:8080"])
            XCTAssertEqual(rig.editor.entries.map(\.forThisRun), [true, true])
            XCTAssertEqual(problems, ["127.0.0.7:8080 answered, but it is neither a PeerTube instance nor a Loops server."])
            XCTAssertEqual(rig.store.load().peertubeInstances, [], "for this run only")
            XCTAssertEqual(rig.store.load().searchIndex, Preferences.defaultSearchIndex)
        }
    }

    func testAChangeTheDiskRefusedIsSaidAndHoldsForTheRun() {
        onMain {
            let rig = Rig()
            rig.store.failure = .diskFull(path: "/data/settings.ini")
            var refused: [PreferencesNotSaved] = []
            rig.editor.onNotSaved = { refused.append($0) }
            rig.editor.setShowsSensitive(true)
            XCTAssertEqual(refused, [.diskFull(path: "/data/settings.ini")])
            XCTAssertTrue(rig.editor.showsSensitive)
        }
    }
}
