public import Foundation

/// An `HTTPTransport` over another that makes every request obey `HTTPLimits`: a few under way
/// per origin and in all (the others wait, highest priority first, then in the order sent), the
/// pause a 429 or 503 asks for with Retry-After (the origin gets nothing meanwhile, and the
/// request that met it is sent again after it, unless it does not wait out pauses: then it is
/// answered at once, `HTTPRequest.waitsOutPauses`), no answer within the answer time (counted
/// again from each piece of a request's body written: a long upload is no silent server) or a
/// body stalled past the stall time ended, and bodies over a request's limit refused.
///
/// Pure Swift over `Timers`, so the rules are tested with FeedTesting's fakes; SoupKit's
/// `HTTPClient` puts it over libsoup, and so every caller of the one client obeys it.
@MainActor
public final class LimitedHTTPTransport: HTTPTransport {
    public let limits: HTTPLimits
    private let inner: any HTTPTransport
    private let timers: any Timers
    private let now: @MainActor () -> Date
    private var origins: [String: Origin] = [:]
    /// Requests not yet sent, in the order they were (a request sent again keeps its place).
    private var waiting: [Exchange] = []
    private var underWay = 0
    private var sent = 0

    /// `now`: the wall clock, for a Retry-After given as a date.
    public init(over inner: any HTTPTransport, limits: HTTPLimits = HTTPLimits(), timers: any Timers,
                now: @escaping @MainActor () -> Date = { Date() }) {
        self.inner = inner
        self.limits = limits
        self.timers = timers
        self.now = now
    }

    @discardableResult
    public func send(_ request: HTTPRequest, progress: (@MainActor (HTTPUploadProgress) -> Void)?,
                     events: @escaping @MainActor (HTTPEvent) -> Void) -> any HTTPExchange {
        sent += 1
        let exchange = Exchange(owner: self, request: request, order: sent, progress: progress, events: events)
        waiting.append(exchange)
        startWaiting()
        return exchange
    }

    // MARK: - Turns

    @MainActor
    private final class Origin {
        var underWay = 0
        /// Set while the server's Retry-After runs.
        var pause: (any TimerToken)?
        /// When that pause ends, by the wall clock.
        var pausedUntil: Date?
    }

    @MainActor
    private final class Exchange: HTTPExchange {
        enum State { case waiting, underWay, done }

        weak var owner: LimitedHTTPTransport?
        var request: HTTPRequest
        let order: Int
        let progress: (@MainActor (HTTPUploadProgress) -> Void)?
        let events: @MainActor (HTTPEvent) -> Void
        var state = State.waiting
        var inner: (any HTTPExchange)?
        /// Each sending counts one; events of an earlier one are stale.
        var attempt = 0
        var retries = 0
        var received = 0
        /// The answer's head came in this sending.
        var answered = false
        var timer: (any TimerToken)?

        init(owner: LimitedHTTPTransport, request: HTTPRequest, order: Int, progress: (@MainActor (HTTPUploadProgress) -> Void)?,
             events: @escaping @MainActor (HTTPEvent) -> Void) {
            self.owner = owner
            self.request = request
            self.order = order
            self.progress = progress
            self.events = events
        }

        func cancel() { owner?.cancel(self) }

        func raise(to priority: HTTPRequest.Priority) { owner?.raise(self, to: priority) }
    }

    private func origin(_ name: String) -> Origin {
        if let origin = origins[name] { return origin }
        let origin = Origin()
        origins[name] = origin
        return origin
    }

    private func mayStart(_ exchange: Exchange) -> Bool {
        guard let origin = origins[exchange.request.origin] else { return true }
        return origin.pause == nil && origin.underWay < limits.room(for: exchange.request.priority)
    }

    /// Sends waiting requests while there is room: the highest priority first, then the oldest.
    /// One that does not wait out pauses ends at once while its origin's pause runs.
    private func startWaiting() {
        for exchange in waiting where !exchange.request.waitsOutPauses {
            guard let origin = origins[exchange.request.origin], origin.pause != nil else { continue }
            let left = (origin.pausedUntil?.timeIntervalSince(now())).map { max(1, Int($0.rounded(.up))) } ?? 1
            waiting.removeAll { $0 === exchange }
            exchange.state = .done
            // Never from within send(): the caller may not hold the exchange yet (cancel stops it).
            // Held until told (the caller may keep no reference); the timer lets go once it ran.
            exchange.timer = timers.after(milliseconds: 0) {
                exchange.timer = nil
                exchange.events(.failed(.asksToWait(seconds: left)))
            }
        }
        while underWay < limits.total {
            var chosen: Int?
            for (index, exchange) in waiting.enumerated() where mayStart(exchange) {
                if chosen == nil || exchange.request.priority > waiting[chosen!].request.priority { chosen = index }
            }
            guard let chosen else { return }
            start(waiting.remove(at: chosen))
        }
    }

    private func start(_ exchange: Exchange) {
        origin(exchange.request.origin).underWay += 1
        underWay += 1
        exchange.state = .underWay
        exchange.attempt += 1
        exchange.received = 0
        exchange.answered = false
        let attempt = exchange.attempt
        arm(exchange, limits.answerMilliseconds, .timedOut)
        // Asked for whenever there is a body, for the answer time's sake.
        var progress: (@MainActor (HTTPUploadProgress) -> Void)?
        if exchange.request.body != nil {
            progress = { [weak self] sent in
                guard let self, exchange.state == .underWay, exchange.attempt == attempt else { return }
                wrote(sent, on: exchange)
            }
        }
        exchange.inner = inner.send(exchange.request, progress: progress) { [weak self] event in
            guard let self, exchange.state == .underWay, exchange.attempt == attempt else { return }
            heard(event, on: exchange)
        }
    }

