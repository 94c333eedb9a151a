import Localization
/// Why an exchange gave nothing, or less than all, in words for a subscription's line or an
/// error card.
public enum HTTPFailure: Error, Sendable, Equatable, CustomStringConvertible {
    case cannotConnect(String)
    /// No answer within the time allowed (10 s in the app).
    case timedOut
    /// The body stopped coming (15 s in the app).
    case stalled
    case tooLarge(limit: Int)
    case tooManyRedirects
    /// A redirect to something that is not http(s).
    case notWeb(String)
    /// An answer the caller does not take (`HTTPResponse.checked`, downloads).
    case status(Int)
    case tls(String)
    case cancelled
    /// Not sent: the server asked to be left alone (a 429 or 503's Retry-After) for this many
    /// seconds more (a request that does not wait out pauses).
    case asksToWait(seconds: Int)
    /// Anything else the connection said (a connection broken mid-body).
    case network(String)

    public var description: String {
        switch self {
        // TRANSLATORS: {reason} is the system's, e.g. "connection refused".
        case .cannotConnect(let detail): tr("can’t connect ({reason})", ["reason": Self.reason(detail)])
        case .timedOut: tr("the server did not answer within 10 s")
        case .stalled: tr("the download stalled for 15 s")
        case .tooLarge(let limit): tr("larger than {size} MB", ["size": String(limit / 1_048_576)])
        case .tooManyRedirects: tr("too many redirects")
        case .notWeb(let target): tr("redirected away from the web ({address})", ["address": target])
        case .status(let code): tr("the server answered {status}", ["status": String(code)])
        case .tls(let detail): tr("the secure connection failed ({reason})", ["reason": Self.reason(detail)])
        case .cancelled: tr("cancelled")
        // TRANSLATORS: a server answered "too many requests" and gave a time to wait.
        case .asksToWait(let seconds): tr("it asked to be left alone for {seconds} s", ["seconds": String(seconds)])
        case .network(let detail): detail
        }
    }

    /// The system's reason without what the sentence around it already says: GIO writes "Could
    /// not connect to 127.0.0.1: Connection refused", and the window said "can’t connect" before
    /// it ("can’t connect (Could not connect to …)"): the part after the last colon, lowercased.
    static func reason(_ detail: String) -> String {
        let tail = detail.range(of: ": ", options: .backwards).map { String(detail[$0.upperBound...]) } ?? detail
        let trimmed = tail.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let first = trimmed.first, trimmed.dropFirst().first?.isUppercase != true else { return trimmed }
        return first.lowercased() + trimmed.dropFirst()
    }
}
