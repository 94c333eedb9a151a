import FeedCore
import Foundation
import XCTest

final class AppEventTests: XCTestCase {
    private func decode(_ event: AppEvent, at t: Int64 = 42) throws -> [String: Any] {
        let line = event.jsonLine(timeMicroseconds: t)
        XCTAssertFalse(line.contains("\n"), "one event per line")
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
        return try XCTUnwrap(object as? [String: Any])
    }

    private func keys(_ event: AppEvent) throws -> Set<String> {
        Set(try decode(event).keys)
    }

    func testFieldNamesAreTheDocumentedOnes() throws {
        XCTAssertEqual(try keys(.ready(posts: 3)), ["event", "t_us", "posts"])
        XCTAssertEqual(try keys(.page(index: 0, postID: 1, uri: "u", liked: true, likeCount: 2, commentCount: 3)),
                       ["event", "t_us", "index", "post_id", "uri", "liked", "like_count", "comment_count",
                        "author", "share_count", "cached"])
        XCTAssertEqual(try keys(.firstFrame(postID: 1, index: 0, latencyUs: 5, width: 720, height: 1280)),
                       ["event", "t_us", "post_id", "index", "latency_us", "width", "height"])
        XCTAssertEqual(try keys(.pageShown(postID: 1, index: 0, latencyUs: 80_000)),
                       ["event", "t_us", "post_id", "index", "latency_us"])
        XCTAssertEqual(try keys(.loop(postID: 1, seamUs: 9)), ["event", "t_us", "post_id", "seam_us", "interval_us", "frames_decoded", "frames_presented"])
        XCTAssertEqual(try keys(.like(postID: 1, liked: false, likeCount: 0)),
                       ["event", "t_us", "post_id", "liked", "like_count"])
        XCTAssertEqual(try keys(.error(kind: "k", message: "m", postID: nil)), ["event", "t_us", "kind", "message"])
        XCTAssertEqual(try keys(.share(postID: 3, method: "copy_file", shareCount: 4)),
                       ["event", "t_us", "post_id", "method", "share_count"])
        XCTAssertEqual(try keys(.focus(widget: "GtkButton", name: "Like (L)")),
                       ["event", "t_us", "widget", "name", "x", "y", "width", "height", "link", "visible", "window"])
        XCTAssertEqual(try keys(.error(kind: "k", message: "m", postID: 7)),
                       ["event", "t_us", "kind", "message", "post_id"])
        XCTAssertEqual(try keys(.error(kind: "corrupt", message: "m", postID: 7, detail: "qtdemux: not-negotiated")),
                       ["event", "t_us", "kind", "message", "post_id", "detail"])
        XCTAssertEqual(try keys(.watched(WatchSignal(postID: 4, watchedMs: 2_100, loops: 2))),
                       ["event", "t_us", "post_id", "watched_ms", "loops", "completed", "skipped"])
        let watched = try decode(.watched(WatchSignal(postID: 4, watchedMs: 900, loops: 0)))
        XCTAssertEqual(watched["event"] as? String, "watched")
        XCTAssertEqual(watched["watched_ms"] as? Int, 900)
        XCTAssertEqual(watched["completed"] as? Bool, false)
        XCTAssertEqual(watched["skipped"] as? Bool, true)
        XCTAssertEqual(try keys(.remoteCounts(postID: 3, likes: 40, comments: 7, views: nil)),
                       ["event", "t_us", "post_id", "likes", "comments", "views"])
        let counts = try decode(.remoteCounts(postID: 3, likes: 40, comments: 7, views: nil))
        XCTAssertEqual(counts["event"] as? String, "remote_counts")
        XCTAssertTrue(counts["views"] is NSNull, "no views where the network counts none")
        XCTAssertEqual(try decode(.remoteCounts(postID: 3, likes: 40, comments: 7, views: 1_200))["views"] as? Int, 1_200)
        XCTAssertEqual(try keys(.outbox(action: "like", postID: 4, state: "queued", attempt: 0)),
                       ["event", "t_us", "action", "post_id", "state", "attempt", "entry", "reason"])
        let follow = try decode(.outbox(action: "follow", postID: nil, state: "refused", attempt: 2, entry: 9, reason: "no"))
        XCTAssertEqual(follow["event"] as? String, "outbox")
        XCTAssertTrue(follow["post_id"] is NSNull, "a follow is on no post")
        XCTAssertEqual(follow["attempt"] as? Int, 2)
        XCTAssertEqual(try keys(.cameraLive(device: "Integrated Camera")), ["event", "t_us", "device"])
        XCTAssertEqual(try decode(.cameraLive(device: "Integrated Camera"))["event"] as? String, "camera_live")
        XCTAssertEqual(try keys(.renderer(name: "cairo", reason: "software GL: llvmpipe", probeUs: 9_000)),
                       ["event", "t_us", "renderer", "reason", "probe_us", "video_path", "video_reason", "decoding",
                        "decoding_reason"])
        XCTAssertEqual(try keys(.videoPath(path: "memory", reason: "no first frame")), ["event", "t_us", "path", "reason"])
        XCTAssertEqual(try decode(.videoPath(path: "memory", reason: "x"))["event"] as? String, "video_path")
        XCTAssertEqual(try keys(.profileSaved(handle: "zoe", name: "Zoe", bio: "hi")),
                       ["event", "t_us", "handle", "name", "bio"])
        XCTAssertEqual(try decode(.profileSaved(handle: "zoe", name: "Zoe", bio: "hi"))["event"] as? String, "profile_saved")
        let gl = try decode(.renderer(name: "gl", reason: "r", probeUs: 1, videoPath: "gl", videoReason: "hardware GL: X",
                                      decoding: "va", decodingReason: "/dev/dri/renderD128"))
        XCTAssertEqual(gl["video_path"] as? String, "gl")
        XCTAssertEqual(gl["decoding"] as? String, "va")
        XCTAssertEqual(try keys(.seek(postID: 3, toMs: 1_500, durationMs: 4_000)), ["event", "t_us", "post_id", "to_ms", "duration_ms"])
        XCTAssertEqual(try decode(.volume(level: 0.6, muted: false))["level"] as? Double, 0.6)
        XCTAssertEqual(try decode(.follow(handle: "zoe", following: true))["event"] as? String, "follow")
    }

