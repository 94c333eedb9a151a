import FeedCore
import Foundation
import Localization

/// Loops' upload as requests and what their answers mean (joinloops/loops-server routes/api.php
/// `POST /api/v1/studio/upload` -> VideoController::store, validated by StoreVideoRequest;
/// `GET /api/v1/studio/posts` -> StudioController::getPosts). One multipart POST with the whole
/// file: Loops has no resumable upload. Its success answers no id (ApiHelpers::success, `{data:
/// [], error: {code: "ok"}}`), so the new video is found in the account's own videos by its
/// caption, newer than the upload.
enum LoopsUploadCalls {
    static let path = "/api/v1/studio/upload"
    /// StoreVideoRequest: `description` is `nullable|string|max:200`.
    static let descriptionLength = 200
    /// getPosts' `search` is `min:2|max:30`, matched as `caption LIKE %search%`.
    static let searchLength = 2...30
    /// Loops' clock and ours may differ: a video this much older than the upload may still be it.
    static let clockSlackMs: Int64 = 120_000
    /// Looks for a video the server took but does not list, before saying so (a minute at 2 s).
    static let mostLooks = 30

    enum Answer: Equatable {
        /// The server has the video (its id is found in the account's videos).
        case taken
        case unauthorized
        /// Too big for the server (413, or StoreVideoRequest's size rule), in words.
        case tooBig(String)
        /// Any other 4xx (a 422's message, a 403 when the account may not upload), in words.
        case refused(String)
        /// Lost connection, 5xx, 429: send again later (after `retryAfterSeconds` when it said).
        case tryLater(reason: String, retryAfterSeconds: Double?)
    }

    /// One of the account's videos as the studio lists it (StudioVideoResource).
    struct Posted: Equatable {
        var id: String
        var caption: String
        var createdMs: Int64?
        /// Its page: Loops gives it once the video is published (`url`), none while processing.
        var page: URL?
    }

    /// What the description is: the whole caption as Loops keeps it (SanitizeService::cleanPlainText:
    /// tags stripped, at most one empty line in a row, trimmed), cut to its limit (counted as
    /// Laravel's `max` counts, in code points). Sent so, the video's caption is this text, which
    /// is how it is found again.
    static func description(of metadata: UploadMetadata) -> String {
        let whole = plainText(metadata.wholeCaption)
        let scalars = whole.unicodeScalars
        guard scalars.count > descriptionLength else { return whole }
        return String(String.UnicodeScalarView(scalars.prefix(descriptionLength - 1))) + "…"
    }

