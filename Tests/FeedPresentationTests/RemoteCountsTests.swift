import FeedCore
@testable import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// A remote post's counts on the rail come from its network: asked when it is shown, kept fresh
/// while it stays, never waited for, dropped when the post is gone, the last known kept when the
/// network does not answer.
final class RemoteCountsTests: XCTestCase {
    /// A feed of `count` followed posts from a PeerTube instance (the newest first), a local one
    /// after them, over a reader the test answers, on clocks the test moves.
    @MainActor
    private final class Rig {
        let repository = InMemoryFeedRepository()
        let reader = FakeRemotePostReader()
        let timers = ManualTimers()
        let clock = ManualClock(startMicroseconds: 1_000_000)
        let events = RecordingEventSink()
        let view = FakeFeedView()
        let players = (0..<3).map { _ in FakePagePlayer() }
        /// The wall clock the feed reads.
        final class WallClock { var now = Date(timeIntervalSince1970: 1_800_000_000) }
        let wall = WallClock()
        let session: FeedSession
        /// From the top of the feed.
        var postIDs: [Int64] = []

        init(remote count: Int = 3, countsRead: Date? = nil) throws {
            _ = try repository.insertAuthor(Author(handle: "you", name: "You", isSelf: true))
            _ = try repository.insertAuthor(Author(handle: "ann", name: "Ann"))
            let local = try repository.insertPost(NewPost(authorHandle: "ann", caption: "local", music: "", videoURI: "file:///l.mp4",
                                                          created: Date(timeIntervalSince1970: 1)))
            let subscription = try repository.insertSubscription(url: "http://127.0.0.2:8080/feeds/videos.xml", title: "Alice")
            var ids: [Int64] = []
            for number in 1...count {
                let stored = try XCTUnwrap(repository.storeEntry(RemotePost(
                    subscriptionID: subscription.id, remoteID: "e\(number)", authorHandle: "alice@127.0.0.2", authorName: "Alice",
                    caption: "remote \(number)", videoURI: "http://127.0.0.2:8080/v\(number).mp4", likeCount: 1,
                    created: Date(timeIntervalSince1970: Double(100 + number)), remote: Self.ref(number))))
                if let countsRead { _ = try repository.updateRemoteCounts(postID: stored.id, counts: RemoteCounts(), at: countsRead) }
                ids.append(stored.id)
            }
            postIDs = ids.reversed() + [local.id]
            let store = FeedStore(repository: repository, content: .library, pinned: [], pageSize: 10)
            var deps = FeedSession.Dependencies(events: events, clock: clock, timers: timers, playableURI: { $0 },
                                                remotePosts: reader)
            deps.now = { [wall] in wall.now }
            session = FeedSession(store: store, pages: players.map { PagePlayback(player: $0) }, launchTimeUs: 0, dependencies: deps)
            session.view = view
        }

        static func ref(_ number: Int) -> RemotePostRef {
            RemotePostRef(network: .peertube, host: "127.0.0.2:8080", apiBase: URL(string: "http://127.0.0.2:8080")!,
                          id: "short\(number)", shortUUID: "short\(number)")
        }

        /// The network's description of the video with these counts.
        static func video(_ ref: RemotePostRef, likes: Int?, comments: Int?, views: Int?) -> RemoteVideo {
            RemoteVideo(identity: RemoteVideoID(network: .peertube, host: ref.host, apiBase: ref.apiBase, id: ref.id,
                                                answeringServer: ref.apiBase),
                        title: "t", author: RemoteActor(kind: .peertubeChannel, name: "alice", displayName: "Alice", host: ref.host),
                        counts: RemoteCounts(likes: likes, comments: comments, views: views))
        }

        func launch() {
            session.start()
            players[session.currentSlot!].finishLoading(size: PixelSize(width: 720, height: 1280))
            _ = session.pages[session.currentSlot!].framePainted()
            session.firstFramePainted(slot: session.currentSlot!)
            timers.advance(milliseconds: 0)
        }

