import Foundation

/// Something the app reports on its `--events` log, one JSON object per line.
/// Field names are an outside interface (tests rely on them): add fields, never rename one.
public enum AppEvent: Sendable, Equatable {
    case ready(posts: Int)
    /// `author`: the handle shown on the page (without "@").
    /// `cached`: a remote post's whole video is in the cache (false for local files).
    /// `remoteHost`, `remoteID`: a post from a network, where it lives and what it is called there.
    case page(index: Int, postID: Int64, uri: String, liked: Bool, likeCount: Int, commentCount: Int,
              author: String = "", shareCount: Int = 0, cached: Bool = false, remoteHost: String? = nil, remoteID: String? = nil)
    case firstFrame(postID: Int64, index: Int, latencyUs: Int64, width: Int, height: Int)
    /// The input -> the paint in which the new page covers the middle of the window.
    case pageShown(postID: Int64, index: Int, latencyUs: Int64)
    /// `seamUs`: how much longer than one frame the picture stood still at the wrap;
    /// the frame counts cover the pass that just ended (presented = painted on screen).
    case loop(postID: Int64, seamUs: Int64, intervalUs: Int64 = 0, framesDecoded: Int = 0, framesPresented: Int = 0)
    case like(postID: Int64, liked: Bool, likeCount: Int)
    case commentAdded(postID: Int64, commentID: Int64)
    case commentDeleted(postID: Int64, commentID: Int64)
    case recordStarted
    /// `finalizeUs`: from the release to the file being final.
    case recordFinished(path: String, duration: Double, finalizeUs: Int64 = 0)
    /// The edit (trim, speed, text, sound) was rendered into the file that is posted.
    case clipRendered(path: String, renderUs: Int64)
    case posted(postID: Int64)
    /// `detail`: what went wrong in the machinery's words (a video's GStreamer error), for the log.
    case error(kind: String, message: String, postID: Int64?, detail: String? = nil)
    /// A post was shared: `method` is `copy_file`, `copy_link` or `show_in_files`.
    case share(postID: Int64, method: String, shareCount: Int)
    /// Keyboard focus moved to a control: its widget type and the name it shows (tooltip or label);
    /// its box in its window (`x`, `y`, `width`, `height`), the focused `link` of a label with links
    /// (also when only the link moved), whether GTK shows the focus ring (`visible`) and which
    /// window (`window`: its title).
    case focus(widget: String, name: String, x: Int = 0, y: Int = 0, width: Int = 0, height: Int = 0,
               link: String = "", visible: Bool = false, window: String = "")
    /// An import of chosen or dropped files moved on: `done` of `total` files looked at.
    case importProgress(done: Int, total: Int, added: Int, duplicates: Int)
    /// An import ended (finished, cancelled, or stopped by `failure`).
    case importFinished(added: Int, duplicates: Int, unreadable: Int, problems: Int, cancelled: Bool)
    /// The Create tab shows one of its pages: camera, missing (no camera), edit, posting.
    case createPage(name: String)
    /// The Create tab's camera shows live pictures (`device`: the camera's name), so holding R
    /// records from now on.
    case cameraLive(device: String)
    /// GTK's renderer as chosen at launch (`renderer`: "cairo", "gl", or "default" for GTK's own
    /// choice), why, and how long asking the display for its GL renderer took; the frame path
    /// chosen with it (`video_path`: "gl" or "memory", `video_reason`) and whether video is
    /// decoded in hardware (`decoding`: "va" or "software", `decoding_reason`).
    case renderer(name: String, reason: String, probeUs: Int64, videoPath: String = "memory", videoReason: String = "",
                  decoding: String = "software", decodingReason: String = "")
    /// A player left the GL frame path for the memory path (`path`: "memory") and why: the
    /// pipeline failed before its first frame. The video keeps playing.
    case videoPath(path: String, reason: String)
    /// A subscription was refreshed (or added): its entries, how many were new, the failure.
    case feedRefreshed(url: String, items: Int, added: Int, error: String?)
    /// A step of the launch reached at `atUs` (the events' own clock), so a launch can be broken
    /// down: `main`, `gstreamer_ready`, `activate`, `window_built`, `window_mapped`.
    case launchMark(name: String, atUs: Int64)
    /// The window told the user something that is not an error: what was left out of a paste
    /// over a field's limit, the paths given at launch that were skipped.
    case notice(message: String)
    /// A player's sound went (`available` false: its audio sink failed, the sound server gone;
    /// the video plays on silently) or came back; `detail`: why, for the log.
    case sound(available: Bool, detail: String)
    /// The main loop did not come round for `ms` milliseconds (the watchdog of debug and test
    /// builds; the main thread's stack went to stderr).
    case stall(ms: Int64)
    /// Asked for with SIGUSR1: how many GObjects the Swift wrappers hold now, textures apart,
    /// and the process's open files and threads (the soak's leak checks).
    case liveObjects(handles: Int, textures: Int, files: Int, threads: Int, byType: [String: Int] = [:])
    /// Discover searched the library for `query`: what it found, and how long the library took (µs).
    case search(query: String, results: Int, us: Int64)
    /// What Discover found: `scope` "networks" or "local", `source` what was asked ("search",
    /// "trending", "hot", "newest", "tag", "channel", "channels", "people", "library"), `count` the
    /// items this answer gave; `total` the list's length now, `page` which page, `hidden` what the
    /// vertical filter left out, `failures` the servers that did not answer, `unreadable` what
    /// they listed that could not be read.
    case exploreResults(scope: String, query: String, count: Int, source: String, total: Int = 0, page: Int = 1,
                        hidden: Int = 0, failures: Int = 0, unreadable: Int = 0)
    /// Your profile was stored as shown (after the library took it): its handle, name and bio.
    case profileSaved(handle: String, name: String, bio: String)
    /// Asked for with SIGUSR2: a label a window shows, its box, the size of its text and why part of
    /// that text cannot be seen (empty when all of it can), one event each, then `labelsShown` with
    /// how many (large text must cut none off).
    case label(window: String, text: String, x: Int, y: Int, width: Int, height: Int, textWidth: Int, textHeight: Int,
               clipped: String)
    case labelsShown(count: Int)
    /// A post was left: how it was watched (`WatchSignal`).
    case watched(WatchSignal)
    /// Home shows For You or Following (`order`: ranked or newest_first) from its first posts
    /// (`posts`: their ids in order, space-separated: the order a case compares).
    case homeFeed(kind: String, order: String, posts: [Int64])
    /// A For You signal was kept in the library (or not: recording paused).
    case interest(action: String, postID: Int64, kept: Bool)
    /// Why this video? was shown: its reasons in the words shown, strongest first, joined by " | ".
    case why(postID: Int64, reasons: String)
    /// The user moved the loop to `toMs` of `durationMs` (the progress bar, Left and Right).
    case seek(postID: Int64, toMs: Int64, durationMs: Int64)
    /// The sound as the user set it (the volume 0...1, muted).
    case volume(level: Double, muted: Bool)
    /// The user followed (or stopped following) a creator.
    case follow(handle: String, following: Bool)
    /// A remote post's rendition failed (`failed`, its error's `kind`) and the next one plays
    /// (`next`, the short side of its picture: `resolution`, 0 when unknown).
    case renditionFallback(postID: Int64, failed: String, kind: String, next: String, resolution: Int)
    /// A remote post's counts as its network said them and the rail shows them (with the like
    /// and the comments made only here); `views` nil where the network counts none.
    case remoteCounts(postID: Int64, likes: Int, comments: Int, views: Int?)
    /// The comments sheet of a post shows `remote` comments from its network (threads and the
    /// replies shown) and `local` ones made on this computer; after each page the network answered.
    case commentsShown(postID: Int64, remote: Int, local: Int)
    /// Captions of a post switched on (in `language`) or off, or another language chosen.
    case captions(postID: Int64, language: String?, shown: Bool)
    /// An action on the user's account moved on in the outbox (`action`: like, unlike, comment,
    /// reply, delete_comment, follow, unfollow; `state`: queued, sent or refused; `attempt`: the
    /// sendings begun so far), for the library's post (`post_id`, null for a follow); `entry` the
    /// outbox's id, `reason` why it was refused or waits (empty when sent).
    case outbox(action: String, postID: Int64?, state: String, attempt: Int, entry: Int64 = 0, reason: String = "")
    /// An account is signed in (`kind`: "peertube" or "loops"); `restored`: found signed in at
    /// launch (its tokens in the keyring), not signed in now; `session_only`: no keyring kept it.
    /// Never a token.
    case signedIn(host: String, kind: String, restored: Bool = false, sessionOnly: Bool = false)
    case signedOut(host: String, kind: String)
    /// What an account follows and likes was brought in after it signed in: `channels` followed
    /// here now, `liked` videos kept as liked; `failure` why it could not be read (else empty).
    case accountImported(host: String, channels: Int, liked: Int, failure: String = "")
    /// A post on its way to a PeerTube channel moved on (`state`: starting, sending, waiting,
    /// processing, published, failed, cancelled), with the `bytes` the server has of `total`;
    /// `reason` why it waits or failed.
    case upload(state: String, bytes: Int64, total: Int64, postID: Int64, reason: String = "")

