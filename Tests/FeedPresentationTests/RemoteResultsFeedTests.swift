import FeedCore
@testable import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// Network results as a feed over a scripted explorer: the chosen result made playable and kept
/// as a discovered post, the next ones readied a few at a time, past the last the list's next
/// page (which the grid shares); a result that can't play is a page saying why, one whose server
/// is gone is passed over.
final class RemoteResultsFeedTests: XCTestCase {
    @MainActor
    private final class Rig {
        let explorer = FakeNetworkExplorer()
        let repository = InMemoryFeedRepository()
        let events = RecordingEventSink()
        let list: RemoteVideoList

        init() {
            let explorer = explorer
            list = RemoteVideoList(query: "cats", source: "search", events: events) { cursor, then in
                explorer.videos(ExploreQuery(.search("cats")), after: cursor, then: then)
            }
        }

        func feed(from start: Int) -> RemoteResultsFeed {
            RemoteResultsFeed(list: list, start: start, explorer: explorer, repository: repository,
                              window: { PixelSize(width: 450, height: 800) }, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        }

        /// Answers every detail asked and not yet answered with the video made playable.
        func answerDetails() {
            for call in explorer.detailCalls where !call.answered {
                let number = Int(call.question.title.dropFirst("Clip ".count)) ?? 0
                call.answer(.success(RemoteVideoSamples.video(number, playable: true, live: call.question.isLive)))
            }
        }
    }

    func testTheChosenResultOpensThenTheNextOnesComeAFewAtATime() throws {
        try onMain {
            let rig = Rig()
            rig.list.load()
            rig.explorer.videoCalls.last?.answer(ExploreAnswer(items: RemoteVideoSamples.videos(1...5)))
            let feed = rig.feed(from: 1)
            var opened: [Post]?
            feed.open { opened = try? $0.get() }
            XCTAssertNil(opened, "the chosen one is made playable first")
            XCTAssertEqual(rig.explorer.detailCalls.map(\.question.title), ["Clip 2"])
            rig.answerDetails()
            let first = try XCTUnwrap(opened?.first)
            XCTAssertEqual(first.caption, "Clip 2")
            XCTAssertEqual(first.remote?.id, "00000000-0000-4000-8000-000000000002")
            XCTAssertEqual(feed.initialPosts.map(\.id), [first.id])

            var delivered: [[Post]] = []
            var ended = false
            feed.more { posts, end in delivered.append(posts); ended = end }
            XCTAssertEqual(rig.explorer.detailCalls.suffix(3).map(\.question.title), ["Clip 3", "Clip 4", "Clip 5"])
            rig.answerDetails()
            XCTAssertEqual(delivered.last?.map(\.caption), ["Clip 3", "Clip 4", "Clip 5"], "in the list's order")
            XCTAssertFalse(ended)
        }
    }

    func testPastTheLastResultTheListLoadsItsNextPage() {
        onMain {
            let rig = Rig()
            rig.list.load()
            rig.explorer.videoCalls.last?.answer(ExploreAnswer(items: RemoteVideoSamples.videos(1...1),
                                                               next: RemoteVideoSamples.cursor(20)))
            let feed = rig.feed(from: 0)
            feed.open { _ in }
            rig.answerDetails()
            var delivered: [String] = []
            var ended = false
            feed.more { posts, end in delivered += posts.map(\.caption); ended = end }
            XCTAssertEqual(rig.explorer.videoCalls.count, 2, "the list's next page asked for")
            XCTAssertEqual(rig.explorer.videoCalls.last?.question.cursor, RemoteVideoSamples.cursor(20))
            rig.explorer.videoCalls.last?.answer(ExploreAnswer(items: RemoteVideoSamples.videos(2...3)))
            XCTAssertEqual(rig.list.videos.count, 3, "the grid behind shows the new page too")
            rig.answerDetails()
            XCTAssertEqual(delivered, ["Clip 2", "Clip 3"])
            XCTAssertFalse(ended)
            feed.more { posts, end in delivered += posts.map(\.caption); ended = end }
            XCTAssertTrue(ended, "no page left: the feed ends")
        }
    }

    func testAResultThatCannotPlayIsAPageSayingWhyAndOneGoneIsPassedOver() {
        onMain {
            let rig = Rig()
            rig.list.load()
            rig.explorer.videoCalls.last?.answer(ExploreAnswer(items: [RemoteVideoSamples.video(1), RemoteVideoSamples.video(2, live: true),
                                                                       RemoteVideoSamples.video(3)]))
            let feed = rig.feed(from: 0)
            feed.open { _ in }
            rig.answerDetails()
            var delivered: [Post] = []
            feed.more { posts, _ in delivered += posts }
            rig.explorer.detailCalls.last?.answer(.failure(.notFound(server: "127.0.0.2:8080")))
            rig.answerDetails()
            XCTAssertEqual(delivered.map(\.caption), ["Clip 2"], "the live stream is a post; the video gone from its server is not")
            XCTAssertEqual(delivered.first?.unplayable?.reason, .live)
            XCTAssertEqual(delivered.first?.remote?.host, RemoteVideoSamples.video(2).identity.host, "it keeps its network identity")
            XCTAssertEqual(feed.passedOver, 1)
        }
    }

    func testALiveChosenResultOpensAsAPageSayingWhyItCannotPlay() {
        onMain {
            let rig = Rig()
            rig.list.load()
            rig.explorer.videoCalls.last?.answer(ExploreAnswer(items: [RemoteVideoSamples.video(1, live: true)]))
            let feed = rig.feed(from: 0)
            var opened: [Post]?
            feed.open { opened = try? $0.get() }
            rig.answerDetails()
            XCTAssertEqual(opened?.count, 1)
            XCTAssertEqual(opened?.first?.unplayable?.reason, .live)
            XCTAssertEqual(opened?.first?.unplayable?.error.kind, .unplayable)
        }
    }

    func testStoppedNothingMoreIsAskedOrDelivered() {
        onMain {
            let rig = Rig()
            rig.list.load()
            rig.explorer.videoCalls.last?.answer(ExploreAnswer(items: RemoteVideoSamples.videos(1...4)))
            let feed = rig.feed(from: 0)
            feed.open { _ in }
            rig.answerDetails()
            var delivered = 0
            feed.more { _, _ in delivered += 1 }
            feed.stop()
            XCTAssertTrue(rig.explorer.detailCalls.suffix(3).allSatisfy(\.request.cancelled))
            rig.answerDetails()
            XCTAssertEqual(delivered, 0)
        }
    }
}