    /// Gives back its place (an exchange that ended, or leaves to wait again).
    private func release(_ exchange: Exchange) {
        guard exchange.state == .underWay else { return }
        origins[exchange.request.origin]?.underWay -= 1
        forgetIfIdle(exchange.request.origin)
        underWay -= 1
        exchange.timer?.cancel()
        exchange.timer = nil
        exchange.inner = nil
    }

    // MARK: - Events

    /// A piece of the body went: the server is not silent, it is being sent to. The answer time
    /// starts again (a big upload on a slow line takes longer than it).
    private func wrote(_ sent: HTTPUploadProgress, on exchange: Exchange) {
        guard !exchange.answered else { return }
        arm(exchange, limits.answerMilliseconds, .timedOut)
        exchange.progress?(sent)
    }

    private func heard(_ event: HTTPEvent, on exchange: Exchange) {
        switch event {
        case .head(let head):
            exchange.answered = true
            if let pause = pauseAsked(by: head) {
                pauseOrigin(exchange.request.origin, milliseconds: min(pause, limits.longestPauseMilliseconds))
                if pause <= limits.longestPauseMilliseconds, exchange.request.waitsOutPauses, exchange.request.method.isIdempotent,
                   exchange.retries < limits.retriesAfterPause {
                    exchange.retries += 1
                    return waitAgain(exchange)
                }
            }
            if let limit = exchange.request.maximumBodyBytes, let length = head.contentLength, length > Int64(limit) {
                return end(exchange, .failed(.tooLarge(limit: limit)), stoppingInner: true)
            }
            arm(exchange, limits.stallMilliseconds, .stalled)
            exchange.events(event)
        case .chunk(let bytes):
            exchange.received += bytes.count
            if let limit = exchange.request.maximumBodyBytes, exchange.received > limit {
                return end(exchange, .failed(.tooLarge(limit: limit)), stoppingInner: true)
            }
            arm(exchange, limits.stallMilliseconds, .stalled)
            exchange.events(event)
        case .end, .failed:
            end(exchange, event, stoppingInner: false)
        }
    }

    /// The pause a 429 or 503 asks for, in milliseconds; nil for any other answer or none asked.
    private func pauseAsked(by head: HTTPHead) -> UInt32? {
        guard head.status == 429 || head.status == 503, let seconds = head.retryAfterSeconds(now: now()) else { return nil }
        return UInt32(min(seconds * 1000, Double(UInt32.max)).rounded(.up))
    }

    private func pauseOrigin(_ name: String, milliseconds: UInt32) {
        let origin = origin(name)
        origin.pause?.cancel()
        origin.pausedUntil = now().addingTimeInterval(Double(milliseconds) / 1000)
        origin.pause = timers.after(milliseconds: milliseconds) { [weak self, weak origin] in
            origin?.pause = nil
            origin?.pausedUntil = nil
            self?.forgetIfIdle(name)
            self?.startWaiting()
        }
    }

    /// An origin with nothing under way and no pause is forgotten, so the table holds only the
    /// servers being talked to (a federated feed names many).
    private func forgetIfIdle(_ name: String) {
        guard let origin = origins[name], origin.underWay == 0, origin.pause == nil else { return }
        origins[name] = nil
    }

    /// How many origins are remembered (tests).
    var originsKnown: Int { origins.count }

    /// Back to waiting, in its old place, for the origin's pause to end; what the server said
    /// meanwhile is not the caller's.
    private func waitAgain(_ exchange: Exchange) {
        let stale = exchange.inner
        release(exchange)
        exchange.state = .waiting
        stale?.cancel()
        waiting.insert(exchange, at: waiting.firstIndex { $0.order > exchange.order } ?? waiting.endIndex)
        startWaiting()
    }

    private func end(_ exchange: Exchange, _ event: HTTPEvent, stoppingInner: Bool) {
        let inner = exchange.inner
        release(exchange)
        exchange.state = .done
        if stoppingInner { inner?.cancel() }
        startWaiting()
        exchange.events(event)
    }

    private func arm(_ exchange: Exchange, _ milliseconds: UInt32, _ failure: HTTPFailure) {
        exchange.timer?.cancel()
        exchange.timer = timers.after(milliseconds: milliseconds) { [weak self, weak exchange] in
            guard let self, let exchange, exchange.state == .underWay else { return }
            end(exchange, .failed(failure), stoppingInner: true)
        }
    }

    private func raise(_ exchange: Exchange, to priority: HTTPRequest.Priority) {
        guard exchange.state == .waiting, priority > exchange.request.priority else { return }
        exchange.request.priority = priority
        startWaiting()
    }

    private func cancel(_ exchange: Exchange) {
        switch exchange.state {
        case .done:
            // Ended while its origin's pause ran, not yet told: never told now.
            exchange.timer?.cancel()
            exchange.timer = nil
            return
        case .waiting: waiting.removeAll { $0 === exchange }
        case .underWay: break
        }
        let inner = exchange.inner
        release(exchange)
        exchange.state = .done
        inner?.cancel()
        startWaiting()
        // Never from within cancel(): the caller may be inside its own handler.
        timers.after(milliseconds: 0) { exchange.events(.failed(.cancelled)) }
    }
}
