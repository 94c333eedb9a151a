/// What an exchange tells its caller, in this order: one `head`, its body in `chunk`s, then
/// `end`; or `failed` in place of whatever is left. Nothing comes after `end` or `failed`.
public enum HTTPEvent: Sendable, Equatable {
    case head(HTTPHead)
    case chunk([UInt8])
    case end
    case failed(HTTPFailure)
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
/// `cancel`, so a caller may send or cancel from inside its own handler.
@MainActor
public protocol HTTPTransport: AnyObject {
    @discardableResult
    func send(_ request: HTTPRequest, events: @escaping @MainActor (HTTPEvent) -> Void) -> any HTTPExchange
}

extension HTTPTransport {
    /// The whole answer, whatever its status, body kept (up to the request's
    /// `maximumBodyBytes`): `then` once. `HTTPResponse.checked` makes any status but 2xx and
    /// 304 a failure.
    @discardableResult
    public func fetch(_ request: HTTPRequest, then: @escaping @MainActor (Result<HTTPResponse, HTTPFailure>) -> Void) -> any HTTPExchange {
        var response: HTTPResponse?
        return send(request) { event in
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
