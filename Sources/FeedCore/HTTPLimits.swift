/// The rules every request obeys, whichever part of the app sends it (`LimitedHTTPTransport`).
public struct HTTPLimits: Sendable, Equatable {
    /// Requests under way to one origin; more wait their turn. The last of them is kept for an
    /// `.interactive` request (the video on screen), so prefetches, pictures and feeds never
    /// hold every connection to a host.
    public var perHost: Int
    /// Requests under way in all.
    public var total: Int
    /// From sending a request, or from the last piece of its body written, to its answer's head:
    /// past it, `.timedOut`.
    public var answerMilliseconds: UInt32
    /// Between two pieces of a body: past it, `.stalled`.
    public var stallMilliseconds: UInt32
    /// The longest Retry-After (of a 429 or 503) the client waits out and then sends the request
    /// again. A longer one is not waited for: the answer goes to the caller, and the host is
    /// left alone this long.
    public var longestPauseMilliseconds: UInt32
    /// How many times one request is sent again after such a pause.
    public var retriesAfterPause: Int

    public init(perHost: Int = 6, total: Int = 24, answerMilliseconds: UInt32 = 10_000, stallMilliseconds: UInt32 = 15_000,
                longestPauseMilliseconds: UInt32 = 60_000, retriesAfterPause: Int = 2) {
        self.perHost = max(1, perHost)
        self.total = max(1, total)
        self.answerMilliseconds = answerMilliseconds
        self.stallMilliseconds = stallMilliseconds
        self.longestPauseMilliseconds = longestPauseMilliseconds
        self.retriesAfterPause = retriesAfterPause
    }

    /// How many requests of `priority` may be under way to one origin.
    public func room(for priority: HTTPRequest.Priority) -> Int {
        priority == .interactive || perHost < 2 ? perHost : perHost - 1
    }
}
