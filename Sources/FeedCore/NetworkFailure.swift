import Localization

/// Why a network could not answer, in words the window can say (and the server it concerns).
public enum NetworkFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// No answer: no connection, a timeout, a stall, a TLS error.
    case unreachable(server: String, HTTPFailure)
    /// The server said no (a 4xx or 5xx), with its own words when it gave any.
    case refused(server: String, status: Int, message: String?)
    /// Too many requests: it asked to be left alone (for `retryAfter` seconds, when it said).
    case busy(server: String, retryAfter: Int?)
    /// Still silent when the other servers asked at the same time had long answered: left out
    /// rather than waited for.
    case slow(server: String)
    case notFound(server: String)
    /// What it answered is not what its API sends (garbage, wrong types, too large).
    case unreadable(server: String, RemoteDocumentError)

    public var server: String {
        switch self {
        case .unreachable(let server, _), .refused(let server, _, _), .busy(let server, _), .notFound(let server),
             .unreadable(let server, _), .slow(let server): server
        }
    }

    public var description: String {
        switch self {
        case .unreachable(let server, let failure):
            // TRANSLATORS: {server} is a host ("tube.example"); {reason} says why ("the server did not answer within 10 s").
            tr("{server} can’t be reached: {reason}", ["server": server, "reason": failure.description])
        case .refused(let server, let status, let message):
            // TRANSLATORS: {server} is a host, {status} an HTTP status number, {message} the server's own words.
            message.map { tr("{server} said no: {message}", ["server": server, "message": $0]) }
                ?? tr("{server} said no ({status})", ["server": server, "status": String(status)])
        case .busy(let server, let retryAfter?):
            // TRANSLATORS: a server asked the app to slow down (HTTP 429) for {seconds} seconds.
            tr("{server} is busy and asked to wait {seconds} s; try again then", ["server": server, "seconds": String(retryAfter)])
        case .busy(let server, nil):
            // TRANSLATORS: a server asked the app to slow down (HTTP 429).
            tr("{server} is busy; try again in a moment", ["server": server])
        case .slow(let server):
            // TRANSLATORS: a server did not answer while the others had; {server} is a host.
            tr("{server} is slow to answer; its results are left out", ["server": server])
        case .notFound(let server):
            tr("{server} doesn’t have it (any more)", ["server": server])
        case .unreadable(let server, _):
            tr("{server} answered something that isn’t what its API sends", ["server": server])
        }
    }
}

/// A request to a network under way: cancelled, its answer never comes.
@MainActor
public protocol NetworkRequest: AnyObject {
    func cancel()
}
