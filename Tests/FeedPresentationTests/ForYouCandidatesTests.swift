import FeedCore
import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// For You's candidates from the networks: asked in the background (after a delay, then every
/// half hour), a failing server left out quietly, the same video once, the library's own left to
/// it, ranked into For You (made a post only then) and never in Following.
final class ForYouCandidatesTests: XCTestCase {
    private static let instance = RemoteServer(kind: .peertube, address: RemoteVideoSamples.server)!

    @MainActor
    private static func make(_ timers: ManualTimers, _ repository: FeedRepository, _ explorer: FakeNetworkExplorer,
                             events: EventSink? = nil, perNetwork: Int = 200) -> ForYouCandidates {
        explorer.servers = [instance]
        var rules = ForYouCandidates.Rules()
        rules.perNetwork = perNetwork
        return ForYouCandidates(explorer: explorer, repository: repository, timers: timers, events: events,
                                now: { Date(timeIntervalSince1970: 1_000) }, rules: rules)
    }

    /// Video `number` on another instance.
    private static func elsewhere(_ number: Int) -> RemoteVideo {
        var video = RemoteVideoSamples.video(number)
        video.identity.host = "tube.example"
        return video
    }

    func testTheNetworksAreAskedAfterTheDelayNotAtOnceThenEveryHalfHour() {
        onMain {
            let timers = ManualTimers()
            let explorer = FakeNetworkExplorer()
            let candidates = Self.make(timers, InMemoryFeedRepository(), explorer)
            candidates.start()
            timers.advance(milliseconds: 0)
            XCTAssertTrue(explorer.videoCalls.isEmpty, "nothing is asked at launch")
            timers.advance(milliseconds: 3_999)
            XCTAssertTrue(explorer.videoCalls.isEmpty)
            timers.advance(milliseconds: 1)
            XCTAssertEqual(explorer.videoCalls.map(\.question.query.subject),
                           [.shelf(.trending), .shelf(.hot), .shelf(.newest)])
            timers.advance(milliseconds: 29 * 60 * 1_000)
            XCTAssertEqual(explorer.videoCalls.count, 3)
            timers.advance(milliseconds: 60 * 1_000)
            XCTAssertEqual(explorer.videoCalls.count, 6)
            candidates.stop()
            timers.advance(milliseconds: 31 * 60 * 1_000)
            XCTAssertEqual(explorer.videoCalls.count, 6)
        }
    }

    func testAFailingServerIsLeftOutWithOneLineOnTheLog() {
        onMain {
            let timers = ManualTimers()
            let explorer = FakeNetworkExplorer()
            let events = RecordingEventSink()
            let candidates = Self.make(timers, InMemoryFeedRepository(), explorer, events: events)
            candidates.start()
            timers.advance(milliseconds: 4_000)
            explorer.videoCalls[0].answer(ExploreAnswer(items: RemoteVideoSamples.videos(1...3),
                                                        failures: [.busy(server: "tube.example", retryAfter: 60)]))
            explorer.videoCalls[1].answer(ExploreAnswer(items: [], failures: [.slow(server: "tube.example")]))
            explorer.videoCalls[2].answer(ExploreAnswer(items: [Self.elsewhere(9)]))
            XCTAssertEqual(candidates.candidates.count, 4)
            let lines = events.events.filter { $0.name == "explore_results" }
            XCTAssertEqual(lines.count, 3, "one line per answer")
            XCTAssertEqual(lines.first, .exploreResults(scope: "for_you", query: "", count: 3, source: "for_you_trending",
                                                        total: 3, failures: 1))
            XCTAssertTrue(events.events.filter { $0.name == "notice" || $0.name == "error" }.isEmpty, "no nag")
            timers.advance(milliseconds: 30 * 60 * 1_000)
            XCTAssertEqual(explorer.videoCalls.count, 6, "the next round asks every server again")
        }
    }

    func testTheSameVideoOnceAtMostPerNetworkAndALibraryPostAsItself() throws {
        try onMain {
            let timers = ManualTimers()
            let explorer = FakeNetworkExplorer()
            let repository = InMemoryFeedRepository()
            let seen = try repository.storeDiscovered([DiscoveredVideo(RemoteVideoSamples.video(2, playable: true),
                                                                       window: PixelSize(width: 720, height: 1280),
                                                                       found: Date(timeIntervalSince1970: 1_000))])[0]
            let candidates = Self.make(timers, repository, explorer, perNetwork: 10)
            candidates.start()
            timers.advance(milliseconds: 4_000)
            explorer.videoCalls[0].answer(ExploreAnswer(items: RemoteVideoSamples.videos(1...3) + [Self.elsewhere(1)]))
            explorer.videoCalls[1].answer(ExploreAnswer(items: RemoteVideoSamples.videos(1...6)))
            var ids = candidates.candidates.map(\.postID)
            XCTAssertEqual(ids.count, 7, "videos 1 to 6 once, and the other instance's")
            XCTAssertTrue(ids.contains(seen.id), "a video the library discovered before is that post")
            XCTAssertEqual(candidates.post(id: seen.id)?.id, seen.id)
            XCTAssertEqual(ids.filter { $0 < 0 }.count, 6)
            explorer.videoCalls[2].answer(ExploreAnswer(items: RemoteVideoSamples.videos(7...30)))
            ids = candidates.candidates.map(\.postID)
            XCTAssertEqual(ids.count, 11, "at most 10 from one instance")
            XCTAssertEqual(Set(ids).count, ids.count)
            XCTAssertTrue(explorer.detailCalls.isEmpty, "nothing fetched before it is ranked")
        }
    }

