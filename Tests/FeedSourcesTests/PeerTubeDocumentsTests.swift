import FeedCore
import FeedSources
import Foundation
import TestSupport
import XCTest

/// PeerTube's documents as the fakes serve them (captured in Fixtures/networks/peertube).
final class PeerTubeDocumentsTests: XCTestCase {
    private let server = NetworkFixtures.peertube
    private let uuid = "6513270e-269e-4d37-b2a7-4de452e6b438"

    private func video(_ name: String, from server: RemoteServer = NetworkFixtures.peertube) throws -> RemoteVideo {
        let video = try PeerTubeDocuments.video(NetworkFixtures.data("peertube/\(name).json"), from: server)
        XCTAssertEqual(NetworkDocumentChecks.problems(in: video), [], name)
        return video
    }

    func testAVideoWithWebFilesAndHLSKeepsItsIdentityTextAndFiles() throws {
        let video = try video("video-portrait-web-hls")
        let id = video.identity
        XCTAssertEqual(id.network, .peertube)
        XCTAssertEqual(id.host, "127.0.0.2:8080")
        XCTAssertEqual(id.apiBase.absoluteString, "http://127.0.0.2:8080")
        XCTAssertEqual(id.id, uuid)
        XCTAssertEqual(id.shortUUID, "dtUzWZmcsKLxNWfH2Xu4R3")
        XCTAssertEqual(id.answeringID, 66)
        XCTAssertEqual(id.pageURL?.absoluteString, "http://127.0.0.2:8080/videos/watch/\(uuid)")
        XCTAssertEqual(video.id, "peertube:127.0.0.2:8080/\(uuid)")
        XCTAssertEqual(video.title, "Cats on the windowsill 1")
        XCTAssertEqual(video.description, "A short loop: cats on the windowsill.\n\n**More** at https://example.org/cats/1 #cats")
        XCTAssertEqual(video.author.handle, "alice_loops@127.0.0.2:8080")
        XCTAssertEqual(video.author.displayName, "Alice's loops")
        XCTAssertEqual(video.author.kind, .peertubeChannel)
        XCTAssertEqual(video.author.avatarURL?.lastPathComponent, "a7aac8ef7c0561fa-120-avatar-a.jpg", "the 120 px avatar, not the 48")
        XCTAssertEqual(video.account?.handle, "alice@127.0.0.2:8080")
        XCTAssertEqual(video.duration, 4)
        XCTAssertEqual(video.aspectRatio, 0.5625)
        XCTAssertEqual(video.width, 720)
        XCTAssertEqual(video.height, 1280)
        XCTAssertFalse(video.isLive)
        XCTAssertFalse(video.isSensitive)
        XCTAssertEqual(video.counts, RemoteCounts(likes: 274, dislikes: 3, comments: 36, views: 400))
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let published = try NetworkFixtures.object("peertube/video-portrait-web-hls.json")["publishedAt"] as? String
        XCTAssertEqual(video.published, published.flatMap(formatter.date(from:)))
        XCTAssertEqual(video.tags, ["cats", "loop"])
        XCTAssertEqual(video.language, "en")
        XCTAssertEqual(video.commentsEnabled, true)
        XCTAssertFalse(video.needsDetails)
        XCTAssertEqual(video.thumbnailURL?.absoluteString, "http://127.0.0.2:8080/lazy-static/thumbnails/\(uuid).jpg")
        XCTAssertEqual(video.previewURL?.absoluteString, "http://127.0.0.2:8080/lazy-static/previews/\(uuid).jpg")
        XCTAssertEqual(video.sources.webVideos.map(\.resolution), [720, 240])
        XCTAssertEqual(video.sources.webVideos.first, RemoteVideoFile(
            url: URL(string: "http://127.0.0.2:8080/static/web-videos/\(uuid)-720.mp4")!, resolution: 720, width: 720, height: 1280,
            byteSize: 436_374, framesPerSecond: 30, hasAudio: true, hasVideo: true))
        let hls = try XCTUnwrap(video.sources.hls)
        XCTAssertEqual(hls.masterURL.absoluteString, "http://127.0.0.2:8080/static/streaming-playlists/hls/\(uuid)/\(uuid)-master.m3u8")
        XCTAssertEqual(hls.renditions.map(\.resolution), [720, 240])
        XCTAssertFalse(hls.hasSplitAudio)
    }

