import FeedCore
import Foundation

/// GETs of the networks' APIs over the app's one HTTP client: an answer's status in
/// `NetworkFailure`'s words (404 not found, 429 busy with its Retry-After, another refusal with the
/// server's own message), its body read off the main thread, and the last answer of each address
/// kept with its ETag, so asking again (counts kept fresh, a thread reopened) is a conditional
/// request that a 304 answers without a body.
@MainActor
final class NetworkAPI {
    /// Answers kept for conditional requests: the newest this many, each at most `rememberedBytes`.
    static let rememberedAnswers = 64
    static let rememberedBytes = 256 * 1024

    private let transport: any HTTPTransport
    private let decoding: any NetworkDocumentDecoding
    private var remembered: [URL: (etag: String, body: [UInt8])] = [:]
    private var rememberedOrder: [URL] = []

    init(transport: any HTTPTransport, decoding: any NetworkDocumentDecoding) {
        self.transport = transport
        self.decoding = decoding
    }

    /// GET `url` of `server` (the host its failures name), its body read by `read`; `then` once,
    /// on the main loop, never after the request was cancelled.
    @discardableResult
    func get<Value: Sendable>(_ url: URL, server: String, accept: String = "application/json",
                              read: @escaping @Sendable (Data) throws(RemoteDocumentError) -> Value,
                              then: @escaping @MainActor (Result<Value, NetworkFailure>) -> Void) -> ExchangeCall {
        let request = ExchangeCall()
        var headers: HTTPHeaders = ["Accept": accept]
        let known = remembered[url]
        if let known { headers["If-None-Match"] = known.etag }
        let asked = HTTPRequest(.get, url: url, headers: headers, maximumBodyBytes: RemoteDocumentError.maximumBytes)
        // The exchange's handler holds the request (its caller may let it go) until it ends.
        request.exchange = transport.fetch(asked) { [weak self] result in
            guard let self, !request.cancelled else { return }
            request.exchange = nil
            switch result {
            case .failure(.cancelled):
                return
            case .failure(.tooLarge(let limit)):
                then(.failure(.unreadable(server: server, .tooLarge(bytes: limit))))
            case .failure(let failure):
                then(.failure(.unreachable(server: server, failure)))
            case .success(let response):
                let body: [UInt8]
                if response.notModified, let known {
                    body = known.body
                } else {
                    body = response.body
                    if response.head.isSuccess { remember(url, etag: response.etag, body: body) }
                }
                let head = response.head
                decoding.decode({ Self.answer(head, body: body, server: server, read: read) }) { value in
                    guard !request.cancelled else { return }
                    then(value)
                }
            }
        }
        return request
    }

    /// What an answer means: a success read, or why not.
    nonisolated private static func answer<Value>(_ head: HTTPHead, body: [UInt8], server: String,
                                                  read: (Data) throws(RemoteDocumentError) -> Value)
        -> Result<Value, NetworkFailure> {
        switch head.status {
        case 200..<300, 304:
            do {
                return .success(try read(Data(body)))
            } catch {
                return .failure(.unreadable(server: server, error))
            }
        case 404, 410:
            return .failure(.notFound(server: server))
        case 429:
            return .failure(.busy(server: server, retryAfter: retryAfter(head)))
        case 503 where head.headers["Retry-After"] != nil:
            return .failure(.busy(server: server, retryAfter: retryAfter(head)))
        default:
            let problem = body.count <= 64 * 1024 ? NetworkDocuments.problem(Data(body)) : nil
            return .failure(.refused(server: server, status: head.status, message: problem?.message))
        }
    }

    nonisolated private static func retryAfter(_ head: HTTPHead) -> Int? {
        head.retryAfterSeconds(now: Date()).map { Int(min($0.rounded(.up), 86_400)) }
    }

    private func remember(_ url: URL, etag: String?, body: [UInt8]) {
        rememberedOrder.removeAll { $0 == url }
        guard let etag, !etag.isEmpty, body.count <= Self.rememberedBytes else {
            remembered[url] = nil
            return
        }
        remembered[url] = (etag, body)
        rememberedOrder.append(url)
        while rememberedOrder.count > Self.rememberedAnswers { remembered[rememberedOrder.removeFirst()] = nil }
    }
}
