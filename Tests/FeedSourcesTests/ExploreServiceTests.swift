import FeedCore
@testable import FeedSources
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// Explore over two PeerTube instances, the search index and Loops, as the fakes answer: what is
/// asked of which server, each video once, the vertical filter (asking the network where the
/// documents say too little), more pages while one is mostly hidden, each server's own cursor,
/// Loops' tag feeds shown as summaries and its pinned repeats dropped, and failures per server.
private let pt1 = "127.0.0.2:8080", pt2 = "127.0.0.3:8080", index = "127.0.0.6:8080", loops = "127.0.0.4:8080"

final class ExploreServiceTests: XCTestCase {
    private func uuid(_ name: String, in document: [String: Any]) -> String {
        let items = document["data"] as! [[String: Any]]
        return items.first { $0["name"] as? String == name }!["uuid"] as! String
    }

    /// The fake's null-aspect video's details, as the video named `uuid`.
    private func nullAspectDetails(as uuid: String) throws -> Data {
        let text = String(decoding: try NetworkFixtures.data("peertube/video-null-aspect.json"), as: UTF8.self)
        let original = try NetworkFixtures.object("peertube/video-null-aspect.json")["uuid"] as! String
        return Data(text.replacingOccurrences(of: original, with: uuid).utf8)
    }

    func testASearchAsksEveryInstanceAndTheIndexAndGivesEachVideoOnceJudged() throws {
        let search = try NetworkFixtures.data("peertube/search-videos.json")
        let indexed = try NetworkFixtures.data("peertube/index-search-videos.json")
        let nullAspect = uuid("Cats on the windowsill 25", in: try NetworkFixtures.object("peertube/search-videos.json"))
        let details = try nullAspectDetails(as: nullAspect)
        try onMain {
            let rig = ExploreRig()
            rig.list(pt1, "/api/v1/search/videos", search)
            rig.list(pt2, "/api/v1/search/videos", search)
            rig.list(index, "/api/v1/search/videos", indexed)
            rig.on(pt2, "/api/v1/videos/\(nullAspect)") { _ in .reply(.ok(Array(details), contentType: "application/json")) }
            let head = MP4HeadTests.movie(width: 240, height: 426, seconds: 4)
            rig.web.serveFile(URL(string: "http://\(pt1)/static/web-videos/\(nullAspect)-240.mp4")!, head + [UInt8](repeating: 0, count: 100_000))
            let answer = try XCTUnwrap(rig.videos(ExploreQuery(.search("cats"))))

            XCTAssertEqual(answer.items.first?.title, "Cats on the windowsill 1")
            XCTAssertEqual(answer.items.map(\.identity.id).last, nullAspect, "its shape read from its file's head")
            XCTAssertEqual(answer.items.count, 2)
            XCTAssertEqual(answer.hidden, 5, "two lives, one too long, two sensitive")
            XCTAssertEqual(answer.failures, [])
            let first = answer.items[0]
            XCTAssertEqual(first.identity.answeringServer.absoluteString, "http://\(pt1)", "the origin's own document")
            XCTAssertFalse(answer.items[1].needsDetails, "looked into: its details came with it")
            for host in [pt1, pt2, index] {
                let asked = try XCTUnwrap(rig.asked(host, "/api/v1/search/videos").first, host)
                XCTAssertEqual(asked.value("search"), "cats")
                XCTAssertEqual(asked.value("start"), "0")
                XCTAssertEqual(asked.value("count"), "20")
                XCTAssertEqual(asked.value("nsfw"), "false", "sensitive videos left out at the source")
                XCTAssertEqual(asked.value("isLive"), "false")
                XCTAssertEqual(asked.value("durationMax"), "180")
            }
            XCTAssertNil(rig.asked(pt1, "/api/v1/search/videos").first?.value("isLocal"))
            XCTAssertEqual(rig.asked(loops, "/api/v1/explore/tag-feed/cats").count, 1, "a word that is a tag asks Loops' tag feed")
            XCTAssertEqual(rig.web.requests.filter { $0.headers["Range"] != nil }.map(\.url.lastPathComponent), ["\(nullAspect)-240.mp4"])
        }
    }