    func testHLSOnlyAndSplitAudioVideosKeepTheirRenditions() throws {
        let hlsOnly = try video("video-hls-only")
        XCTAssertEqual(hlsOnly.sources.webVideos, [])
        XCTAssertEqual(hlsOnly.sources.hls?.renditions.map(\.hasAudio), [true, true])
        XCTAssertFalse(hlsOnly.sources.hls?.hasSplitAudio ?? true)

        let split = try video("video-split-audio")
        let hls = try XCTUnwrap(split.sources.hls)
        XCTAssertEqual(split.sources.webVideos, [])
        XCTAssertTrue(hls.hasSplitAudio)
        XCTAssertEqual(hls.videoRenditions.map(\.resolution), [720, 240])
        XCTAssertEqual(hls.videoRenditions.map(\.hasAudio), [false, false])
        XCTAssertEqual(hls.audioRendition?.resolution, 0)
        XCTAssertEqual(hls.audioRendition?.hasVideo, false)
        XCTAssertNil(hls.audioRendition?.shortSide)
    }

    func testShapesLengthsLiveAndSensitiveVideos() throws {
        let nullAspect = try video("video-null-aspect")
        XCTAssertNil(nullAspect.aspectRatio)
        XCTAssertNil(nullAspect.shape, "neither the ratio nor the files' sizes are given")
        XCTAssertEqual(nullAspect.sources.webVideos.map(\.shortSide), [720, 240], "the resolution stands for the short side")

        let landscape = try video("video-landscape-web")
        XCTAssertEqual(try XCTUnwrap(landscape.shape), 1.7778, accuracy: 0.001)
        XCTAssertEqual(try video("video-long").duration, 190)
        XCTAssertTrue(try video("video-nsfw").isSensitive)

        let live = try video("video-live")
        XCTAssertTrue(live.isLive)
        XCTAssertTrue(live.sources.isEmpty)
        XCTAssertEqual(live.duration, 0)
    }

    func testAListIsSummariesWithTheNextPage() throws {
        let page = try PeerTubeDocuments.videos(NetworkFixtures.data("peertube/videos-trending.json"), from: server, start: 0, count: 5)
        XCTAssertEqual(NetworkDocumentChecks.problems(in: page, NetworkDocumentChecks.problems(in:)), [])
        XCTAssertEqual(page.items.map(\.title), ["Kitchen loop 4", "Skate park 7", "Garden in the rain 6", "Kitchen loop 28", "Mountain trail 24"])
        XCTAssertEqual(page.total, 60)
        XCTAssertEqual(page.next, .offset(start: 5, count: 5))
        XCTAssertEqual(page.dropped, 0)
        XCTAssertTrue(page.items.allSatisfy(\.needsDetails))
        XCTAssertTrue(page.items.allSatisfy { $0.sources.isEmpty })
        XCTAssertEqual(page.items.map(\.duration), [4, 4, 190, 4, 190])
        XCTAssertNil(page.items[1].aspectRatio)

        let second = try PeerTubeDocuments.videos(NetworkFixtures.data("peertube/videos-page2.json"), from: server, start: 5, count: 5)
        XCTAssertEqual(second.next, .offset(start: 10, count: 5))
        let channel = try PeerTubeDocuments.videos(NetworkFixtures.data("peertube/channel-videos.json"), from: server, start: 6, count: 3)
        XCTAssertNil(channel.next, "6 + 3 listed reaches the total of 8")
    }

    /// Federation: another instance lists this one's videos under its own ids, and each keeps
    /// its origin (host, API, files) while the answering instance's id and images are its own.
    func testAVideoListedByAnotherInstanceKeepsItsOrigin() throws {
        let remote = try video("remote-video", from: NetworkFixtures.peertube2)
        XCTAssertEqual(remote.identity.host, "127.0.0.2:8080")
        XCTAssertEqual(remote.identity.apiBase.absoluteString, "http://127.0.0.2:8080")
        XCTAssertEqual(remote.identity.id, uuid)
        XCTAssertEqual(remote.identity.answeringID, 73)
        XCTAssertEqual(remote.identity.answeringServer.absoluteString, "http://127.0.0.3:8080")
        XCTAssertEqual(remote.id, try video("video-portrait-web-hls").id, "the same key wherever it was listed")
        XCTAssertEqual(remote.sources.webVideos.first?.url.host, "127.0.0.2")
        XCTAssertEqual(remote.thumbnailURL?.absoluteString, "http://127.0.0.3:8080/lazy-static/thumbnails/\(uuid).jpg")
        XCTAssertEqual(remote.author.handle, "alice_loops@127.0.0.2:8080")

        let list = try PeerTubeDocuments.videos(NetworkFixtures.data("peertube/remote-videos.json"), from: NetworkFixtures.peertube2,
                                                start: 0, count: 4)
        XCTAssertEqual(list.items.map(\.identity.host), ["127.0.0.2:8080", "127.0.0.3:8080", "127.0.0.2:8080", "127.0.0.3:8080"])
        XCTAssertEqual(list.items.map(\.identity.answeringID), [73, 72, 71, 70])
    }