    /// Posts the networks trend with counts beat the library's own for a new user: ranked in, only
    /// those near the top fetched and kept as discovered posts, and Why this video? says where.
    func testForYouRanksACandidateInAndMakesOnlyTheTopOnesPosts() throws {
        try onMain {
            let explorer = FakeNetworkExplorer()
            var supply: ForYouCandidates?
            let feed = try FeedSessionFixture(posts: 30, home: .forYou, candidates: { timers, repository in
                let made = Self.make(timers, repository, explorer)
                supply = made
                return made
            })
            supply?.start()
            feed.launchAndSettle()
            XCTAssertTrue(explorer.videoCalls.isEmpty)
            XCTAssertTrue(feed.store.posts.allSatisfy { $0.remote == nil })
            feed.timers.advance(milliseconds: 4_000)
            explorer.videoCalls[0].answer(ExploreAnswer(items: (1...40).map {
                var video = RemoteVideoSamples.video($0)
                video.author = RemoteActor(kind: .peertubeChannel, name: "c\($0)", displayName: "C\($0)", host: video.identity.host)
                video.counts = RemoteCounts(likes: 500 + $0, comments: 20, views: 9_000)
                return video
            }))
            feed.timers.elapse(milliseconds: 0)
            XCTAssertFalse(explorer.detailCalls.isEmpty, "the top candidates are made posts")
            XCTAssertLessThanOrEqual(explorer.detailCalls.count, 10, "only those near the top")
            for call in explorer.detailCalls {
                var video = call.question
                video.sources = RemoteVideoSamples.video(1, playable: true).sources
                video.needsDetails = false
                call.answer(.success(video))
            }
            feed.timers.elapse(milliseconds: 0)
            let ahead = feed.store.posts.dropFirst(feed.store.index + 2)
            let found = try XCTUnwrap(ahead.first { $0.remote != nil }, "\(feed.store.posts.map(\.caption))")
            XCTAssertTrue(found.isDiscovered)
            XCTAssertTrue(try XCTUnwrap(feed.repository.post(id: found.id)).isDiscovered)
            XCTAssertEqual(feed.home?.reasons(for: found).first, .popularOn(host: "127.0.0.2:8080"))
            XCTAssertEqual(try feed.repository.feedPage(after: nil, limit: 100).count, 30, "Following's library is as it was")
        }
    }

    /// A library of two: For You has ended when the candidates arrive; the ones made posts come
    /// after the last post all the same.
    func testCandidatesComeAfterTheEndOfASmallLibrary() throws {
        try onMain {
            let explorer = FakeNetworkExplorer()
            var supply: ForYouCandidates?
            let feed = try FeedSessionFixture(posts: 2, home: .forYou, candidates: { timers, repository in
                let made = Self.make(timers, repository, explorer)
                supply = made
                return made
            })
            supply?.start()
            feed.launchAndSettle()
            feed.page(by: 1)
            XCTAssertEqual(feed.store.posts.count, 2)
            XCTAssertFalse(feed.session.canGoNext)
            feed.timers.advance(milliseconds: 4_000)
            explorer.videoCalls[0].answer(ExploreAnswer(items: RemoteVideoSamples.videos(1...5)))
            feed.timers.elapse(milliseconds: 0)
            for call in explorer.detailCalls { call.answer(.success(RemoteVideoSamples.video(Int(call.question.title.dropFirst(5)) ?? 0, playable: true))) }
            feed.timers.elapse(milliseconds: 0)
            XCTAssertTrue(feed.session.canGoNext, "\(feed.store.posts.map(\.caption))")
            XCTAssertEqual(feed.store.posts.dropFirst(2).filter { $0.remote != nil }.count, explorer.detailCalls.count)
        }
    }

    func testFollowingNeverShowsACandidate() throws {
        try onMain {
            let explorer = FakeNetworkExplorer()
            var supply: ForYouCandidates?
            let feed = try FeedSessionFixture(posts: 12, home: .following, candidates: { timers, repository in
                let made = Self.make(timers, repository, explorer)
                supply = made
                return made
            }, author: { number in ("fol", "clip \(number)") })
            try feed.repository.setFollowing(handle: "fol", following: true)
            supply?.start()
            feed.launchAndSettle()
            feed.timers.advance(milliseconds: 4_000)
            explorer.videoCalls[0].answer(ExploreAnswer(items: RemoteVideoSamples.videos(1...20)))
            feed.timers.elapse(milliseconds: 0)
            while feed.session.canGoNext { feed.page(by: 1) }
            XCTAssertEqual(feed.store.posts.count, 12)
            XCTAssertTrue(feed.store.posts.allSatisfy { $0.remote == nil })
            XCTAssertTrue(explorer.detailCalls.isEmpty)
        }
    }
}