    func testWhatIsStillUnknownAfterLookingIsHiddenAndTheBudgetIsKept() throws {
        let search = try NetworkFixtures.data("peertube/search-videos.json")
        try onMain {
            var rules = ExploreService.Rules()
            rules.lookIntoBudget = 0
            let rig = ExploreRig([NetworkFixtures.peertube], rules: rules)
            rig.list(pt1, "/api/v1/search/videos", search)
            let answer = try XCTUnwrap(rig.videos(ExploreQuery(.search("cats"))))
            XCTAssertEqual(answer.items.map(\.title), ["Cats on the windowsill 1"])
            XCTAssertEqual(answer.hidden, 4)
            XCTAssertTrue(rig.web.requests.allSatisfy { $0.url.path == "/api/v1/search/videos" }, "no budget: nothing looked into")
        }
    }

    func testServersThatFailAreSaidAndTheOthersStillAnswer() throws {
        let search = try NetworkFixtures.data("peertube/search-videos.json")
        try onMain {
            let rig = ExploreRig()
            rig.list(pt1, "/api/v1/search/videos", search)
            rig.on(pt2, "/api/v1/search/videos") { _ in .failure(.cannotConnect("Connection refused")) }
            rig.on(index, "/api/v1/search/videos") { _ in .reply(.ok("<html>", contentType: "text/html")) }
            rig.on(loops, "/api/v1/explore/tag-feed/cats") { _ in .reply(.retryAfter(300)) }
            var rules = ExploreService.Rules()
            rules.lookIntoBudget = 0
            rig.service.rules = rules
            let answer = try XCTUnwrap(rig.videos(ExploreQuery(.search("cats"))))
            XCTAssertEqual(answer.items.map(\.title), ["Cats on the windowsill 1"])
            XCTAssertEqual(answer.failures, [.unreachable(server: pt2, .cannotConnect("Connection refused")),
                                             .unreadable(server: index, .notJSON), .busy(server: loops, retryAfter: 300)])
            XCTAssertTrue(answer.failures[0].description.hasPrefix(pt2), answer.failures[0].description)
        }
    }

    func testAServerStillSilentWhenTheOthersAnsweredIsLeftOutAndABusyOneIsNeverWaitedFor() throws {
        let search = try NetworkFixtures.data("peertube/search-videos.json")
        try onMain {
            let rig = ExploreRig([NetworkFixtures.peertube, NetworkFixtures.peertube2, NetworkFixtures.index])
            rig.list(pt1, "/api/v1/search/videos", search)
            rig.on(pt2, "/api/v1/search/videos") { _ in .reply(FakeHTTPReply(status: 200, body: [], delayMilliseconds: 9_000)) }
            rig.on(index, "/api/v1/search/videos") { _ in .reply(.retryAfter(5)) }
            var rules = ExploreService.Rules()
            rules.lookIntoBudget = 0
            rules.patienceMilliseconds = 2_500
            rig.service.rules = rules
            var answer: ExploreAnswer<RemoteVideo>?
            rig.service.videos(ExploreQuery(.search("cats")), after: nil) { answer = $0 }
            rig.settle()
            XCTAssertNil(answer, "the others are given a moment")
            rig.timers.elapse(milliseconds: 2_499)
            XCTAssertNil(answer)
            rig.timers.elapse(milliseconds: 1)
            rig.settle()
            let first = try XCTUnwrap(answer, "shown without the silent one")
            XCTAssertEqual(first.items.map(\.title), ["Cats on the windowsill 1"])
            XCTAssertEqual(first.failures, [.slow(server: pt2), .busy(server: index, retryAfter: 5)])
            XCTAssertTrue(first.failures[1].description.contains("5 s"), first.failures[1].description)

            // Asked again while the index's pause runs: it is said busy at once and asked nothing.
            answer = nil
            rig.service.videos(ExploreQuery(.search("dogs")), after: nil) { answer = $0 }
            rig.settle()
            rig.timers.elapse(milliseconds: 2_500)
            rig.settle()
            let second = try XCTUnwrap(answer)
            XCTAssertTrue(second.failures.contains { if case .busy(index, _?) = $0 { true } else { false } }, "\(second.failures)")
            XCTAssertEqual(rig.asked(index, "/api/v1/search/videos").count, 1, "nothing sent before its Retry-After ran out")
        }
    }