    public var name: String {
        switch self {
        case .ready: "ready"
        case .page: "page"
        case .firstFrame: "first_frame"
        case .pageShown: "page_shown"
        case .loop: "loop"
        case .like: "like"
        case .commentAdded: "comment_added"
        case .commentDeleted: "comment_deleted"
        case .recordStarted: "record_started"
        case .recordFinished: "record_finished"
        case .clipRendered: "clip_rendered"
        case .posted: "posted"
        case .error: "error"
        case .renditionFallback: "rendition_fallback"
        case .share: "share"
        case .focus: "focus"
        case .importProgress: "import_progress"
        case .importFinished: "import_finished"
        case .feedRefreshed: "feed_refreshed"
        case .createPage: "create_page"
        case .cameraLive: "camera_live"
        case .renderer: "renderer"
        case .videoPath: "video_path"
        case .launchMark: "launch_mark"
        case .notice: "notice"
        case .sound: "sound"
        case .stall: "stall"
        case .liveObjects: "live_objects"
        case .search: "search"
        case .exploreResults: "explore_results"
        case .profileSaved: "profile_saved"
        case .label: "label"
        case .labelsShown: "labels_shown"
        case .watched: "watched"
        case .homeFeed: "home_feed"
        case .interest: "interest"
        case .why: "why"
        case .seek: "seek"
        case .volume: "volume"
        case .follow: "follow"
        case .remoteCounts: "remote_counts"
        case .commentsShown: "comments_shown"
        case .captions: "captions"
        case .outbox: "outbox"
        case .signedIn: "signed_in"
        case .signedOut: "signed_out"
        case .accountImported: "account_imported"
        case .upload: "upload"
        }
    }

