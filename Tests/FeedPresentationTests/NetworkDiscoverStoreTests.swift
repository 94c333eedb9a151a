import FeedCore
@testable import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// Discover on the networks over a scripted explorer: the shelf and Loops' tags before anything
/// is typed, words asked at once (videos and channels; the field pauses for typing), the filter's toggles and the
/// sensitive preference in what is asked, and what is said when nothing shows.
final class NetworkDiscoverStoreTests: XCTestCase {
    @MainActor
    private final class Rig {
        let preferences = InMemoryPreferencesStore()
        let explorer = FakeNetworkExplorer()
        let events = RecordingEventSink()
        let networks: NetworksEditor
        let store: NetworkDiscoverStore

        init() {
            networks = NetworksEditor(store: preferences, checker: FakeServerChecker(), explorer: explorer, run: ReadNetworks())
            explorer.servers = [RemoteServer(kind: .peertube, address: URL(string: "http://127.0.0.2:8080")!)!,
                                RemoteServer(kind: .loops, address: URL(string: "http://127.0.0.4:8080")!)!]
            store = NetworkDiscoverStore(explorer: explorer, networks: networks, events: events)
        }

        var lastQuery: ExploreQuery? { explorer.videoCalls.last?.question.query }

        var exploreEvents: [(query: String, source: String, count: Int)] {
            events.events.compactMap {
                if case .exploreResults(_, let query, let count, let source, _, _, _, _, _) = $0 { (query, source, count) } else { nil }
            }
        }
    }

    func testBeforeTypingTheTrendingShelfAndLoopsTagsAreShown() {
        onMain {
            let rig = Rig()
            rig.store.prepare()
            XCTAssertEqual(rig.lastQuery, ExploreQuery(.shelf(.trending)), "vertical and short by default, sensitive hidden")
            XCTAssertEqual(rig.explorer.tagCalls.count, 1, "a Loops server is read: its tags are asked for")
            rig.explorer.videoCalls.last?.answer(ExploreAnswer(items: RemoteVideoSamples.videos(1...3), hidden: 2))
            rig.explorer.tagCalls.last?.answer(ExploreAnswer(items: [RemoteTag(name: "cats", videoCount: 4)]))
            XCTAssertEqual(rig.store.videos?.videos.map(\.title), ["Clip 1", "Clip 2", "Clip 3"])
            XCTAssertEqual(rig.store.tags.map(\.name), ["cats"])
            XCTAssertEqual(rig.exploreEvents.first?.source, "trending")
            XCTAssertEqual(rig.exploreEvents.first?.count, 3)
            rig.store.select(.tag("cats"))
            XCTAssertEqual(rig.lastQuery, ExploreQuery(.shelf(.tag("cats"))))
            XCTAssertEqual(rig.store.videos?.query, "#cats")
        }
    }

    func testWordsAreAskedAtOnceForVideosAndChannelsAndEarlierWordsAreDropped() {
        onMain {
            let rig = Rig()
            rig.store.prepare()
            let asked = rig.explorer.videoCalls.count
            rig.store.search("ca")
            XCTAssertEqual(rig.explorer.videoCalls.count, asked + 1, "the field said the words changed: asked now")
            let earlier = rig.explorer.videoCalls.last
            let earlierChannels = rig.explorer.channelSearches.last
            rig.store.search("cats")
            XCTAssertEqual(rig.explorer.videoCalls.count, asked + 2)
            XCTAssertEqual(earlier?.request.cancelled, true, "what the earlier words asked is dropped")
            XCTAssertEqual(earlierChannels?.request.cancelled, true)
            rig.store.search(" cats ")
            XCTAssertEqual(rig.explorer.videoCalls.count, asked + 2, "the same words (Enter after the pause) are not asked again")
            XCTAssertEqual(rig.lastQuery, ExploreQuery(.search("cats")))
            XCTAssertEqual(rig.explorer.channelSearches.last?.question.text, "cats")
            let alice = RemoteChannel(actor: RemoteActor(kind: .peertubeChannel, name: "alice_loops", displayName: "Alice's loops",
                                                         host: "127.0.0.2:8080"),
                                      videosURL: URL(string: "http://127.0.0.2:8080/c/alice_loops")!)
            rig.explorer.channelSearches.last?.answer(ExploreAnswer(items: [alice]))
            rig.explorer.videoCalls.last?.answer(ExploreAnswer(items: [RemoteVideoSamples.video(7)]))
            XCTAssertEqual(rig.store.channels, [alice])
            XCTAssertEqual(rig.exploreEvents.suffix(2).map(\.source), ["channels", "search"])
            XCTAssertEqual(rig.exploreEvents.last?.query, "cats")
            rig.store.search("")
            XCTAssertEqual(rig.lastQuery, ExploreQuery(.shelf(.trending)), "cleared: the shelf at once")
            XCTAssertEqual(rig.store.channels, [])
        }
    }