    func testTheSearchIndexGivesEachVideoItsOriginAndAbsoluteImages() throws {
        let page = try PeerTubeDocuments.videos(NetworkFixtures.data("peertube/index-search-videos.json"), from: NetworkFixtures.index,
                                                start: 0, count: 6)
        XCTAssertEqual(NetworkDocumentChecks.problems(in: page, NetworkDocumentChecks.problems(in:)), [])
        XCTAssertEqual(page.items.count, 6)
        XCTAssertEqual(page.next, .offset(start: 6, count: 6))
        XCTAssertEqual(Set(page.items.map(\.identity.host)), ["127.0.0.2:8080", "127.0.0.3:8080"])
        for video in page.items {
            XCTAssertEqual(video.identity.apiBase.absoluteString, "http://\(video.identity.host)")
            XCTAssertEqual(video.thumbnailURL?.host.map { "\($0):8080" }, video.identity.host, "the origin's still, never the index's")
            XCTAssertEqual(video.identity.answeringServer.absoluteString, "http://127.0.0.6:8080")
        }
        XCTAssertEqual(page.items.filter(\.isSensitive).count, 2)
        XCTAssertEqual(page.items.filter(\.isLive).count, 2)
    }

    func testChannelsFromAnInstanceAndTheIndexKnowWhereTheirVideosAndFeedsAre() throws {
        let local = try PeerTubeDocuments.channel(NetworkFixtures.data("peertube/channel.json"), from: server)
        XCTAssertEqual(NetworkDocumentChecks.problems(in: local), [])
        XCTAssertEqual(local.actor.handle, "alice_loops@127.0.0.2:8080")
        XCTAssertEqual(local.actor.id, "2")
        XCTAssertEqual(local.followers, 25)
        XCTAssertEqual(local.description, "Short videos by Alice Martin.\n\nMore: https://example.org/alice")
        XCTAssertEqual(local.bannerURL?.lastPathComponent, "d5bc925496bd2036-1920-banner.jpg")
        XCTAssertEqual(local.owner?.handle, "alice@127.0.0.2:8080")
        XCTAssertEqual(local.videosURL.absoluteString, "http://127.0.0.2:8080/api/v1/video-channels/alice_loops/videos")
        XCTAssertEqual(local.feedURL?.absoluteString, "http://127.0.0.2:8080/feeds/videos.xml?videoChannelId=2")

        // Another instance's id (15) is not the origin's: its feed is asked of the origin by name.
        let remote = try PeerTubeDocuments.channel(NetworkFixtures.data("peertube/remote-channel.json"), from: NetworkFixtures.peertube2)
        XCTAssertEqual(remote.actor.id, "15")
        XCTAssertEqual(remote.videosURL.absoluteString,
                       "http://127.0.0.3:8080/api/v1/video-channels/alice_loops@127.0.0.2:8080/videos")
        XCTAssertEqual(remote.feedURL?.absoluteString, "http://127.0.0.2:8080/feeds/videos.xml?videoChannelName=alice_loops")

        let found = try PeerTubeDocuments.channels(NetworkFixtures.data("peertube/search-channels.json"), from: server, start: 0, count: 15)
        XCTAssertEqual(found.items.map(\.actor.handle), ["dave_loops@127.0.0.3:8080", "carol_loops@127.0.0.3:8080",
                                                         "bob_loops@127.0.0.2:8080", "alice_loops@127.0.0.2:8080"])
        XCTAssertNil(found.next)
        XCTAssertEqual(found.items[0].feedURL?.absoluteString, "http://127.0.0.3:8080/feeds/videos.xml?videoChannelName=dave_loops")

        // The index gives origins' ids, and has no channel pages: both are the origin's.
        let indexed = try PeerTubeDocuments.channels(NetworkFixtures.data("peertube/index-search-channels.json"), from: NetworkFixtures.index,
                                                     start: 0, count: 15)
        XCTAssertEqual(NetworkDocumentChecks.problems(in: indexed, NetworkDocumentChecks.problems(in:)), [])
        XCTAssertEqual(indexed.items[0].feedURL?.absoluteString, "http://127.0.0.3:8080/feeds/videos.xml?videoChannelId=12")
        XCTAssertEqual(indexed.items[0].videosURL.absoluteString, "http://127.0.0.3:8080/api/v1/video-channels/dave_loops/videos")
    }