    /// 60 videos, the first `landscape` of them landscape, the rest portrait.
    private func shelf(landscape: Int) throws -> Data {
        var document = try NetworkFixtures.object("peertube/videos-trending.json")
        let template = (document["data"] as! [[String: Any]])[0]
        document["data"] = (0..<60).map { i -> [String: Any] in
            var video = template
            video["uuid"] = String(format: "00000000-0000-4000-8000-%012d", i)
            video["shortUUID"] = "short\(i)"
            video["url"] = "http://\(pt1)/videos/watch/" + String(format: "00000000-0000-4000-8000-%012d", i)
            video["name"] = "Clip \(i)"
            video["aspectRatio"] = i < landscape ? 1.7778 : 0.5625
            return video
        }
        document["total"] = 60
        return try NetworkFixtures.json(document)
    }

    func testAPageMostlyHiddenAsksForTheNextPagesWithinItsRounds() throws {
        let trending = try shelf(landscape: 50)
        try onMain {
            let rig = ExploreRig([NetworkFixtures.peertube])
            rig.list(pt1, "/api/v1/videos", trending)
            let answer = try XCTUnwrap(rig.videos(ExploreQuery(.shelf(.trending))))
            XCTAssertEqual(rig.asked(pt1, "/api/v1/videos").map { $0.value("start") }, ["0", "20", "40"], "three rounds at most")
            XCTAssertEqual(rig.asked(pt1, "/api/v1/videos").first?.value("sort"), "-trending")
            XCTAssertEqual(answer.items.map(\.title), (50..<60).map { "Clip \($0)" })
            XCTAssertEqual(answer.hidden, 50)
            XCTAssertNil(answer.next, "60 of 60 listed")
        }
    }

    func testTheNextPageGoesOnFromEachServersOwnCursorAndNeverRepeats() throws {
        let trending = try shelf(landscape: 0)
        let federated = try shelf(landscape: 0)
        try onMain {
            let rig = ExploreRig([NetworkFixtures.peertube, NetworkFixtures.peertube2])
            rig.list(pt1, "/api/v1/videos", trending)
            rig.list(pt2, "/api/v1/videos", federated)
            let first = try XCTUnwrap(rig.videos(ExploreQuery(.shelf(.newest), localOnly: true)))
            XCTAssertEqual(first.items.count, 20, "the same 20 from both: once each")
            XCTAssertEqual(first.items.first?.identity.answeringServer.absoluteString, "http://\(pt1)", "pt1 is their origin")
            let next = try XCTUnwrap(first.next)
            XCTAssertEqual(next.pages, ["http://\(pt1)": .offset(start: 20, count: 20), "http://\(pt2)": .offset(start: 20, count: 20)])
            let second = try XCTUnwrap(rig.videos(ExploreQuery(.shelf(.newest), localOnly: true), after: next))
            XCTAssertEqual(second.items.map(\.title), (20..<40).map { "Clip \($0)" })
            XCTAssertEqual(rig.asked(pt2, "/api/v1/videos").map { $0.value("start") }, ["0", "20"])
            XCTAssertEqual(rig.asked(pt2, "/api/v1/videos").last?.value("isLocal"), "true")
            XCTAssertEqual(rig.asked(pt2, "/api/v1/videos").last?.value("sort"), "-publishedAt")
        }
    }

