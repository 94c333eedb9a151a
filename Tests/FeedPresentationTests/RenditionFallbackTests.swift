import FeedCore
@testable import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// A remote post whose rendition fails (a missing file, a 404, a decode error) plays the next
/// one its network serves instead of failing the page.
final class RenditionFallbackTests: XCTestCase {
    private static let host = "http://127.0.0.2:8080/static/web-videos"
    private static let sources = RemoteVideoSources(webVideos: [
        RemoteVideoFile(url: URL(string: "\(host)/u-720.mp4")!, resolution: 720),
        RemoteVideoFile(url: URL(string: "\(host)/u-240.mp4")!, resolution: 240),
    ])
    private static let missing = MediaError(kind: .notFound, message: "127.0.0.2 no longer has this video.")

    private static func post(_ id: Int64) -> Post {
        Post(id: id, author: Author(handle: "ann", name: "Ann"), caption: "", music: "", videoURI: "\(host)/u-720.mp4",
             created: Date(timeIntervalSince1970: 0))
    }

    /// Its handlers hold neither the page nor its player: a page let go frees its player (a
    /// player kept alive kept its playbin past GStreamer's end: the leaks tracer's 139 objects).
    func testAPageAndItsPlayerAreFreedWhenLetGo() {
        onMain {
            weak var freedPlayer: FakePagePlayer?
            weak var freedPage: PagePlayback?
            do {
                let player = FakePagePlayer()
                let page = PagePlayback(player: player)
                page.fallback = { _, _, _, _ in nil }
                _ = page.load(Self.post(1), index: 0, uri: "\(Self.host)/u-720.mp4")
                freedPlayer = player
                freedPage = page
            }
            XCTAssertNil(freedPage)
            XCTAssertNil(freedPlayer)
        }
    }

    func testAPageOnScreenGoesOnPlayingWithTheFallbackAndANeighbourStaysPaused() {
        onMain {
            let player = FakePagePlayer()
            let page = PagePlayback(player: player)
            page.fallback = { _, _, _, _ in "\(Self.host)/u-240.mp4" }
            _ = page.load(Self.post(1), index: 0, uri: "\(Self.host)/u-720.mp4")
            page.activate()
            player.fail(Self.missing)
            XCTAssertEqual(player.commands.suffix(2), [.load("\(Self.host)/u-240.mp4"), .play])
            XCTAssertTrue(player.wantsPlaying)

            let neighbour = FakePagePlayer()
            let next = PagePlayback(player: neighbour)
            next.fallback = { _, _, _, _ in "\(Self.host)/u-240.mp4" }
            _ = next.load(Self.post(2), index: 1, uri: "\(Self.host)/u-720.mp4")
            neighbour.fail(Self.missing)
            XCTAssertEqual(neighbour.commands.last, .load("\(Self.host)/u-240.mp4"), "prerolled, not played")
            XCTAssertFalse(neighbour.wantsPlaying)
        }
    }

    func testAPageLoadsTheFallbackInsteadOfFailingAndFailsWhenNoneIsLeft() {
        onMain {
            let player = FakePagePlayer()
            let page = PagePlayback(player: player)
            var asked: [(String, Set<String>)] = []
            page.fallback = { _, failed, _, tried in
                asked.append((failed, tried))
                return failed.hasSuffix("720.mp4") ? "\(Self.host)/u-240.mp4" : nil
            }
            var errors: [MediaError] = []
            page.onError = { errors.append($0) }
            _ = page.load(Self.post(1), index: 0, uri: "\(Self.host)/u-720.mp4")
            player.fail(Self.missing)
            XCTAssertEqual(player.commands.last, .load("\(Self.host)/u-240.mp4"), "the next rendition loads")
            XCTAssertNil(page.error)
            XCTAssertEqual(errors, [], "the page does not fail while a rendition is left")
            XCTAssertEqual(page.uri, "\(Self.host)/u-240.mp4")
            player.fail(Self.missing)
            XCTAssertEqual(asked.last?.1, ["\(Self.host)/u-720.mp4"], "what was tried is told")
            XCTAssertEqual(errors, [Self.missing], "the last one's failure is the page's")
            XCTAssertEqual(page.error, Self.missing)
        }
    }

    func testTheFeedFallsBackToTheNextRenditionItsNetworkServesAndSaysSo() throws {
        try onMain {
            let feed = try FeedSessionFixture(posts: 1)
            let subscription = try feed.repository.insertSubscription(url: "http://127.0.0.2:8080/feeds/videos.xml", title: "Ann")
            let stored = feed.repository.storeEntries([RemotePost(
                subscriptionID: subscription.id, remoteID: "w/1", authorHandle: "ann@127.0.0.2", authorName: "Ann", caption: "remote",
                videoURI: "\(Self.host)/u-720.mp4", created: Date(timeIntervalSince1970: 100), sources: Self.sources)])
            let remote = try XCTUnwrap(stored.first)
            feed.session.start()
            XCTAssertEqual(feed.session.current?.id, remote.id)
            feed.currentPlayer.fail(Self.missing)
            XCTAssertEqual(feed.currentPlayer.commands.suffix(2), [.load("\(Self.host)/u-240.mp4"), .play],
                           "the post on screen plays on with the next rendition")
            let fallbacks = feed.events.events.filter { $0.name == "rendition_fallback" }
            XCTAssertEqual(fallbacks, [.renditionFallback(postID: remote.id, failed: "\(Self.host)/u-720.mp4", kind: "not_found",
                                                          next: "\(Self.host)/u-240.mp4", resolution: 240)])
            XCTAssertFalse(feed.events.events.contains { $0.name == "error" }, "no error card while the next one loads")
            feed.currentPlayer.fail(Self.missing)
            XCTAssertTrue(feed.events.events.contains { $0.name == "error" }, "with none left, the page says why")
        }
    }
}