    func testAnAccountPageFollowsItsAccountFeed() throws {
        let account = try PeerTubeDocuments.account(NetworkFixtures.data("peertube/account.json"), from: server)
        XCTAssertEqual(account.actor.kind, .peertubeAccount)
        XCTAssertEqual(account.actor.shownName, "Alice Martin")
        XCTAssertEqual(account.followers, 10)
        XCTAssertEqual(account.following, 3)
        XCTAssertEqual(account.videosURL.absoluteString, "http://127.0.0.2:8080/api/v1/accounts/alice/videos")
        XCTAssertEqual(account.feedURL?.absoluteString, "http://127.0.0.2:8080/feeds/videos.xml?accountName=alice")
        let channels = try PeerTubeDocuments.channels(NetworkFixtures.data("peertube/account-channels.json"), from: server, start: 0, count: 15)
        XCTAssertEqual(channels.items.map(\.actor.name), ["alice_travel", "alice_loops"])
    }

    func testCommentThreadsArePlainTextWithTheirLinks() throws {
        let page = try PeerTubeDocuments.commentThreads(NetworkFixtures.data("peertube/threads.json"), from: server, start: 0, count: 100)
        XCTAssertEqual(NetworkDocumentChecks.problems(in: page, NetworkDocumentChecks.problems(in:)), [])
        XCTAssertEqual(page.items.count, 24)
        XCTAssertEqual(page.total, 24)
        XCTAssertNil(page.next)
        let first = page.items[0]
        XCTAssertEqual(first.text, "Thread 25: what a cats loop 😀")
        XCTAssertEqual(first.threadID, first.id)
        XCTAssertNil(first.parentID)
        XCTAssertEqual(first.replyCount, 2)
        XCTAssertEqual(first.author?.handle, "alice@127.0.0.2:8080")
        let linked = try XCTUnwrap(page.items.first { !$0.links.isEmpty })
        XCTAssertEqual(linked.links.map(\.absoluteString), ["https://example.org/thread/21"])
        XCTAssertFalse(linked.text.contains("<"), linked.text)
        XCTAssertTrue(linked.text.contains("https://example.org/thread/21"), linked.text)
        XCTAssertEqual(Set(page.items.compactMap(\.author?.host)), ["127.0.0.2:8080", "127.0.0.3:8080"])
        let deleted = try XCTUnwrap(page.items.first(where: \.isDeleted))
        XCTAssertNil(deleted.author)
        XCTAssertEqual(deleted.text, "")
        XCTAssertEqual(deleted.replyCount, 2)
    }

    func testAThreadTreeNestsRepliesAndKeepsDeletedOnes() throws {
        let tree = try PeerTubeDocuments.commentTree(NetworkFixtures.data("peertube/thread-nested.json"), from: server)
        XCTAssertEqual(NetworkDocumentChecks.problems(in: tree), [])
        XCTAssertEqual(tree.comment.text, "Thread 1: what a cats loop 😀")
        XCTAssertEqual(tree.children.map(\.comment.text), ["Agreed, first reply", "", "Thanks, the author here"])
        XCTAssertEqual(tree.children.map(\.comment.isDeleted), [false, true, false])
        XCTAssertEqual(tree.children[0].children.map(\.comment.text), ["A reply to the first reply"])
        XCTAssertEqual(tree.children[0].children[0].comment.parentID, tree.children[0].comment.id)
        XCTAssertEqual(tree.replies.map(\.threadID), Array(repeating: tree.comment.id, count: 4))
        XCTAssertEqual(tree.replies.map(\.text), ["Agreed, first reply", "A reply to the first reply", "", "Thanks, the author here"])

        let deletedRoot = try PeerTubeDocuments.commentTree(NetworkFixtures.data("peertube/thread-deleted-root.json"), from: server)
        XCTAssertTrue(deletedRoot.comment.isDeleted)
        XCTAssertNil(deletedRoot.comment.author)
        XCTAssertEqual(deletedRoot.children.count, 2)
    }

