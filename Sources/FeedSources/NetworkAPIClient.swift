public import FeedCore
public import Foundation

/// The networks' JSON APIs over the app's one HTTP client: a GET, its document read on a
/// worker (`BackgroundWork`: up to 10 MB of hostile JSON takes far longer than a frame), the
/// answer on the main loop, never from within the call. Answers are kept briefly
/// (`NetworkResponseCache`): asked again within a minute, the same value comes without a
/// request, and later with the server's ETag, so an unchanged answer is a 304. The same GET
/// asked twice while under way is sent once. What goes wrong is a `NetworkFailure` naming the
/// server, in words the window can say.
@MainActor
public final class NetworkAPIClient {
    private let transport: any HTTPTransport
    private let work: any BackgroundWork
    private let timers: any Timers
    private let clock: any MonotonicClock
    private var cache: NetworkResponseCache
    private var underWay: [String: SharedGet] = [:]

    /// `transport`: the app's one HTTP client; `work`: where documents are read; `timers` put a
    /// kept answer on a later turn of the main loop.
    public init(transport: any HTTPTransport, work: any BackgroundWork, timers: any Timers,
                clock: any MonotonicClock = SystemMonotonicClock(), freshSeconds: Int = 60, capacity: Int = 200) {
        self.transport = transport
        self.work = work
        self.timers = timers
        self.clock = clock
        cache = NetworkResponseCache(freshSeconds: freshSeconds, capacity: capacity)
    }

    /// How many answers are kept now.
    public var keptAnswers: Int { cache.count }

    /// GETs `url` from `server` and reads its body with `read` (on a worker).
    @discardableResult
    public func get<Value: Sendable>(_ url: URL, from server: RemoteServer, priority: HTTPRequest.Priority = .normal,
                                     read: @escaping @Sendable (Data) throws(RemoteDocumentError) -> Value,
                                     then: @escaping @MainActor (Result<Value, NetworkFailure>) -> Void) -> any NetworkRequest {
        let key = "\(Value.self) \(url.absoluteString)"
        let request = APIRequest()
        let deliver: @MainActor (Result<any Sendable, NetworkFailure>) -> Void = { result in
            guard !request.cancelled else { return }
            request.finished = true
            then(result.flatMap { value in
                (value as? Value).map { .success($0) } ?? .failure(.unreadable(server: server.host, .unexpected("another kind of answer")))
            })
        }
        if let kept = cache.fresh(key, as: Value.self, nowUs: clock.nowMicroseconds()) {
            let token = timers.after(milliseconds: 0) { deliver(.success(kept)) }
            request.onCancel = { token.cancel() }
            return request
        }
        if let shared = underWay[key] {
            // A waiter that cancels is not told (its request says so); the GET goes on while
            // anyone still waits.
            shared.waiters.append(deliver)
            shared.holders += 1
            request.onCancel = { [weak self, weak shared] in
                guard let shared else { return }
                self?.dropWaiter(of: shared, key: key)
            }
            return request
        }
        let shared = SharedGet()
        shared.waiters = [deliver]
        shared.holders = 1
        underWay[key] = shared
        request.onCancel = { [weak self, weak shared] in
            guard let shared else { return }
            self?.dropWaiter(of: shared, key: key)
        }
        let kept = cache.entry(key)
        var headers: HTTPHeaders = ["Accept": "application/json"]
        if let etag = kept?.etag { headers["If-None-Match"] = etag }
        // The window waits on these (a list, a thread, counts): a server's pause is said, not waited out.
        let http = HTTPRequest(.get, url: url, headers: headers, priority: priority,
                               maximumBodyBytes: RemoteDocumentError.maximumBytes, waitsOutPauses: false)
        shared.exchange = transport.fetch(http) { [weak self] result in
            self?.answered(result, key: key, server: server, kept: kept, read: read)
        }
        return request
    }

    /// The first `count` bytes of a file (a video's head, to read its size when the document
    /// left it out), by a range request; a server without ranges is cut off once they came.
    @discardableResult
    public func firstBytes(of url: URL, count: Int, from server: RemoteServer,
                           then: @escaping @MainActor (Result<[UInt8], NetworkFailure>) -> Void) -> any NetworkRequest {
        let request = APIRequest()
        var bytes: [UInt8] = []
        var exchange: (any HTTPExchange)?
        let finish: @MainActor (Result<[UInt8], NetworkFailure>) -> Void = { result in
            guard !request.cancelled, !request.finished else { return }
            request.finished = true
            then(result)
        }
        let http = HTTPRequest(.get, url: url, headers: ["Range": "bytes=0-\(max(0, count - 1))"], priority: .background)
        exchange = transport.send(http) { event in
            switch event {
            case .head(let head):
                guard head.isSuccess else {
                    exchange?.cancel()
                    return finish(.failure(Self.failure(head: head, body: [], server: server)))
                }
            case .chunk(let chunk):
                bytes.append(contentsOf: chunk.prefix(count - bytes.count))
                if bytes.count >= count {
                    exchange?.cancel()
                    finish(.success(bytes))
                }
            case .end:
                finish(.success(bytes))
            case .failed(let failure):
                finish(.failure(.unreachable(server: server.host, failure)))
            }
        }
        request.onCancel = { exchange?.cancel() }
        return request
    }