    func testOnlyTheSearchsOwnListIsLaidOutAsResults() {
        onMain {
            let rig = Rig()
            rig.store.prepare()
            rig.explorer.videoCalls.last?.answer(ExploreAnswer(items: RemoteVideoSamples.videos(1...3)))
            XCTAssertFalse(rig.store.showsSearchResults, "the shelf's videos are not laid out as what words found")
            rig.store.search("river")
            XCTAssertTrue(rig.store.showsSearchResults, "asked: the grid is the search's")
            rig.explorer.videoCalls.last?.answer(ExploreAnswer(items: [RemoteVideoSamples.video(7)]))
            rig.store.search("")
            XCTAssertFalse(rig.store.showsSearchResults, "cleared: the shelf again")
        }
    }

    func testTheTogglesAndTheSensitivePreferenceAreInWhatIsAsked() {
        onMain {
            let rig = Rig()
            rig.store.prepare()
            rig.store.setAnyShape(true)
            XCTAssertEqual(rig.lastQuery?.filter, VerticalFilter(anyShape: true))
            rig.store.setAnyLength(true)
            XCTAssertEqual(rig.lastQuery?.filter, VerticalFilter(anyShape: true, anyLength: true))
            rig.networks.setShowsSensitive(true)
            rig.store.serversChanged()
            XCTAssertEqual(rig.lastQuery?.filter, VerticalFilter(anyShape: true, anyLength: true, showsSensitive: true))
            rig.store.setLocalOnly(true)
            XCTAssertEqual(rig.lastQuery?.localOnly, true)
            XCTAssertTrue(rig.explorer.videoCalls.dropLast().allSatisfy(\.request.cancelled), "the grid's earlier lists stopped")
        }
    }

    func testNothingShownSaysWhyAndWhichServerFailed() {
        onMain {
            let rig = Rig()
            rig.store.search("dance")
            rig.explorer.channelSearches.last?.answer(ExploreAnswer(items: []))
            rig.explorer.videoCalls.last?.answer(ExploreAnswer(items: [], hidden: 3,
                                                               failures: [.notFound(server: "127.0.0.3:8080")]))
            let message = rig.store.message ?? ""
            XCTAssertTrue(message.contains("the 3 videos found are hidden by the filter"), message)
            XCTAssertTrue(message.contains("127.0.0.3:8080"), message)
        }
    }

    func testResultsThatCouldNotBeReadAreCountedAndSaid() {
        onMain {
            let rig = Rig()
            rig.store.search("cats")
            rig.explorer.channelSearches.last?.answer(ExploreAnswer(items: []))
            rig.explorer.videoCalls.last?.answer(ExploreAnswer(items: [], unreadable: 12))
            let message = rig.store.message ?? ""
            XCTAssertTrue(message.contains("12 results could not be read and are left out"), message)
            let said = rig.events.events.contains {
                if case .exploreResults(_, "cats", _, _, _, _, _, _, 12) = $0 { true } else { false }
            }
            XCTAssertTrue(said, "the explore_results event counts them: \(rig.events.events)")
        }
    }
}
