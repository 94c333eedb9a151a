public import FeedCore
public import Foundation

/// A scripted web server behind `HTTPTransport`: answers per method and address, bodies in
/// chunks, delays, stalls and connections broken mid-body, each event at a moment of the
/// test's `ManualTimers` (nothing arrives until the test moves them, never from within `send`
/// or `cancel`). It records every request. Timeouts, limits and Retry-After are the client's
/// (`LimitedHTTPTransport` over this fake), not the server's. How much of a request's body went
/// is the test's to say (`wrote(_:of:)`), as libsoup's "wrote-body-data" says it to the client.
@MainActor
public final class FakeHTTPTransport: HTTPTransport {
    public typealias Responder = @MainActor (HTTPRequest) -> FakeHTTPAnswer

    private let timers: any Timers
    private var routes: [String: Responder] = [:]
    private var open: [Exchange] = []

    /// Answers what no route names (an API asked with query strings the test matches itself);
    /// without it, 404.
    public var otherwise: Responder?

    /// Every request sent, in order.
    public private(set) var requests: [HTTPRequest] = []
    /// Requests the client cancelled before they ended.
    public private(set) var cancelled: [HTTPRequest] = []

    public init(timers: any Timers) {
        self.timers = timers
    }

    /// Answers `method` `url` with what `respond` gives for each request.
    public func route(_ method: HTTPRequest.Method = .get, _ url: URL, _ respond: @escaping Responder) {
        routes[Self.key(method, url)] = respond
    }

    /// Answers the requests to `url` in turn, the last answer again for any after.
    public func route(_ method: HTTPRequest.Method = .get, _ url: URL, answers: [FakeHTTPAnswer]) {
        var next = 0
        route(method, url) { _ in
            defer { next += 1 }
            return answers[min(next, answers.count - 1)]
        }
    }

    /// Serves a file at `url` (see `FakeHTTPReply.file`).
    public func serveFile(_ url: URL, _ bytes: [UInt8], ranges: Bool = true, contentType: String? = "video/mp4",
                          chunkSize: Int = 65_536) {
        route(.get, url) { .reply(.file(bytes, for: $0, ranges: ranges, contentType: contentType, chunkSize: chunkSize)) }
    }

    /// Requests sent to `url`.
    public func requests(to url: URL) -> [HTTPRequest] { requests.filter { $0.url == url } }

    /// Requests under way now (sent, not ended or cancelled).
    public var underWay: [HTTPRequest] { open.filter { !$0.stopped }.map(\.request) }

    /// Tells the request to `url` under way (the oldest, not yet answered) that `sent` bytes of
    /// its body went, as the client's progress does; false when there is none, or when its
    /// caller asked for no progress.
    @discardableResult
    public func wrote(_ sent: Int64, of url: URL) -> Bool {
        guard let exchange = open.first(where: { $0.request.url == url && !$0.stopped && !$0.answered }),
              let progress = exchange.progress else { return false }
        progress(HTTPUploadProgress(sent: sent, total: Int64(exchange.request.body?.count ?? 0)))
        return true
    }

    @discardableResult
    public func send(_ request: HTTPRequest, progress: (@MainActor (HTTPUploadProgress) -> Void)?,
                     events: @escaping @MainActor (HTTPEvent) -> Void) -> any HTTPExchange {
        requests.append(request)
        let exchange = Exchange(owner: self, request: request, progress: progress, events: events)
        open.append(exchange)
        let answer = (routes[Self.key(request.method, request.url)] ?? otherwise)?(request) ?? .reply(.status(404, body: "no such thing"))
        switch answer {
        case .silence:
            break
        case .failure(let failure, let delay):
            later(exchange, delay) { $0.finish(.failed(failure)) }
        case .reply(let reply):
            let head = HTTPHead(status: reply.status, url: request.url, headers: reply.headers)
            later(exchange, reply.delayMilliseconds) { exchange in
                exchange.answered = true
                exchange.events(.head(head))
                guard !exchange.stopped else { return }
                self.later(exchange, 0) { self.sendBody($0, reply, from: 0) }
            }
        }
        return exchange
    }

    // MARK: - Exchanges

    @MainActor
    private final class Exchange: HTTPExchange {
        weak var owner: FakeHTTPTransport?
        let request: HTTPRequest
        let progress: (@MainActor (HTTPUploadProgress) -> Void)?
        let events: @MainActor (HTTPEvent) -> Void
        var done = false
        /// Its head was told: its body's progress is over.
        var answered = false
        /// Cancelled: only the `.cancelled` is left to tell.
        var stopped = false
        var next: (any TimerToken)?

        init(owner: FakeHTTPTransport, request: HTTPRequest, progress: (@MainActor (HTTPUploadProgress) -> Void)?,
             events: @escaping @MainActor (HTTPEvent) -> Void) {
            self.owner = owner
            self.request = request
            self.progress = progress
            self.events = events
        }

        func cancel() {
            guard !done, !stopped, let owner else { return }
            stopped = true
            next?.cancel()
            owner.cancelled.append(request)
            owner.later(self, 0) { $0.finish(.failed(.cancelled)) }
        }

        func finish(_ event: HTTPEvent) {
            guard !done else { return }
            done = true
            next?.cancel()
            owner?.open.removeAll { $0 === self }
            events(event)
        }
    }

    private func later(_ exchange: Exchange, _ milliseconds: UInt32, _ body: @escaping @MainActor (Exchange) -> Void) {
        exchange.next = timers.after(milliseconds: milliseconds) { [weak exchange] in
            guard let exchange, !exchange.done else { return }
            body(exchange)
        }
    }

    private func sendBody(_ exchange: Exchange, _ reply: FakeHTTPReply, from offset: Int) {
        let limit: Int
        switch reply.ending {
        case .whole: limit = reply.body.count
        case .brokenAfter(let bytes), .stalledAfter(let bytes): limit = min(bytes, reply.body.count)
        }
        guard offset < limit else {
            switch reply.ending {
            case .whole: exchange.finish(.end)
            case .brokenAfter: exchange.finish(.failed(.network("Connection terminated unexpectedly")))
            case .stalledAfter: break
            }
            return
        }
        let end = min(limit, offset + reply.chunkSize)
        exchange.events(.chunk(Array(reply.body[offset..<end])))
        guard !exchange.done, !exchange.stopped else { return }
        later(exchange, reply.chunkDelayMilliseconds) { self.sendBody($0, reply, from: end) }
    }

    private static func key(_ method: HTTPRequest.Method, _ url: URL) -> String { method.rawValue + " " + url.absoluteString }
}
