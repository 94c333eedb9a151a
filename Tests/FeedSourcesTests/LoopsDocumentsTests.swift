import FeedCore
import FeedSources
import Foundation
import XCTest

/// Loops' documents as the fakes serve them (captured in Fixtures/networks/loops).
final class LoopsDocumentsTests: XCTestCase {
    private let server = NetworkFixtures.loops

    private func videos(_ name: String, from server: RemoteServer = NetworkFixtures.loops) throws -> RemotePage<RemoteVideo> {
        let page = try LoopsDocuments.videos(NetworkFixtures.data("loops/\(name).json"), from: server)
        XCTAssertEqual(NetworkDocumentChecks.problems(in: page, NetworkDocumentChecks.problems(in:)), [], name)
        return page
    }

    func testAProfilePageFollowsItsAccountFeed() throws {
        let profile = try LoopsDocuments.account(NetworkFixtures.data("loops/account.json"), from: server)
        XCTAssertEqual(NetworkDocumentChecks.problems(in: profile), [])
        XCTAssertEqual(profile.actor, RemoteActor(
            kind: .loopsProfile, name: "looper", displayName: "Lou Looper", host: "127.0.0.4:8080", id: "40000000000004097",
            avatarURL: URL(string: "http://127.0.0.4:8080/storage/avatars/1/avatar-a.jpg"), pageURL: URL(string: "http://127.0.0.4:8080/@looper")))
        XCTAssertEqual(profile.followers, 473)
        XCTAssertEqual(profile.following, 72)
        XCTAssertEqual(profile.videoCount, 14)
        XCTAssertEqual(profile.likes, 1926)
        XCTAssertEqual(profile.description, "Lou Looper makes loops. https://example.org/looper")
        XCTAssertEqual(profile.videosURL.absoluteString, "http://127.0.0.4:8080/api/v1/feed/account/40000000000004097")
        XCTAssertEqual(profile.feedURL, profile.videosURL)
    }

    /// Another server knows the profile under its own id: that server's feed is the one to ask.
    func testARemoteProfileKeepsItsHostAndTheAnsweringServersID() throws {
        let profile = try LoopsDocuments.account(NetworkFixtures.data("loops/account-remote.json"), from: NetworkFixtures.loops2)
        XCTAssertEqual(profile.actor.handle, "looper@127.0.0.4:8080")
        XCTAssertEqual(profile.actor.id, "40001000000004097")
        XCTAssertEqual(profile.videosURL.absoluteString, "http://127.0.0.5:8080/api/v1/feed/account/40001000000004097")
    }

    func testAnAccountFeedKeepsPinnedVideosAndItsCursor() throws {
        let first = try videos("feed-page1")
        XCTAssertEqual(first.items.count, 13)
        XCTAssertEqual(first.items.prefix(3).map(\.isPinned), [true, true, true])
        XCTAssertFalse(first.items[3].isPinned)
        XCTAssertEqual(first.next, .cursor("eyJpZCI6NDAwMDAwMDAwMDAwMjQ1NzgsIl9wb2ludHNUb05leHRJdGVtcyI6dHJ1ZX0"))
        let video = first.items[0]
        XCTAssertEqual(video.identity, RemoteVideoID(
            network: .loops, host: "127.0.0.4:8080", apiBase: URL(string: "http://127.0.0.4:8080")!, id: "40000000000020482",
            answeringServer: URL(string: "http://127.0.0.4:8080")!, pageURL: URL(string: "http://127.0.0.4:8080/v/2XcqqJPaL0")))
        XCTAssertEqual(video.title, "Loop 2 by Lou Looper #cats #food")
        XCTAssertEqual(video.author.handle, "looper@127.0.0.4:8080")
        XCTAssertEqual(video.counts, RemoteCounts(likes: 243, comments: 10, shares: 20))
        XCTAssertEqual(video.sources.webVideos, [RemoteVideoFile(url: URL(string: "http://127.0.0.4:8080/storage/videos/0-5.mp4")!,
                                                                 width: 720, height: 1280, hasAudio: true, hasVideo: true)])
        XCTAssertEqual(video.shape, 0.5625)
        XCTAssertEqual(video.tags, ["cats", "food"])
        XCTAssertFalse(video.needsDetails)
        XCTAssertEqual(first.items.filter(\.isSensitive).count, 1)
        XCTAssertEqual(first.items.first { $0.identity.id == "40000000000028674" }?.commentsEnabled, false)

        // The later page lists a pinned video again: the flag is kept, the repeat is the caller's.
        let second = try videos("feed-page2")
        XCTAssertNil(second.next)
        let repeated = try XCTUnwrap(second.items.first(where: \.isPinned))
        XCTAssertTrue(first.items.contains { $0.id == repeated.id })
    }