    /// The event's own fields, in a stable order.
    public var fields: [(String, JSONValue)] {
        switch self {
        case .ready(let posts):
            [("posts", .int(Int64(posts)))]
        case .page(let index, let postID, let uri, let liked, let likeCount, let commentCount, let author, let shareCount,
                   let cached, let remoteHost, let remoteID):
            [("index", .int(Int64(index))), ("post_id", .int(postID)), ("uri", .string(uri)),
             ("liked", .bool(liked)), ("like_count", .int(Int64(likeCount))),
             ("comment_count", .int(Int64(commentCount))), ("author", .string(author)),
             ("share_count", .int(Int64(shareCount))), ("cached", .bool(cached))]
                + (remoteHost.map { [("remote_host", JSONValue.string($0))] } ?? [])
                + (remoteID.map { [("remote_id", JSONValue.string($0))] } ?? [])
        case .pageShown(let postID, let index, let latencyUs):
            [("post_id", .int(postID)), ("index", .int(Int64(index))), ("latency_us", .int(latencyUs))]
        case .firstFrame(let postID, let index, let latencyUs, let width, let height):
            [("post_id", .int(postID)), ("index", .int(Int64(index))), ("latency_us", .int(latencyUs)),
             ("width", .int(Int64(width))), ("height", .int(Int64(height)))]
        case .loop(let postID, let seamUs, let intervalUs, let framesDecoded, let framesPresented):
            [("post_id", .int(postID)), ("seam_us", .int(seamUs)), ("interval_us", .int(intervalUs)),
             ("frames_decoded", .int(Int64(framesDecoded))), ("frames_presented", .int(Int64(framesPresented)))]
        case .like(let postID, let liked, let likeCount):
            [("post_id", .int(postID)), ("liked", .bool(liked)), ("like_count", .int(Int64(likeCount)))]
        case .commentAdded(let postID, let commentID), .commentDeleted(let postID, let commentID):
            [("post_id", .int(postID)), ("comment_id", .int(commentID))]
        case .recordStarted:
            []
        case .recordFinished(let path, let duration, let finalizeUs):
            [("path", .string(path)), ("duration", .double(duration)), ("finalize_us", .int(finalizeUs))]
        case .clipRendered(let path, let renderUs):
            [("path", .string(path)), ("render_us", .int(renderUs))]
        case .posted(let postID):
            [("post_id", .int(postID))]
        case .error(let kind, let message, let postID, let detail):
            [("kind", .string(kind)), ("message", .string(message))] + (postID.map { [("post_id", .int($0))] } ?? [])
                + (detail.map { [("detail", .string($0))] } ?? [])
        case .share(let postID, let method, let shareCount):
            [("post_id", .int(postID)), ("method", .string(method)), ("share_count", .int(Int64(shareCount)))]
        case .focus(let widget, let name, let x, let y, let width, let height, let link, let visible, let window):
            [("widget", .string(widget)), ("name", .string(name)), ("x", .int(Int64(x))), ("y", .int(Int64(y))),
             ("width", .int(Int64(width))), ("height", .int(Int64(height))), ("link", .string(link)),
             ("visible", .bool(visible)), ("window", .string(window))]
        case .importProgress(let done, let total, let added, let duplicates):
            [("done", .int(Int64(done))), ("total", .int(Int64(total))), ("added", .int(Int64(added))),
             ("duplicates", .int(Int64(duplicates)))]
        case .importFinished(let added, let duplicates, let unreadable, let problems, let cancelled):
            [("added", .int(Int64(added))), ("duplicates", .int(Int64(duplicates))),
             ("unreadable", .int(Int64(unreadable))), ("problems", .int(Int64(problems))), ("cancelled", .bool(cancelled))]
        case .createPage(let name):
            [("page", .string(name))]
        case .cameraLive(let device):
            [("device", .string(device))]
        case .renderer(let name, let reason, let probeUs, let videoPath, let videoReason, let decoding, let decodingReason):
            [("renderer", .string(name)), ("reason", .string(reason)), ("probe_us", .int(probeUs)),
             ("video_path", .string(videoPath)), ("video_reason", .string(videoReason)),
             ("decoding", .string(decoding)), ("decoding_reason", .string(decodingReason))]
        case .videoPath(let path, let reason):
            [("path", .string(path)), ("reason", .string(reason))]
        case .feedRefreshed(let url, let items, let added, let error):
            [("url", .string(url)), ("items", .int(Int64(items))), ("added", .int(Int64(added)))]
                + [("error", error.map(JSONValue.string) ?? .string(""))]
        case .launchMark(let name, let atUs):
            [("mark", .string(name)), ("at_us", .int(atUs))]
        case .notice(let message):
            [("message", .string(message))]
        case .sound(let available, let detail):
            [("available", .bool(available)), ("detail", .string(detail))]
        case .stall(let ms):
            [("ms", .int(ms))]
        case .liveObjects(let handles, let textures, let files, let threads, let byType):
            [("handles", .int(Int64(handles))), ("textures", .int(Int64(textures))),
             ("files", .int(Int64(files))), ("threads", .int(Int64(threads))),
             ("by_type", .object(byType.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.int(Int64($0.value))) }))]
        case .search(let query, let results, let us):
            [("query", .string(query)), ("results", .int(Int64(results))), ("us", .int(us))]
        case .exploreResults(let scope, let query, let count, let source, let total, let page, let hidden, let failures,
                             let unreadable):
            [("scope", .string(scope)), ("query", .string(query)), ("count", .int(Int64(count))), ("source", .string(source)),
             ("total", .int(Int64(total))), ("page", .int(Int64(page))), ("hidden", .int(Int64(hidden))),
             ("failures", .int(Int64(failures))), ("unreadable", .int(Int64(unreadable)))]
        case .profileSaved(let handle, let name, let bio):
            [("handle", .string(handle)), ("name", .string(name)), ("bio", .string(bio))]
        case .label(let window, let text, let x, let y, let width, let height, let textWidth, let textHeight, let clipped):
            [("window", .string(window)), ("text", .string(text)), ("x", .int(Int64(x))), ("y", .int(Int64(y))),
             ("width", .int(Int64(width))), ("height", .int(Int64(height))), ("text_width", .int(Int64(textWidth))),
             ("text_height", .int(Int64(textHeight))), ("clipped", .string(clipped))]
        case .labelsShown(let count):
            [("count", .int(Int64(count)))]
        case .renditionFallback(let postID, let failed, let kind, let next, let resolution):
            [("post_id", .int(postID)), ("failed", .string(failed)), ("kind", .string(kind)), ("next", .string(next)),
             ("resolution", .int(Int64(resolution)))]
        case .watched(let signal):
            [("post_id", .int(signal.postID)), ("watched_ms", .int(signal.watchedMs)),
             ("loops", .int(Int64(signal.loops))), ("completed", .bool(signal.completed)),
             ("skipped", .bool(signal.skipped))]
        case .homeFeed(let kind, let order, let posts):
            [("kind", .string(kind)), ("order", .string(order)),
             ("posts", .string(posts.map(String.init).joined(separator: " ")))]
        case .interest(let action, let postID, let kept):
            [("action", .string(action)), ("post_id", .int(postID)), ("kept", .bool(kept))]
        case .why(let postID, let reasons):
            [("post_id", .int(postID)), ("reasons", .string(reasons))]
        case .seek(let postID, let toMs, let durationMs):
            [("post_id", .int(postID)), ("to_ms", .int(toMs)), ("duration_ms", .int(durationMs))]
        case .volume(let level, let muted):
            [("level", .double(level)), ("muted", .bool(muted))]
        case .follow(let handle, let following):
            [("handle", .string(handle)), ("following", .bool(following))]
        case .remoteCounts(let postID, let likes, let comments, let views):
            [("post_id", .int(postID)), ("likes", .int(Int64(likes))), ("comments", .int(Int64(comments))),
             ("views", views.map { .int(Int64($0)) } ?? .null)]
        case .commentsShown(let postID, let remote, let local):
            [("post_id", .int(postID)), ("remote", .int(Int64(remote))), ("local", .int(Int64(local)))]
        case .captions(let postID, let language, let shown):
            [("post_id", .int(postID)), ("language", language.map { .string($0) } ?? .null), ("shown", .bool(shown))]
        case .outbox(let action, let postID, let state, let attempt, let entry, let reason):
            [("action", .string(action)), ("post_id", postID.map { .int($0) } ?? .null), ("state", .string(state)),
             ("attempt", .int(Int64(attempt))), ("entry", .int(entry)), ("reason", .string(reason))]
        case .signedIn(let host, let kind, let restored, let sessionOnly):
            [("host", .string(host)), ("kind", .string(kind)), ("restored", .bool(restored)),
             ("session_only", .bool(sessionOnly))]
        case .signedOut(let host, let kind):
            [("host", .string(host)), ("kind", .string(kind))]
        case .accountImported(let host, let channels, let liked, let failure):
            [("host", .string(host)), ("channels", .int(Int64(channels))), ("liked", .int(Int64(liked))),
             ("failure", .string(failure))]
        case .upload(let state, let bytes, let total, let postID, let reason):
            [("state", .string(state)), ("bytes", .int(bytes)), ("total", .int(total)), ("post_id", .int(postID)),
             ("reason", .string(reason))]
        }
    }

    /// One line of the log, without the newline.
    public func jsonLine(timeMicroseconds: Int64) -> String {
        let all = [("event", JSONValue.string(name)), ("t_us", .int(timeMicroseconds))] + fields
        return "{" + all.map { "\(JSONValue.string($0.0).encoded):\($0.1.encoded)" }.joined(separator: ",") + "}"
    }
}

