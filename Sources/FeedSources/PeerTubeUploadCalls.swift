import FeedCore
import Foundation
import Localization

/// PeerTube's resumable upload as requests and what their answers mean (openapi.yaml's
/// uploadResumableInit, uploadResumable, uploadResumableCancel, getVideo): the metadata first,
/// then chunks with Content-Range answered 308 with the Range the server has, then 200 with
/// the video; `bytes */TOTAL` asks where the server is.
enum PeerTubeUploadCalls {
    static let path = "/api/v1/videos/upload-resumable"

    /// What an answer means for the upload.
    enum Answer: Equatable {
        /// The first request was taken: chunks go to this address.
        case session(URL)
        /// 308: the server has bytes 0..<`bytes`.
        case has(bytes: Int64)
        /// The whole file is there: the video's uuid (and short one, for its page).
        case uploaded(uuid: String, shortUUID: String?)
        /// The token was not taken (401).
        case unauthorized
        /// The server no longer knows this upload (404): start again.
        case gone
        /// Too big for the server or over the account's quota, in words.
        case tooBig(String)
        /// Lost connection, 5xx, 429: ask again later (after `retryAfterSeconds` when it said).
        case tryLater(reason: String, retryAfterSeconds: Double?)
        /// Any other 4xx, in the server's words.
        case refused(String)
    }

    static func start(origin: URL, token: String, metadata: UploadMetadata, total: Int64) -> HTTPRequest {
        HTTPRequest(.post, url: origin.appendingPathComponent(path), headers: [
            "Accept": "application/json", "Authorization": "Bearer " + token, "Content-Type": "application/json",
            "X-Upload-Content-Length": String(total), "X-Upload-Content-Type": "video/mp4",
        ], body: metadata.jsonBody, priority: .background, maximumBodyBytes: OutboxAnswer.maximumBodyBytes, waitsOutPauses: false)
    }

    /// `bytes` from `first` of a file of `total` bytes.
    static func chunk(_ session: URL, token: String, bytes: [UInt8], first: Int64, total: Int64) -> HTTPRequest {
        HTTPRequest(.put, url: session, headers: [
            "Accept": "application/json", "Authorization": "Bearer " + token, "Content-Type": "application/octet-stream",
            "Content-Range": "bytes \(first)-\(first + Int64(bytes.count) - 1)/\(total)",
        ], body: bytes, priority: .background, maximumBodyBytes: OutboxAnswer.maximumBodyBytes, waitsOutPauses: false)
    }

    /// Where is the server? (An empty PUT with `Content-Range: bytes */TOTAL`.)
    static func status(_ session: URL, token: String, total: Int64) -> HTTPRequest {
        HTTPRequest(.put, url: session, headers: [
            "Accept": "application/json", "Authorization": "Bearer " + token, "Content-Range": "bytes */\(total)",
        ], body: [], priority: .background, maximumBodyBytes: OutboxAnswer.maximumBodyBytes, waitsOutPauses: false)
    }

    static func cancel(_ session: URL, token: String) -> HTTPRequest {
        HTTPRequest(.delete, url: session, headers: ["Authorization": "Bearer " + token], priority: .background,
                    maximumBodyBytes: OutboxAnswer.maximumBodyBytes, waitsOutPauses: false)
    }

    /// updateVideo with the thumbnail only (multipart/form-data, `thumbnailfile`).
    static func thumbnail(origin: URL, uuid: String, token: String, png: [UInt8]) -> HTTPRequest {
        let boundary = "loopfeed-" + UUID().uuidString
        var body = Array(("--\(boundary)\r\nContent-Disposition: form-data; name=\"thumbnailfile\"; filename=\"cover.png\"\r\n"
                          + "Content-Type: image/png\r\n\r\n").utf8)
        body += png
        body += Array("\r\n--\(boundary)--\r\n".utf8)
        return HTTPRequest(.put, url: origin.appendingPathComponent("/api/v1/videos/\(uuid)"), headers: [
            "Accept": "application/json", "Authorization": "Bearer " + token,
            "Content-Type": "multipart/form-data; boundary=\(boundary)",
        ], body: body, priority: .background, maximumBodyBytes: OutboxAnswer.maximumBodyBytes, waitsOutPauses: false)
    }

    /// The video, for its state while the server transcodes it.
    static func video(origin: URL, uuid: String, token: String) -> HTTPRequest {
        HTTPRequest(.get, url: origin.appendingPathComponent("/api/v1/videos/\(uuid)"),
                    headers: ["Accept": "application/json", "Authorization": "Bearer " + token],
                    priority: .background, maximumBodyBytes: OutboxAnswer.maximumBodyBytes, waitsOutPauses: false)
    }