    func testATagFeedIsOnePageOfSummariesFromSeveralServers() throws {
        let page = try videos("tag-feed")
        XCTAssertEqual(page.items.count, 6)
        XCTAssertNil(page.next)
        XCTAssertTrue(page.items.allSatisfy { $0.needsDetails && $0.sources.isEmpty }, "no src_url: fetch the video to play it")
        XCTAssertEqual(page.items[0].author.handle, "dancer@127.0.0.5:8080")
        XCTAssertEqual(page.items[0].identity.apiBase.absoluteString, "http://127.0.0.4:8080", "its id is the answering server's")
        XCTAssertEqual(page.items[0].counts.views, 2666)
        XCTAssertEqual(page.items.filter(\.isSensitive).count, 3)
        XCTAssertEqual(try videos("web-feed").items.count, 10)
    }

    func testAVideoDocumentPlaysItsFile() throws {
        let video = try LoopsDocuments.video(NetworkFixtures.data("loops/video.json"), from: server)
        XCTAssertEqual(NetworkDocumentChecks.problems(in: video), [])
        XCTAssertEqual(video.identity.id, "40000000000016386")
        XCTAssertEqual(video.sources.webVideos.map(\.url.lastPathComponent), ["0-4.mp4"])
        XCTAssertNil(video.sources.hls, "hls_url is null")
        XCTAssertEqual(video.duration, 4)
        XCTAssertEqual(video.language, "en")
        XCTAssertEqual(video.commentsEnabled, true)
        XCTAssertEqual(video.counts.comments, 40)
        let created = try (NetworkFixtures.object("loops/video.json")["data"] as? [String: Any])?["created_at"] as? String
        XCTAssertEqual(video.published, created.flatMap(ISO8601DateFormatter().date(from:)), "PHP's +00:00")
    }

    func testCommentsRepliesAndTombstones() throws {
        let page = try LoopsDocuments.comments(NetworkFixtures.data("loops/comments.json"), from: server)
        XCTAssertEqual(NetworkDocumentChecks.problems(in: page, NetworkDocumentChecks.problems(in:)), [])
        XCTAssertEqual(page.items.count, 10)
        XCTAssertEqual(page.next, .cursor("eyJpZCI6NDAwMDA1MDAwMDAyNDU3NjMsIl9wb2ludHNUb05leHRJdGVtcyI6dHJ1ZX0"))
        let first = page.items[0]
        XCTAssertEqual(first.text, "Comment 23: love this #loops loop https://example.org/c/22")
        XCTAssertEqual(first.links.map(\.absoluteString), ["https://example.org/c/22"])
        XCTAssertEqual(first.author?.handle, "baker@127.0.0.4:8080")
        XCTAssertEqual(first.likes, 40)
        XCTAssertEqual(first.threadID, first.id)
        XCTAssertNil(first.parentID)
        XCTAssertEqual(page.items.map { $0.replyCount ?? -1 }.filter { $0 > 0 }, [2, 2])

        let tombstones = try LoopsDocuments.comments(NetworkFixtures.data("loops/comments-tombstone.json"), from: server)
        let deleted = try XCTUnwrap(tombstones.items.first(where: \.isDeleted))
        XCTAssertNil(deleted.author, "not the 'deleted' placeholder account")
        XCTAssertEqual(deleted.text, "")

        let parent = "40000500000135171"
        let replies = try LoopsDocuments.replies(NetworkFixtures.data("loops/replies.json"), from: server, parent: parent)
        XCTAssertEqual(replies.items.map(\.text), ["Reply 7 to comment 2", "Reply 6 to comment 2", "Reply 5 to comment 2"])
        XCTAssertTrue(replies.items.allSatisfy { $0.parentID == parent && $0.threadID == parent })
        XCTAssertEqual(replies.next, .cursor("eyJpZCI6NDAwMDA1MDAwMDAxNTU2NTEsIl9wb2ludHNUb05leHRJdGVtcyI6dHJ1ZX0"))
        let later = try LoopsDocuments.replies(NetworkFixtures.data("loops/replies-tombstone.json"), from: server, parent: parent)
        XCTAssertEqual(later.items.map(\.isDeleted), [false, true, false])
        XCTAssertEqual(later.items[1].parentID, parent, "a deleted reply has no p_id; it is still under its parent")
    }

    func testTrendingTags() throws {
        let tags = try LoopsDocuments.tags(NetworkFixtures.data("loops/tags.json"))
        XCTAssertEqual(tags.map(\.name), ["food", "cats", "art", "funny", "music", "skate", "dance", "travel"])
        XCTAssertEqual(tags.first?.videoCount, 19)
    }
}