    func testValuesAndEventNames() throws {
        let page = try decode(.page(index: 4, postID: 17, uri: "file:///v.mp4", liked: true, likeCount: 12,
                                    commentCount: 3), at: 1_234_567)
        XCTAssertEqual(page["event"] as? String, "page")
        XCTAssertEqual(page["t_us"] as? Int, 1_234_567)
        XCTAssertEqual(page["post_id"] as? Int, 17)
        XCTAssertEqual(page["uri"] as? String, "file:///v.mp4")
        XCTAssertEqual(page["liked"] as? Bool, true)
        XCTAssertEqual(page["comment_count"] as? Int, 3)
        XCTAssertEqual(try decode(.firstFrame(postID: 1, index: 0, latencyUs: 5, width: 720, height: 1280))["event"]
                       as? String, "first_frame")
        XCTAssertEqual(try decode(.recordFinished(path: "/tmp/a.mkv", duration: 2.5))["duration"] as? Double, 2.5)
        let mark = try decode(.launchMark(name: "window_mapped", atUs: 900), at: 1_000)
        XCTAssertEqual(mark["event"] as? String, "launch_mark")
        XCTAssertEqual(mark["mark"] as? String, "window_mapped")
        XCTAssertEqual(mark["at_us"] as? Int, 900, "the mark's own time, not when it was written")
    }

    func testStringsAreEscaped() throws {
        let hostile = "say \"hi\"\\ \n next\tline \r \u{01}\u{1F} 🎬 naïve"
        let decoded = try decode(.error(kind: "playback", message: hostile, postID: nil))
        XCTAssertEqual(decoded["message"] as? String, hostile)
        let line = AppEvent.error(kind: "k", message: "\u{01}", postID: nil).jsonLine(timeMicroseconds: 0)
        XCTAssertTrue(line.contains("\\u0001"), line)
    }
}