    func testCaptionsListTheirFiles() throws {
        let tracks = try PeerTubeDocuments.captions(NetworkFixtures.data("peertube/captions.json"), from: server)
        XCTAssertEqual(tracks.map(\.languageID), ["en", "fr"])
        XCTAssertEqual(tracks.map(\.label), ["English", "French"])
        XCTAssertEqual(tracks[0].fileURL.absoluteString, "http://127.0.0.2:8080/lazy-static/video-captions/\(uuid)-en.vtt")
        XCTAssertFalse(tracks[0].isAutomatic)
        XCTAssertEqual(CaptionTrack.best(of: tracks, preferred: ["fr_CA", "en"])?.languageID, "fr")
    }

    func testConfigTellsPeerTubeFromLoopsFromNeither() throws {
        let peertube = try XCTUnwrap(NetworkDocuments.serverInfo(NetworkFixtures.data("peertube/config.json")))
        XCTAssertEqual(peertube, RemoteServerInfo(network: .peertube, name: "Fake PeerTube 1", version: "7.0.1",
                                                  description: peertube.description, hidesSensitiveByDefault: true))
        let loops = try XCTUnwrap(NetworkDocuments.serverInfo(NetworkFixtures.data("loops/config.json")))
        XCTAssertEqual(loops, RemoteServerInfo(network: .loops, name: "Fake Loops 1", version: "1.0.0-fake",
                                               description: "A loopback Loops server for tests"))
        XCTAssertNil(try NetworkDocuments.serverInfo(NetworkFixtures.data("peertube/videos-trending.json")), "a list is neither")
        XCTAssertNil(try NetworkDocuments.serverInfo(Data(#"{"app": {"software": "mastodon"}}"#.utf8)))
        XCTAssertThrowsError(try NetworkDocuments.serverInfo(Data("<html>".utf8))) { XCTAssertEqual($0 as? RemoteDocumentError, .notJSON) }
    }

    func testErrorBodiesInEachNetworksForm() throws {
        let missing = try XCTUnwrap(NetworkDocuments.problem(NetworkFixtures.data("peertube/video-404.json")))
        XCTAssertEqual(missing.status, 404)
        XCTAssertEqual(missing.message, "Video not found")
        let invalid = try XCTUnwrap(NetworkDocuments.problem(NetworkFixtures.data("peertube/search-400.json")))
        XCTAssertEqual(invalid.status, 400)
        XCTAssertEqual(invalid.invalidParameters, ["search"])
        XCTAssertEqual(try NetworkDocuments.problem(NetworkFixtures.data("faults/pt-videos-429.json"))?.status, 429)
        XCTAssertEqual(try NetworkDocuments.problem(NetworkFixtures.data("faults/pt-videos-503.json"))?.status, 503)
        let loopsMissing = try XCTUnwrap(NetworkDocuments.problem(NetworkFixtures.data("loops/error-404.json")))
        XCTAssertEqual(loopsMissing, RemoteProblem(status: 404, message: "Record not found."))
        let loopsInvalid = try XCTUnwrap(NetworkDocuments.problem(NetworkFixtures.data("loops/error-422.json")))
        XCTAssertEqual(loopsInvalid.invalidParameters, ["sort"])
        XCTAssertEqual(try NetworkDocuments.problem(NetworkFixtures.data("faults/loops-feed-429.json"))?.message, "Too many requests")
        XCTAssertNil(NetworkDocuments.problem(try NetworkFixtures.data("peertube/channel.json")), "a channel is no error")
    }

    /// The decoders are pure functions of the bytes: on several threads at once (the HTML of
    /// comments through libxml2 too) each reads what the main thread reads.
    func testDocumentsReadTheSameOnSeveralThreadsAtOnce() throws {
        let threads = try NetworkFixtures.data("peertube/threads.json"), video = try NetworkFixtures.data("peertube/video-split-audio.json")
        let expected = try PeerTubeDocuments.commentThreads(threads, from: server, start: 0, count: 100)
        let expectedVideo = try PeerTubeDocuments.video(video, from: server)
        let results = Locked<[Bool]>([])
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            let same = (try? PeerTubeDocuments.commentThreads(threads, from: NetworkFixtures.peertube, start: 0, count: 100)) == expected
                && (try? PeerTubeDocuments.video(video, from: NetworkFixtures.peertube)) == expectedVideo
            results.mutate { $0.append(same) }
        }
        XCTAssertEqual(results.value, Array(repeating: true, count: 16))
    }
}