        func page(by delta: Int) {
            session.move(by: delta)
            view.paint()
            session.slideFinished(delta: view.slides.last?.delta ?? 0)
        }

        /// Moves both clocks on.
        func wait(seconds: Double) {
            wall.now = wall.now.addingTimeInterval(seconds)
            timers.advance(milliseconds: UInt32(seconds * 1_000))
        }

        /// The post as a page of the feed shows it.
        func shown(_ id: Int64) -> Post? { session.pages.compactMap(\.post).first { $0.id == id } }
        var countEvents: [AppEvent] { events.events.filter { $0.name == "remote_counts" } }
    }

    func testAShownPostsCountsComeFromItsNetworkAndStayFreshWhileItIsOnScreen() throws {
        try onMain {
            let rig = try Rig()
            rig.launch()
            XCTAssertEqual(rig.reader.detailCalls.map(\.question), [Rig.ref(3)], "the post on screen is asked about, once")
            rig.reader.detailCalls[0].answer(.success(Rig.video(Rig.ref(3), likes: 40, comments: 7, views: 1_200)))
            let shown = try XCTUnwrap(rig.shown(rig.postIDs[0]))
            XCTAssertEqual([shown.likeCount, shown.commentCount, shown.viewCount], [40, 7, 1_200], "the page shows them")
            XCTAssertEqual(try rig.repository.post(id: rig.postIDs[0])?.likeCount, 40, "and the library keeps them")
            XCTAssertEqual(rig.countEvents, [.remoteCounts(postID: rig.postIDs[0], likes: 40, comments: 7, views: 1_200)])
            XCTAssertEqual(rig.view.currentPosts.last, rig.postIDs[0], "the media controls follow")

            rig.wait(seconds: 179)
            XCTAssertEqual(rig.reader.detailCalls.count, 1, "fresh for three minutes")
            rig.wait(seconds: 1)
            XCTAssertEqual(rig.reader.detailCalls.count, 2, "then asked again while it stays on screen")
            rig.reader.detailCalls[1].answer(.success(Rig.video(Rig.ref(3), likes: 41, comments: 7, views: nil)))
            XCTAssertEqual(rig.shown(rig.postIDs[0])?.likeCount, 41)
            XCTAssertEqual(rig.shown(rig.postIDs[0])?.viewCount, 1_200, "a count not given stays the last known one")
        }
    }

    func testThePageNeverWaitsAndAnAnswerForAPostNoLongerShownIsDropped() throws {
        try onMain {
            let rig = try Rig()
            rig.launch()
            let first = rig.reader.detailCalls[0]
            rig.page(by: 1)
            XCTAssertEqual(rig.session.store.index, 1, "the page changed with the first post's counts still asked")
            XCTAssertTrue(first.request.cancelled, "the first post's request is called off")
            first.answer(.success(Rig.video(Rig.ref(3), likes: 999, comments: 9, views: 9)))
            XCTAssertEqual(try rig.repository.post(id: rig.postIDs[0])?.likeCount, 1, "its answer is dropped")
            XCTAssertEqual(rig.reader.detailCalls.last?.question, Rig.ref(2), "the new post on screen is asked about")
            XCTAssertEqual(rig.countEvents, [])
        }
    }

    func testPagingBackWithinThreeMinutesAsksNothingAgain() throws {
        try onMain {
            let rig = try Rig()
            rig.launch()
            rig.reader.detailCalls[0].answer(.success(Rig.video(Rig.ref(3), likes: 5, comments: 0, views: 5)))
            rig.page(by: 1)
            rig.reader.detailCalls[1].answer(.success(Rig.video(Rig.ref(2), likes: 6, comments: 0, views: 6)))
            rig.wait(seconds: 60)
            rig.page(by: -1)
            XCTAssertEqual(rig.reader.detailCalls.count, 2, "read a minute ago: shown as they are")
            rig.wait(seconds: 120)
            XCTAssertEqual(rig.reader.detailCalls.count, 3, "asked once they are three minutes old")
            XCTAssertEqual(rig.reader.detailCalls.last?.question, Rig.ref(3))
        }
    }

