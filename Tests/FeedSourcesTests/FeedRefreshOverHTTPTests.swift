import FeedCore
@testable import FeedSources
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// Following and refreshing feeds through `HTTPFeedFetcher` and the client's real rules over the
/// scripted server: what is asked for (Accept, conditional GETs), what the server's answers
/// become, a refresh that meets Retry-After. No main loop: the server answers when the test
/// moves its clock.
final class FeedRefreshOverHTTPTests: XCTestCase {
    private static let feedURL = URL(string: "https://video.example/feeds/videos.xml?videoChannelId=7")!

    private static func rss(_ ids: ClosedRange<Int>) -> String {
        let items = ids.map { id in
            "<item><guid>v\(id)</guid><title>Clip \(id)</title><enclosure url=\"https://video.example/\(id).mp4\" type=\"video/mp4\"/></item>"
        }.joined()
        return "<rss version=\"2.0\"><channel><title>Blender Studio</title>\(items)</channel></rss>"
    }

    @MainActor
    private final class Rig {
        let timers = ManualTimers()
        let server: FakeHTTPTransport
        let library = InMemoryFeedRepository()
        let events = RecordingEventSink()
        let service: SubscriptionService

        init() {
            server = FakeHTTPTransport(timers: timers)
            let fetcher = HTTPFeedFetcher(transport: LimitedHTTPTransport(over: server, timers: timers))
            service = SubscriptionService(library: library, fetcher: fetcher, reader: ImmediateFeedDocumentReader(), events: events,
                                          window: { PixelSize(width: 360, height: 640) })
        }

        func add(_ url: URL) -> SubscriptionOutcome? {
            var outcome: SubscriptionOutcome?
            service.add(url) { outcome = $0 }
            timers.elapse(milliseconds: 0)
            return outcome
        }
    }

    func testAFeedIsAskedForAsAFeedAndRefreshedWithAConditionalGet() throws {
        try onMain {
            let rig = Rig()
            let version = Locked((etag: "\"a\"", body: Self.rss(1...2)))
            rig.server.route(.get, Self.feedURL) { request in
                let (etag, body) = version.value
                if request.headers["If-None-Match"] == etag { return .reply(FakeHTTPReply(status: 304, headers: ["ETag": etag])) }
                return .reply(.ok(body, contentType: "application/rss+xml", headers: ["ETag": etag]))
            }
            guard case .subscribed(_, let added)? = rig.add(Self.feedURL) else { return XCTFail("not subscribed") }
            XCTAssertEqual(added.count, 2)
            let first = try XCTUnwrap(rig.server.requests.first)
            XCTAssertTrue(first.headers["Accept"]?.hasPrefix("application/rss+xml") == true, "PeerTube answers 406 without")
            XCTAssertNil(first.headers["If-None-Match"])

            var refreshed: [[Post]] = []
            rig.service.refreshAll { refreshed.append($0) }
            rig.timers.elapse(milliseconds: 0)
            XCTAssertEqual(rig.server.requests.last?.headers["If-None-Match"], "\"a\"")
            XCTAssertEqual(refreshed, [], "304: nothing new")
            version.value = ("\"b\"", Self.rss(1...4))
            rig.service.refreshAll { refreshed.append($0) }
            rig.timers.elapse(milliseconds: 0)
            XCTAssertEqual(refreshed.flatMap { $0.map(\.caption) }, ["Clip 3", "Clip 4"])
            XCTAssertEqual(try rig.library.subscriptions().first?.etag, "\"b\"")
        }
    }

    func testWhatTheServerSaysInsteadOfAFeedIsRecordedInWords() throws {
        try onMain {
            let rig = Rig()
            let answer = Locked(FakeHTTPAnswer.reply(.ok(Self.rss(1...1), contentType: "application/rss+xml")))
            rig.server.route(.get, Self.feedURL) { _ in answer.value }
            _ = rig.add(Self.feedURL)
            let cases: [(FakeHTTPAnswer, String)] = [
                (.reply(.status(500, body: "oops")), "the server answered 500"),
                (.reply(FakeHTTPReply(status: 200, headers: ["Content-Length": "20000000"], body: [])), "larger than 10 MB"),
                (.failure(.cannotConnect("Could not connect to 127.0.0.1: Connection refused")), "can’t connect (connection refused)"),
                (.reply(FakeHTTPReply(status: 200, body: Array(Self.rss(1...1).utf8), ending: .brokenAfter(10))),
                 "Connection terminated unexpectedly"),
            ]
            for (given, said) in cases {
                answer.value = given
                rig.service.refreshAll { _ in }
                rig.timers.elapse(milliseconds: 0)
                XCTAssertEqual(try rig.library.subscriptions().first?.lastError, said)
                XCTAssertEqual(rig.events.events.last, .feedRefreshed(url: Self.feedURL.absoluteString, items: 0, added: 0, error: said))
            }
            XCTAssertEqual(try rig.library.postCount(), 1, "the posts it had stay")
        }
    }

    func testARefreshMetBy429IsRefreshedAfterRetryAfterAndTheOtherHostsAreNot() throws {
        let other = URL(string: "https://other.example/feed.xml")!
        onMain {
            let rig = Rig()
            let busy = Locked(false)
            rig.server.route(.get, Self.feedURL) { _ in
                busy.value ? .reply(.retryAfter(30)) : .reply(.ok(Self.rss(1...1), contentType: "application/rss+xml"))
            }
            rig.server.route(.get, other) { _ in .reply(.ok(Self.rss(7...7), contentType: "application/rss+xml")) }
            _ = rig.add(Self.feedURL)
            _ = rig.add(other)
            busy.value = true
            func refreshes(_ url: URL) -> [AppEvent] {
                rig.events.events.filter { if case .feedRefreshed(url.absoluteString, _, _, _) = $0 { true } else { false } }
            }
            let before = refreshes(Self.feedURL).count
            rig.service.refreshAll { _ in }
            rig.timers.elapse(milliseconds: 0)
            XCTAssertEqual(rig.server.requests(to: other).count, 2, "another host is not held up")
            busy.value = false
            rig.timers.elapse(milliseconds: 29_999)
            XCTAssertEqual(rig.server.requests(to: Self.feedURL).count, 2, "video.example waits its 30 s")
            XCTAssertEqual(refreshes(Self.feedURL).count, before, "and its refresh with it")
            rig.timers.elapse(milliseconds: 1)
            XCTAssertEqual(rig.server.requests(to: Self.feedURL).count, 3)
            XCTAssertEqual(refreshes(Self.feedURL).dropFirst(before), [.feedRefreshed(url: Self.feedURL.absoluteString, items: 1, added: 0, error: nil)],
                           "refreshed, no error: the 429 was waited out")
        }
    }
}
