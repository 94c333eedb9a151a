import FeedCore
import Foundation
import Localization

/// What a server's answer to an outbox request means for the outbox (`OutboxRules.Outcome`), and
/// the requests' common shape: JSON in and out, the account's bearer token, a bounded answer.
enum OutboxAnswer {
    /// The largest answer read: a comment, a page of a thread, a search's first results.
    static let maximumBodyBytes = 4 << 20

    static func request(_ method: HTTPRequest.Method, _ url: URL, token: String, json: [String: Any]? = nil) -> HTTPRequest {
        var headers: HTTPHeaders = ["Accept": "application/json", "Authorization": "Bearer " + token]
        var body: [UInt8]?
        if let json, let data = try? JSONSerialization.data(withJSONObject: json) {
            headers.add("Content-Type", "application/json")
            body = Array(data)
        } else if method == .post || method == .put {
            body = []
        }
        return HTTPRequest(method, url: url, headers: headers, body: body, priority: .background,
                           maximumBodyBytes: maximumBodyBytes)
    }

    /// `answer` as an outcome: a 2xx is done (the caller reads what it gave), a 401 asks for the
    /// token to be renewed, a 404 is not there, a 429 or 503 is busy (for its Retry-After), other
    /// 5xx and no answer at all are retried, any other 4xx is refused in the server's words.
    static func outcome(_ answer: Result<HTTPResponse, HTTPFailure>, now: Date) -> OutboxRules.Outcome {
        switch answer {
        case .failure(let failure):
            return .unreachable(failure.description)
        case .success(let response):
            let status = response.status
            switch status {
            case 200..<300: return .done(remoteID: nil)
            case 401: return .unauthorized
            case 404: return .notFound
            case 429, 503:
                return .busy(retryAfterMs: response.head.retryAfterSeconds(now: now).map { Int64(($0 * 1000).rounded(.up)) })
            case 500...: return .serverError(status: status)
            default:
                return .refused(status: status, message: message(in: response.body)
                                ?? tr("the server answered {status}", ["status": String(status)]))
            }
        }
    }

    /// The server's reason in its words: PeerTube's problem document (`detail`, else `error`),
    /// Loops' `message` or `error.message`; the first message of a field error where there is one.
    static func message(in body: [UInt8]) -> String? {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] else { return nil }
        let candidates: [Any?] = [object["detail"], object["message"], (object["error"] as? [String: Any])?["message"],
                                  object["error"], object["title"]]
        let words = candidates.compactMap { ($0 as? String)?.trimmingCharacters(in: .whitespacesAndNewlines) }
            .first { !$0.isEmpty }
        return words.map { String($0.prefix(300)) }
    }

    /// The JSON object of a 2xx answer.
    static func object(_ answer: Result<HTTPResponse, HTTPFailure>) -> [String: Any]? {
        guard case .success(let response) = answer, response.head.isSuccess else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any]
    }

    /// An id as a JSON answer writes it: a number (PeerTube) or a string (Loops' snowflakes).
    static func id(_ value: Any?) -> String? {
        switch value {
        case let text as String where !text.isEmpty: text
        case let number as NSNumber: number.stringValue
        default: nil
        }
    }
}
