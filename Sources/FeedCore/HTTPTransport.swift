/// What an exchange tells its caller, in this order: one `head`, its body in `chunk`s, then
/// `end`; or `failed` in place of whatever is left. Nothing comes after `end` or `failed`.
public enum HTTPEvent: Sendable, Equatable {
    case head(HTTPHead)
    case chunk([UInt8])
    case end
    case failed(HTTPFailure)
}

/// How much of a request's body has gone to the server: `sent` of `total` bytes written to the
/// connection (not yet what the server kept: that only its answer says). Told while the body is
/// written, at most about ten times a second, always before the answer's head; a request sent
/// again (a redirect, a connection the client opened anew) starts again from 0.
public struct HTTPUploadProgress: Sendable, Equatable {
    public var sent: Int64
    public var total: Int64

    public init(sent: Int64, total: Int64) {
        self.sent = sent
        self.total = total
    }
}

/// A request under way.
@MainActor
public protocol HTTPExchange: AnyObject {
    /// Stops it: its events end with `.failed(.cancelled)`, unless they had ended already.
    func cancel()
    /// It matters more now (a prefetch that became the video on screen): one still waiting for
    /// its host's room goes ahead as if sent with `priority`. Nothing for one under way.
    func raise(to priority: HTTPRequest.Priority)
}

extension HTTPExchange {
    public func raise(to priority: HTTPRequest.Priority) {}
}

/// The one way Loopfeed talks HTTP: SoupKit's `HTTPClient` (libsoup 3, made once by the
/// composition root and shared by every caller, so all obey its per-host limits, Retry-After
/// pauses and timeouts), FeedTesting's `FakeHTTPTransport` in tests.
///
/// Events arrive on the main loop (GLib owns the main thread), never from within `send` or
/// `cancel`, so a caller may send or cancel from inside its own handler. So does `progress`, for
/// a request with a body whose caller asked for it (an upload's banner), before any event.
@MainActor
public protocol HTTPTransport: AnyObject {
    @discardableResult
    func send(_ request: HTTPRequest, progress: (@MainActor (HTTPUploadProgress) -> Void)?,
              events: @escaping @MainActor (HTTPEvent) -> Void) -> any HTTPExchange
}

extension HTTPTransport {
    /// A request whose body's progress the caller does not follow.
    @discardableResult
    public func send(_ request: HTTPRequest, events: @escaping @MainActor (HTTPEvent) -> Void) -> any HTTPExchange {
        send(request, progress: nil, events: events)
    }

    /// The whole answer, whatever its status, body kept (up to the request's
    /// `maximumBodyBytes`): `then` once, after `progress` while the body goes (when given).
    /// `HTTPResponse.checked` makes any status but 2xx and 304 a failure.
    @discardableResult
    public func fetch(_ request: HTTPRequest, progress: (@MainActor (HTTPUploadProgress) -> Void)? = nil,
                      then: @escaping @MainActor (Result<HTTPResponse, HTTPFailure>) -> Void) -> any HTTPExchange {
        var response: HTTPResponse?
        return send(request, progress: progress) { event in
            switch event {
            case .head(let head): response = HTTPResponse(head: head)
            case .chunk(let bytes): response?.body.append(contentsOf: bytes)
            case .end: then(response.map { .success($0) } ?? .failure(.network("no answer")))
            case .failed(let failure): then(.failure(failure))
            }
        }
    }

    /// A 2xx body handed over as it arrives, not kept (a video written to the cache while it
    /// plays): `onHead`, then `onChunk` for each piece, then `completion` once. Any other status
    /// ends it at once with `.status(code)`.
    @discardableResult
    public func download(_ request: HTTPRequest, onHead: @escaping @MainActor (HTTPHead) -> Void,
                         onChunk: @escaping @MainActor ([UInt8]) -> Void,
                         completion: @escaping @MainActor (Result<HTTPHead, HTTPFailure>) -> Void) -> any HTTPExchange {
        var head: HTTPHead?
        var refused = false
        var exchange: (any HTTPExchange)?
        exchange = send(request) { event in
            guard !refused else { return }
            switch event {
            case .head(let answer):
                head = answer
                guard answer.isSuccess else {
                    refused = true
                    exchange?.cancel()
                    exchange = nil
                    return completion(.failure(.status(answer.status)))
                }
                onHead(answer)
            case .chunk(let bytes): onChunk(bytes)
            case .end:
                exchange = nil
                completion(head.map { .success($0) } ?? .failure(.network("no answer")))
            case .failed(let failure):
                exchange = nil
                completion(.failure(failure))
            }
        }
        // The handler holds the exchange (to stop a refused answer) until it ends.
        return exchange!
    }
}