/// The few JSON values the event log needs, encoded without Foundation's encoder so the
/// field order is stable and a line is built without allocation-heavy reflection.
public enum JSONValue: Sendable, Equatable {
    case string(String)
    case int(Int64)
    case double(Double)
    case bool(Bool)
    case null
    /// Keys in the order given.
    indirect case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.encoded == rhs.encoded }

    public var encoded: String {
        switch self {
        case .object(let fields):
            return "{" + fields.map { JSONValue.string($0.0).encoded + ":" + $0.1.encoded }.joined(separator: ",") + "}"
        case .int(let v): return String(v)
        case .bool(let v): return v ? "true" : "false"
        case .null: return "null"
        case .double(let v): return v.isFinite ? String(v) : "null"
        case .string(let s):
            var out = "\""
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case _ where scalar.value < 0x20:
                    out += String(format: "\\u%04x", scalar.value)
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
    }
}

/// Receives app events; the file log and test fakes implement it.
public protocol EventSink: AnyObject, Sendable {
    func emit(_ event: AppEvent)
}

/// A monotonic clock in microseconds, for event times and latencies.
public protocol MonotonicClock: Sendable {
    func nowMicroseconds() -> Int64
}

public struct SystemMonotonicClock: MonotonicClock {
    public init() {}
    public func nowMicroseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000 + Int64(ts.tv_nsec) / 1_000
    }
}