    func testAHashtagAsksForTaggedVideosAndLoopsTagFeedItemsAreShownAsSummariesFetchedWholeToPlay() throws {
        let tagFeed = try NetworkFixtures.data("loops/tag-feed.json")
        try onMain {
            let rig = ExploreRig([NetworkFixtures.peertube, NetworkFixtures.index, NetworkFixtures.loops])
            rig.list(pt1, "/api/v1/videos", Data("{\"total\": 0, \"data\": []}".utf8))
            rig.list(index, "/api/v1/search/videos", Data("{\"total\": 0, \"data\": []}".utf8))
            rig.on(loops, "/api/v1/explore/tag-feed/cats") { _ in .reply(.ok(Array(tagFeed), contentType: "application/json")) }
            let items = try! JSONSerialization.jsonObject(with: tagFeed) as! [String: Any]
            for item in items["data"] as! [[String: Any]] {
                var whole = item
                var media = item["media"] as! [String: Any]
                media["src_url"] = "http://\(loops)/storage/videos/\(item["id"]!).mp4"
                whole["media"] = media
                rig.json(loops, "/api/v1/video/\(item["id"]!)", ["data": whole])
            }
            let answer = try XCTUnwrap(rig.videos(ExploreQuery(.search("#cats"))))
            XCTAssertEqual(rig.asked(pt1, "/api/v1/videos").first?.values("tagsOneOf"), ["cats"])
            XCTAssertNil(rig.asked(pt1, "/api/v1/search/videos").first, "# is punctuation to PeerTube's search")
            XCTAssertEqual(rig.asked(index, "/api/v1/search/videos").first?.value("search"), "")
            XCTAssertEqual(rig.asked(index, "/api/v1/search/videos").first?.values("tagsOneOf"), ["cats"])
            XCTAssertEqual(answer.items.count, 3, "three of six are sensitive")
            XCTAssertEqual(answer.hidden, 3)
            XCTAssertTrue(answer.items.allSatisfy { $0.needsDetails && $0.sources.isEmpty && $0.thumbnailURL != nil })
            XCTAssertEqual(rig.web.requests.filter { $0.url.path.hasPrefix("/api/v1/video/") }.count, 0,
                           "the page is answered without fetching its videos whole")

            var played: Result<RemoteVideo, NetworkFailure>?
            rig.service.details(of: answer.items[0]) { played = $0 }
            rig.settle()
            let whole = try XCTUnwrap(played?.get())
            XCTAssertFalse(whole.needsDetails)
            XCTAssertEqual(whole.sources.webVideos.count, 1, "the one opened is fetched whole to play")
            XCTAssertEqual(rig.asked(loops, "/api/v1/video/\(answer.items[0].identity.id)").count, 1)
        }
    }

    func testALoopsProfilesPagesDropThePinnedVideosTheyRepeat() throws {
        let page1 = try NetworkFixtures.data("loops/feed-page1.json")
        let page2 = try NetworkFixtures.data("loops/feed-page2.json")
        let profile = try LoopsDocuments.account(NetworkFixtures.data("loops/account.json"), from: NetworkFixtures.loops)
        try onMain {
            let rig = ExploreRig()
            rig.on(loops, profile.videosURL.path) { parts in
                .reply(.ok(Array(parts.value("cursor") == nil ? page1 : page2), contentType: "application/json"))
            }
            let any = VerticalFilter(anyShape: true, anyLength: true)
            var first: ExploreAnswer<RemoteVideo>?
            rig.service.channelVideos(profile, filter: any, after: nil) { first = $0 }
            rig.settle()
            let answer = try XCTUnwrap(first)
            XCTAssertEqual(answer.items.count, 12, "13 listed, one sensitive")
            XCTAssertEqual(answer.items.prefix(3).map(\.isPinned), [true, true, true])
            let next = try XCTUnwrap(answer.next)
            var second: ExploreAnswer<RemoteVideo>?
            rig.service.channelVideos(profile, filter: any, after: next) { second = $0 }
            rig.settle()
            XCTAssertEqual(second?.items.map { String($0.identity.id.suffix(6)) }, ["016386"], "the pinned one again is left out")
            XCTAssertEqual(rig.asked(loops, profile.videosURL.path).last?.value("cursor"), "eyJpZCI6NDAwMDAwMDAwMDAwMjQ1NzgsIl9wb2ludHNUb05leHRJdGVtcyI6dHJ1ZX0")
            XCTAssertNil(second?.next)
        }
    }

