import CGLib
import CSoup
public import FeedCore
import Foundation
import GLibKit

/// The app's one HTTP client: libsoup 3 on the main loop (its async API never blocks it), made
/// by the composition root and handed to everything that fetches, so every request obeys the
/// same `HTTPLimits` (a few under way per host, Retry-After, 10 s to answer, 15 s stall). The
/// rules are `LimitedHTTPTransport`'s (pure, tested with fakes); below them each exchange is a
/// `SoupExchange` (redirects followed here, at most five and only to http(s); libsoup starts
/// the messages of one turn highest priority first; a body's progress told from libsoup's
/// "wrote-body-data", at most ten times a second).
@MainActor
public final class HTTPClient: HTTPTransport {
    public let limits: HTTPLimits
    private let session: SoupSessionTransport
    private let limited: LimitedHTTPTransport

    /// `timers`: the main loop's (MainLoopServices' `MainLoopTimers`, made by the composition root).
    public init(userAgent: String, timers: any Timers, limits: HTTPLimits = HTTPLimits(), maximumRedirects: Int = 5) {
        self.limits = limits
        session = SoupSessionTransport(userAgent: userAgent, limits: limits, maximumRedirects: maximumRedirects, timers: timers)
        limited = LimitedHTTPTransport(over: session, limits: limits, timers: timers)
    }

    @discardableResult
    public func send(_ request: HTTPRequest, progress: (@MainActor (HTTPUploadProgress) -> Void)?,
                     events: @escaping @MainActor (HTTPEvent) -> Void) -> any HTTPExchange {
        limited.send(request, progress: progress, events: events)
    }

    /// libsoup's own limits, as the session was made (tests).
    var sessionConnections: (perHost: Int, total: Int) {
        (Int(soup_session_get_max_conns_per_host(session.raw)), Int(soup_session_get_max_conns(session.raw)))
    }
}

/// The libsoup session: exchanges as they go on the wire, no rules of its own beyond redirects.
/// Its connection limits are the client's, so libsoup never queues a request the client
/// thinks is under way (its answer time would run while it waited).
@MainActor
final class SoupSessionTransport: HTTPTransport {
    private let session: GObjectHandle
    let maximumRedirects: Int
    /// Paces the bodies' progress (`BodyProgressMeter`).
    let timers: any Timers

    init(userAgent: String, limits: HTTPLimits, maximumRedirects: Int, timers: any Timers) {
        self.maximumRedirects = maximumRedirects
        self.timers = timers
        session = GObjectHandle(adopting: Self.makeSession(perHost: limits.perHost, total: limits.total))
        soup_session_set_user_agent(raw, userAgent)
        // A backstop under the client's own timers: libsoup's socket I/O timeout.
        soup_session_set_timeout(raw, max(1, limits.stallMilliseconds / 1000))
        soup_session_set_idle_timeout(raw, 60)
    }

    var raw: UnsafeMutablePointer<SoupSession> { session.typed(SoupSession.self) }

    func send(_ request: HTTPRequest, progress: (@MainActor (HTTPUploadProgress) -> Void)?,
              events: @escaping @MainActor (HTTPEvent) -> Void) -> any HTTPExchange {
        let exchange = SoupExchange(session: self, request: request, progress: progress, events: events)
        exchange.start(request.url, method: request.method, body: request.body)
        return exchange
    }

    /// `max-conns` and `max-conns-per-host` are construct-only, and g_object_new is variadic:
    /// the array form, with the int type found by name (G_TYPE_INT is a macro).
    private static func makeSession(perHost: Int, total: Int) -> UnsafeMutableRawPointer {
        let intType = g_type_from_name("gint")
        var values = [GValue(), GValue()]
        g_value_init(&values[0], intType)
        g_value_set_int(&values[0], Int32(total))
        g_value_init(&values[1], intType)
        g_value_set_int(&values[1], Int32(perHost))
        defer { for index in values.indices { g_value_unset(&values[index]) } }
        let made = ["max-conns", "max-conns-per-host"].withCStrings { names in
            g_object_new_with_properties(soup_session_get_type(), 2, names, values)
        }
        return UnsafeMutableRawPointer(made!)
    }
}

extension Array where Element == String {
    /// The strings as a C array of `const char *`, alive for the call.
    fileprivate func withCStrings<Result>(_ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> Result) -> Result {
        let copies = map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var pointers = copies.map { UnsafePointer<CChar>($0) }
        return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }
}