    func testCountsReadInAnEarlierRunAreShownUntilTheyAreStale() throws {
        try onMain {
            let rig = try Rig(countsRead: Date(timeIntervalSince1970: 1_800_000_000 - 100))
            rig.launch()
            XCTAssertEqual(rig.reader.detailCalls.count, 0, "read 100 s ago")
            rig.wait(seconds: 80)
            XCTAssertEqual(rig.reader.detailCalls.count, 1)
        }
    }

    func testANetworkThatDoesNotAnswerLeavesTheLastCountsAndIsAskedAgainLater() throws {
        try onMain {
            let rig = try Rig()
            rig.launch()
            rig.reader.detailCalls[0].answer(.failure(.unreachable(server: "127.0.0.2:8080", .timedOut)))
            XCTAssertEqual(rig.shown(rig.postIDs[0])?.likeCount, 1, "the last known count stays")
            XCTAssertEqual(rig.events.events.last?.name, "error")
            rig.page(by: 1)
            rig.page(by: -1)
            XCTAssertEqual(rig.reader.detailCalls.filter { $0.question == Rig.ref(3) }.count, 1,
                           "shown again at once: not asked again before the retry")
            rig.wait(seconds: 30)
            XCTAssertEqual(rig.reader.detailCalls.filter { $0.question == Rig.ref(3) }.count, 2, "asked again 30 s later")
            rig.reader.detailCalls.last!.answer(.failure(.busy(server: "127.0.0.2:8080", retryAfter: 120)))
            rig.wait(seconds: 119)
            XCTAssertEqual(rig.reader.detailCalls.filter { $0.question == Rig.ref(3) }.count, 2, "left alone as long as it asked")
            rig.wait(seconds: 1)
            XCTAssertEqual(rig.reader.detailCalls.filter { $0.question == Rig.ref(3) }.count, 3)
        }
    }

    func testAPostItsNetworkDoesNotKnowKeepsItsCountsAndIsNotAskedAgain() throws {
        try onMain {
            let rig = try Rig()
            rig.launch()
            rig.reader.detailCalls[0].answer(.failure(.notFound(server: "127.0.0.2:8080")))
            XCTAssertEqual(rig.shown(rig.postIDs[0])?.likeCount, 1, "the last known count stays")
            XCTAssertFalse(rig.events.events.contains { $0.name == "error" }, "nothing is wrong with the app")
            rig.wait(seconds: 600)
            rig.page(by: 1)
            rig.page(by: -1)
            XCTAssertEqual(rig.reader.detailCalls.filter { $0.question == Rig.ref(3) }.count, 1, "not asked again this run")
        }
    }

    func testALocalPostAsksNoOneAndClosingTheFeedCallsOffTheRequest() throws {
        try onMain {
            let rig = try Rig(remote: 1)
            rig.launch()
            rig.reader.detailCalls[0].answer(.success(Rig.video(Rig.ref(1), likes: 2, comments: 0, views: nil)))
            XCTAssertEqual(rig.countEvents, [.remoteCounts(postID: rig.postIDs[0], likes: 2, comments: 0, views: nil)])
            rig.page(by: 1)
            XCTAssertEqual(rig.reader.detailCalls.count, 1, "the local post is no network's")
            rig.wait(seconds: 600)
            XCTAssertEqual(rig.reader.detailCalls.count, 1, "nor is the remote one off screen kept fresh")
            rig.page(by: -1)
            rig.wait(seconds: 1)
            let pending = try XCTUnwrap(rig.reader.detailCalls.last)
            XCTAssertFalse(pending.request.cancelled)
            rig.session.close()
            XCTAssertTrue(pending.request.cancelled)
        }
    }
}