    func testEveryLoopsServersTagsAreMergedMostUsedFirst() throws {
        let tags = try NetworkFixtures.data("loops/tags.json")
        onMain {
            let rig = ExploreRig([NetworkFixtures.loops, NetworkFixtures.loops2, NetworkFixtures.peertube])
            rig.on(loops, "/api/v1/explore/tags") { _ in .reply(.ok(Array(tags), contentType: "application/json")) }
            rig.json("127.0.0.5:8080", "/api/v1/explore/tags", ["data": [["id": 1, "name": "Dance", "count": 30], ["id": 2, "name": "new", "count": 1]]])
            var answer: ExploreAnswer<RemoteTag>?
            rig.service.tags { answer = $0 }
            rig.settle()
            XCTAssertEqual(answer?.items.prefix(3).map(\.name), ["dance", "food", "cats"])
            XCTAssertEqual(answer?.items.first?.videoCount, 35)
            XCTAssertEqual(answer?.items.count, 9)
        }
    }

    func testChannelsComeFromTheInstancesTheIndexAndALoopsProfileOfThatName() throws {
        let channels = try NetworkFixtures.data("peertube/search-channels.json")
        let account = try NetworkFixtures.data("loops/account.json")
        onMain {
            let rig = ExploreRig()
            rig.list(pt1, "/api/v1/search/video-channels", channels)
            rig.list(pt2, "/api/v1/search/video-channels", channels)
            rig.list(index, "/api/v1/search/video-channels", channels)
            rig.on(loops, "/api/v1/account/username/looper") { _ in .reply(.ok(Array(account), contentType: "application/json")) }
            var answer: ExploreAnswer<RemoteChannel>?
            rig.service.channels(matching: "@looper", after: nil) { answer = $0 }
            rig.settle()
            XCTAssertEqual(answer?.items.map(\.actor.handle).sorted(), ["alice_loops@127.0.0.2:8080", "bob_loops@127.0.0.2:8080",
                                                                        "carol_loops@127.0.0.3:8080", "dave_loops@127.0.0.3:8080",
                                                                        "looper@127.0.0.4:8080"])
            let alice = answer?.items.first { $0.actor.name == "alice_loops" }
            XCTAssertEqual(alice?.videosURL.host, "127.0.0.2", "its own instance's page")
            XCTAssertEqual(rig.asked(pt1, "/api/v1/search/video-channels").first?.value("search"), "looper")

            var none: ExploreAnswer<RemoteChannel>?
            rig.service.channels(matching: "nobody", after: nil) { none = $0 }
            rig.settle()
            XCTAssertEqual(none?.failures, [], "no profile of that name is no failure")
        }
    }

    func testDetailsAreAskedOfTheInstanceThatListedTheVideoOrItsOrigin() throws {
        let remote = try PeerTubeDocuments.videos(NetworkFixtures.data("peertube/remote-videos.json"), from: NetworkFixtures.peertube2,
                                                  start: 0, count: 4).items[0]
        let indexed = try PeerTubeDocuments.videos(NetworkFixtures.data("peertube/index-search-videos.json"), from: NetworkFixtures.index,
                                                   start: 0, count: 6).items[0]
        let details = try NetworkFixtures.data("peertube/video-portrait-web-hls.json")
        try onMain {
            let rig = ExploreRig()
            rig.on(pt2, "/api/v1/videos/\(remote.identity.id)") { _ in .reply(.ok(Array(details), contentType: "application/json")) }
            rig.on(pt1, "/api/v1/videos/\(indexed.identity.id)") { _ in .reply(.ok(Array(details), contentType: "application/json")) }
            for video in [remote, indexed] {
                var answer: Result<RemoteVideo, NetworkFailure>?
                rig.service.details(of: video) { answer = $0 }
                rig.settle()
                XCTAssertFalse(try XCTUnwrap(answer?.get()).sources.isEmpty)
            }
            XCTAssertEqual(rig.web.requests.map { $0.url.host }, ["127.0.0.3", "127.0.0.2"])
        }
    }

    func testACancelledPageIsNeverAnsweredAndStopsWhatItAsked() throws {
        onMain {
            let rig = ExploreRig([NetworkFixtures.peertube, NetworkFixtures.index])
            rig.on(pt1, "/api/v1/search/videos") { _ in .silence }
            rig.on(index, "/api/v1/search/videos") { _ in .silence }
            var answered = false
            let request = rig.service.videos(ExploreQuery(.search("cats")), after: nil) { _ in answered = true }
            rig.settle()
            request.cancel()
            rig.settle()
            XCTAssertEqual(rig.web.cancelled.count, 2)
            XCTAssertFalse(answered)
        }
    }
}