    /// The video's page on its instance (what Share copies).
    static func page(origin: URL, uuid: String, shortUUID: String?) -> URL {
        origin.appendingPathComponent("/w/\(shortUUID ?? uuid)")
    }

    static func answer(_ result: Result<HTTPResponse, HTTPFailure>, asked: URL, now: Date) -> Answer {
        let response: HTTPResponse
        switch result {
        case .failure(.asksToWait(let seconds)):
            return .tryLater(reason: HTTPFailure.asksToWait(seconds: seconds).description, retryAfterSeconds: Double(seconds))
        case .failure(let failure): return .tryLater(reason: failure.description, retryAfterSeconds: nil)
        case .success(let answer): response = answer
        }
        let words = OutboxAnswer.message(in: response.body)
        switch response.status {
        case 308, 409:
            return .has(bytes: range(response.head.headers["Range"]))
        case 200, 201:
            if let location = response.head.headers["Location"], let url = URL(string: location, relativeTo: asked) {
                return .session(url.absoluteURL)
            }
            let object = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any]
            let video = object?["video"] as? [String: Any]
            guard let uuid = video?["uuid"] as? String else {
                return .tryLater(reason: tr("the server’s answer could not be read"), retryAfterSeconds: nil)
            }
            return .uploaded(uuid: uuid, shortUUID: video?["shortUUID"] as? String)
        case 401: return .unauthorized
        case 404: return .gone
        case 413: return .tooBig(words ?? tr("the server does not take a file this big"))
        case 403 where (words ?? "").lowercased().contains("quota"): return .tooBig(words ?? "")
        case 429, 503, 500...:
            return .tryLater(reason: words ?? tr("the server answered {status}", ["status": String(response.status)]),
                             retryAfterSeconds: response.head.retryAfterSeconds(now: now))
        default:
            if (words ?? "").lowercased().contains("quota") { return .tooBig(words ?? "") }
            return .refused(words ?? tr("the server answered {status}", ["status": String(response.status)]))
        }
    }

    /// `Range: bytes=0-N` as the count of bytes the server has (N + 1); none: 0.
    static func range(_ header: String?) -> Int64 {
        guard let header, let dash = header.lastIndex(of: "-"),
              let last = Int64(header[header.index(after: dash)...].trimmingCharacters(in: .whitespaces)) else { return 0 }
        return last + 1
    }

    /// A published video's state: nil while it is still being made, true once published, false
    /// when its transcoding failed (PeerTube's VideoState: 1 published, 7 and 8 failed).
    static func published(_ result: Result<HTTPResponse, HTTPFailure>) -> Bool? {
        guard case .success(let response) = result, response.head.isSuccess,
              let object = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any],
              let state = (object["state"] as? [String: Any])?["id"] as? Int else { return nil }
        switch state {
        case 1: return true
        case 7, 8: return false
        default: return nil
        }
    }
}

extension PeerTubeUploadCalls {
    /// The account's channels, from `/api/v1/users/me` (its `videoChannels`); none on any failure.
    @MainActor
    static func channels(of account: AccountKey, http: any HTTPTransport, accounts: any AccountTokenProviding,
                         then done: @escaping @MainActor ([UploadChannel]) -> Void) {
        guard let origin = URL(string: account.server) else { return done([]) }
        accounts.accessToken(for: account, renewing: false) { token in
            guard case .success(let token) = token else { return done([]) }
            let request = HTTPRequest(.get, url: origin.appendingPathComponent("/api/v1/users/me"),
                                      headers: ["Accept": "application/json", "Authorization": "Bearer " + token],
                                      maximumBodyBytes: OutboxAnswer.maximumBodyBytes, waitsOutPauses: false)
            http.fetch(request) { result in
                let object = OutboxAnswer.object(result)
                let handle = "\(account.name)@\(RemoteHost.host(of: origin) ?? account.server)"
                let channels = (object?["videoChannels"] as? [[String: Any]] ?? []).compactMap { channel -> UploadChannel? in
                    guard let id = channel["id"] as? Int else { return nil }
                    let name = (channel["displayName"] as? String) ?? (channel["name"] as? String) ?? String(id)
                    return UploadChannel(account: account, id: id, displayName: name, accountHandle: handle)
                }
                done(channels)
            }
        }
    }
}
