import FeedCore

/// One HTTP exchange under way as a request someone may cancel: cancelled, its answer never
/// comes (the exchange is stopped and whoever answers checks `cancelled` first).
@MainActor
final class ExchangeCall: NetworkRequest {
    var exchange: (any HTTPExchange)?
    private(set) var cancelled = false

    func cancel() {
        cancelled = true
        exchange?.cancel()
        exchange = nil
    }
}
