import FeedCore
import FeedSources
import Foundation
import GLibKit
import MainLoopServices
import SoupKit
import TestSupport
import XCTest

/// ExploreService through the app's real HTTP client (libsoup) against the loopback fakes
/// (Tests/servers/serve.py): two PeerTube instances federating, two Loops servers and the search
/// index on 127.0.0.2-6, documents read on a worker thread, answers on the main loop.
final class ExploreOverLoopbackTests: XCTestCase {
    private static let networks = Result { try FakeNetworks() }

    override class func tearDown() {
        (try? networks.get())?.stop()
    }

    /// Documents read on a queue, answered on GLib's main loop (the app's MainLoopWork does this).
    private struct QueueWork: BackgroundWork {
        func run<Output: Sendable>(_ work: @escaping @Sendable () -> Output, then deliver: @escaping @MainActor @Sendable (Output) -> Void) {
            DispatchQueue.global(qos: .utility).async {
                let output = work()
                MainLoop.invoke { deliver(output) }
            }
        }
    }

    @MainActor
    private static func service(_ networks: FakeNetworks) -> ExploreService {
        let timers = MainLoopTimers()
        let client = HTTPClient(userAgent: "Loopfeed-tests", timers: timers)
        let api = NetworkAPIClient(transport: client, work: QueueWork(), timers: timers)
        return ExploreService(api: api, servers: networks.servers, timers: timers)
    }

    @MainActor
    private static func wait<Answer: Sendable>(_ ask: (@escaping @MainActor (Answer) -> Void) -> Void) -> Answer? {
        let box = Locked<Answer?>(nil)
        ask { box.value = $0 }
        _ = MainLoop.run(until: { box.value != nil }, timeoutSeconds: 20)
        return box.value
    }

    func testAWordAndATagAcrossTwoInstancesTheIndexAndLoopsGiveEachVideoOnce() throws {
        let networks = try Self.networks.get()
        try onMain {
            let service = Self.service(networks)
            let words = try XCTUnwrap(Self.wait { done in service.videos(ExploreQuery(.search("cats")), after: nil, then: done) })
            XCTAssertEqual(words.failures, [])
            let keys = words.items.map(\.id)
            XCTAssertEqual(Set(keys).count, keys.count, "each video once")
            let hosts = Set(words.items.map(\.identity.host))
            XCTAssertTrue(hosts.contains(networks.peertube[0].port.map { "127.0.0.2:\($0)" } ?? ""), "\(hosts)")
            XCTAssertTrue(hosts.contains { $0.hasPrefix("127.0.0.3") }, "the other instance's videos too: \(hosts)")
            XCTAssertTrue(words.items.contains { $0.identity.network == .loops }, "Loops' tag feed for the word")
            XCTAssertTrue(words.items.allSatisfy { VerticalFilter().verdict(for: $0) != .hidden(.notPortrait) && !$0.isSensitive && !$0.isLive },
                          "vertical, short, not live, not sensitive")
            let stills = words.items.filter { $0.identity.network == .loops }.compactMap(\.thumbnailURL)
            XCTAssertEqual(Set(stills).count, stills.count, "a Loops video both servers list is one")
            XCTAssertTrue(words.items.contains { $0.aspectRatio == nil }, "a video of unknown shape was looked into and kept")

            let tagged = try XCTUnwrap(Self.wait { done in service.videos(ExploreQuery(.search("#cats")), after: nil, then: done) })
            XCTAssertEqual(tagged.failures, [])
            XCTAssertFalse(tagged.items.isEmpty)
            let loops = tagged.items.filter { $0.identity.network == .loops }
            XCTAssertTrue(loops.allSatisfy { $0.title.lowercased().contains("#cats") }, "\(loops.map(\.title))")
            XCTAssertTrue(tagged.items.contains { $0.identity.network == .peertube }, "PeerTube's videos tagged so")
            let summary = try XCTUnwrap(loops.first, "Loops' tag feed for the tag")
            XCTAssertTrue(summary.needsDetails && summary.sources.isEmpty, "Loops' tag feed items are shown as its summaries")
            let whole = try XCTUnwrap(Self.wait { done in service.details(of: summary, then: done) })
            XCTAssertEqual(try whole.get().sources.webVideos.count, 1, "and fetched for their files to play")
        }
    }

    func testAShelfPagesOnWithEachServersCursorAndFailuresAreSaidPerServer() throws {
        let networks = try Self.networks.get()
        try onMain {
            let service = Self.service(networks)
            let first = try XCTUnwrap(Self.wait { done in service.videos(ExploreQuery(.shelf(.newest)), after: nil, then: done) })
            let next = try XCTUnwrap(first.next, "more than a page of newest videos")
            let second = try XCTUnwrap(Self.wait { done in service.videos(ExploreQuery(.shelf(.newest)), after: next, then: done) })
            XCTAssertFalse(second.items.isEmpty)
            XCTAssertTrue(Set(first.items.map(\.id)).isDisjoint(with: second.items.map(\.id)), "never the same video twice")

            let down = networks.peertube[1]
            try networks.setFaults(down, [["kind": "garbage", "path": "^/api/v1/videos$"]])
            defer { try? networks.setFaults(down, []) }
            let hot = try XCTUnwrap(Self.wait { done in service.videos(ExploreQuery(.shelf(.hot)), after: nil, then: done) })
            XCTAssertEqual(hot.failures.map(\.server), [RemoteHost.host(of: down)!])
            XCTAssertFalse(hot.items.isEmpty, "the others still answer")
        }
    }

    func testGoingBackToAShelfAsksNothingAgain() throws {
        let networks = try Self.networks.get()
        try onMain {
            let service = Self.service(networks)
            let site = networks.peertube[0]
            _ = Self.wait { done in service.videos(ExploreQuery(.shelf(.trending)), after: nil, then: done) }
            let before = try networks.requests(site).filter { $0["path"] as? String == "/api/v1/videos" }.count
            _ = Self.wait { done in service.videos(ExploreQuery(.shelf(.trending)), after: nil, then: done) }
            let after = try networks.requests(site).filter { $0["path"] as? String == "/api/v1/videos" }.count
            XCTAssertGreaterThan(before, 0)
            XCTAssertEqual(after, before)
        }
    }
}