    /// PHP's strip_tags as cleanPlainText uses it (a `<` before a space is no tag), then its line rules.
    static func plainText(_ text: String) -> String {
        var cleaned = text.replacingOccurrences(of: "<(?![\\s<])[^>]*(>|$)", with: "", options: .regularExpression)
        cleaned = cleaned.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        cleaned = cleaned.replacingOccurrences(of: "\n{3,}", with: "\n\n", options: .regularExpression)
        return cleaned.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The multipart body: `video` (the file), `description`, `comment_state` (4 comments
    /// allowed, 0 not: VideoController::store).
    static func upload(origin: URL, token: String, metadata: UploadMetadata, video: [UInt8]) -> HTTPRequest {
        let boundary = "loopfeed-" + UUID().uuidString
        var body: [UInt8] = []
        func field(_ name: String, _ value: String) {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        let text = description(of: metadata)
        if !text.isEmpty { field("description", text) }
        field("comment_state", metadata.allowsComments ? "4" : "0")
        let filename = metadata.filename.replacingOccurrences(of: "\"", with: "")
        body += Array(("--\(boundary)\r\nContent-Disposition: form-data; name=\"video\"; filename=\"\(filename)\"\r\n"
                       + "Content-Type: video/mp4\r\n\r\n").utf8)
        body += video
        body += Array("\r\n--\(boundary)--\r\n".utf8)
        return HTTPRequest(.post, url: origin.appendingPathComponent(path), headers: [
            "Accept": "application/json", "Authorization": "Bearer " + token,
            "Content-Type": "multipart/form-data; boundary=\(boundary)",
        ], body: body, priority: .background, maximumBodyBytes: OutboxAnswer.maximumBodyBytes, waitsOutPauses: false)
    }

    static func answer(_ result: Result<HTTPResponse, HTTPFailure>, now: Date) -> Answer {
        let response: HTTPResponse
        switch result {
        case .failure(.asksToWait(let seconds)):
            return .tryLater(reason: HTTPFailure.asksToWait(seconds: seconds).description, retryAfterSeconds: Double(seconds))
        case .failure(let failure): return .tryLater(reason: failure.description, retryAfterSeconds: nil)
        case .success(let answer): response = answer
        }
        let words = OutboxAnswer.message(in: response.body)
        let status = tr("the server answered {status}", ["status": String(response.status)])
        switch response.status {
        case 200...299: return .taken
        case 401: return .unauthorized
        case 413: return .tooBig(words ?? tr("the server does not take a file this big"))
        case 422 where (words ?? "").contains("greater than") && (words ?? "").contains("kilobytes"): return .tooBig(words ?? status)
        case 429, 500...:
            return .tryLater(reason: words ?? status, retryAfterSeconds: response.head.retryAfterSeconds(now: now))
        default: return .refused(words ?? status)
        }
    }

    /// The account's newest videos (20, getPosts' most), those whose caption holds `caption`'s
    /// start when it is long enough to search by.
    static func posts(origin: URL, token: String, caption: String) -> HTTPRequest {
        var parts = URLComponents(url: origin.appendingPathComponent("/api/v1/studio/posts"), resolvingAgainstBaseURL: false)
        var query = [URLQueryItem(name: "limit", value: "20")]
        let search = String(caption.prefix(searchLength.upperBound)).trimmingCharacters(in: .whitespaces)
        if searchLength.contains(search.count) { query.append(URLQueryItem(name: "search", value: search)) }
        parts?.queryItems = query
        return HTTPRequest(.get, url: parts?.url ?? origin, headers: ["Accept": "application/json", "Authorization": "Bearer " + token],
                           priority: .background, maximumBodyBytes: OutboxAnswer.maximumBodyBytes, waitsOutPauses: false)
    }

    /// The listed videos; nil when the answer is no list (the look is then tried again).
    static func posted(_ result: Result<HTTPResponse, HTTPFailure>) -> [Posted]? {
        guard let items = OutboxAnswer.object(result)?["data"] as? [[String: Any]] else { return nil }
        let dates = ISO8601DateFormatter()
        return items.compactMap { item in
            guard let id = OutboxAnswer.id(item["id"]) else { return nil }
            let created = (item["created_at"] as? String).flatMap { dates.date(from: $0) }
            return Posted(id: id, caption: (item["caption"] as? String) ?? "",
                          createdMs: created.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) },
                          page: (item["url"] as? String).flatMap(URL.init(string:)))
        }
    }

    /// The upload's video among `posts`: the same caption, not older than the upload (with some
    /// slack for the clocks), not one another upload already took. Two uploads with the same
    /// caption within the slack cannot be told apart; the older one is taken first.
    static func match(_ posts: [Posted], description: String, begunMs: Int64?, taken: Set<String>) -> Posted? {
        let wanted = plainText(description)
        return posts.filter { post in
            plainText(post.caption) == wanted && !taken.contains(post.id)
                && (begunMs.map { (post.createdMs ?? .max) >= $0 - clockSlackMs } ?? true)
        }.min { ($0.createdMs ?? 0) < ($1.createdMs ?? 0) }
    }
}

extension LoopsUploadCalls {
    /// A signed-in Loops account as a destination of the posting page: the account itself.
    static func destination(_ account: AccountKey) -> UploadChannel {
        let host = URL(string: account.server).flatMap(RemoteHost.host(of:)) ?? account.server
        return UploadChannel(account: account, id: 0, displayName: "Loops", accountHandle: "\(account.name)@\(host)",
                             network: .loops)
    }
}

extension LoopsUploadCalls {
    /// Why looking through the account's videos failed, in words.
    static func lookFailure(_ result: Result<HTTPResponse, HTTPFailure>) -> String {
        switch result {
        case .failure(let failure): failure.description
        case .success(let response):
            OutboxAnswer.message(in: response.body) ?? tr("the server answered {status}", ["status": String(response.status)])
        }
    }
}