    /// A request that cannot be made (a name that can't go into an address): answered as the
    /// server would answer it, on a later turn of the main loop.
    func refuse<Value>(_ server: RemoteServer, then: @escaping @MainActor (Result<Value, NetworkFailure>) -> Void) -> any NetworkRequest {
        let request = APIRequest()
        let token = timers.after(milliseconds: 0) {
            guard !request.cancelled else { return }
            request.finished = true
            then(.failure(.refused(server: server.host, status: 400, message: nil)))
        }
        request.onCancel = { token.cancel() }
        return request
    }

    // MARK: - Answers

    private func answered<Value: Sendable>(_ result: Result<HTTPResponse, HTTPFailure>, key: String, server: RemoteServer,
                                           kept: NetworkResponseCache.Entry?,
                                           read: @escaping @Sendable (Data) throws(RemoteDocumentError) -> Value) {
        let response: HTTPResponse
        switch result {
        case .failure(.tooLarge):
            return finish(key, .failure(.unreadable(server: server.host, .tooLarge(bytes: RemoteDocumentError.maximumBytes + 1))))
        case .failure(.asksToWait(let seconds)):
            return finish(key, .failure(.busy(server: server.host, retryAfter: seconds)))
        case .failure(let failure):
            return finish(key, .failure(.unreachable(server: server.host, failure)))
        case .success(let answer):
            response = answer
        }
        if response.notModified, let kept {
            cache.confirm(key, nowUs: clock.nowMicroseconds())
            return finish(key, .success(kept.value))
        }
        guard response.head.isSuccess else {
            return finish(key, .failure(Self.failure(head: response.head, body: response.body, server: server)))
        }
        let body = Data(response.body)
        let etag = response.etag
        work.run({ Result { () throws(RemoteDocumentError) -> Value in try read(body) } }, then: { [weak self] decoded in
            guard let self else { return }
            switch decoded {
            case .success(let value):
                cache.store(key, value: value, etag: etag, nowUs: clock.nowMicroseconds())
                finish(key, .success(value))
            case .failure(let error):
                finish(key, .failure(.unreadable(server: server.host, error)))
            }
        })
    }

    private func finish(_ key: String, _ result: Result<any Sendable, NetworkFailure>) {
        guard let shared = underWay.removeValue(forKey: key) else { return }
        for waiter in shared.waiters { waiter(result) }
    }

    private func dropWaiter(of shared: SharedGet, key: String) {
        shared.holders -= 1
        guard shared.holders <= 0, underWay[key] === shared else { return }
        underWay[key] = nil
        shared.exchange?.cancel()
    }

    /// An answer other than 2xx (or 304), in words: gone, busy, or refused with the server's
    /// own words when its error body (PeerTube's problem+json, Loops' error) gives them.
    static func failure(head: HTTPHead, body: [UInt8], server: RemoteServer) -> NetworkFailure {
        switch head.status {
        case 404, 410:
            return .notFound(server: server.host)
        case 429, 503:
            return .busy(server: server.host, retryAfter: head.retryAfterSeconds(now: Date()).map { Int($0.rounded(.up)) })
        default:
            // An error page is a few hundred bytes; a huge one is not read on the main thread.
            let problem = body.count <= 65_536 ? NetworkDocuments.problem(Data(body)) : nil
            return .refused(server: server.host, status: head.status, message: problem?.message)
        }
    }

    /// One GET under way and everyone waiting for it.
    private final class SharedGet {
        var waiters: [@MainActor (Result<any Sendable, NetworkFailure>) -> Void] = []
        var holders = 0
        var exchange: (any HTTPExchange)?
    }
}

/// A request of the network clients: cancelled, its answer never comes.
@MainActor
final class APIRequest: NetworkRequest {
    private(set) var cancelled = false
    var finished = false
    var onCancel: (@MainActor () -> Void)?

    func cancel() {
        guard !cancelled, !finished else { return }
        cancelled = true
        onCancel?()
        onCancel = nil
    }
}

/// Several requests cancelled as one (an explore page asks many servers).
@MainActor
final class RequestGroup: NetworkRequest {
    private var members: [any NetworkRequest] = []
    private(set) var cancelled = false

    func add(_ request: any NetworkRequest) {
        if cancelled { request.cancel() } else { members.append(request) }
    }

    func cancel() {
        guard !cancelled else { return }
        cancelled = true
        for member in members { member.cancel() }
        members.removeAll()
    }
}
