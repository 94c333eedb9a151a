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
    /// Anything else the connection said (a connection broken mid-body).
    case network(String)

    public var description: String {
        switch self {
        case .cannotConnect(let detail): "can’t connect (\(detail))"
        case .timedOut: "the server did not answer within 10 s"
        case .stalled: "the download stalled for 15 s"
        case .tooLarge(let limit): "larger than \(limit / 1_048_576) MB"
        case .tooManyRedirects: "too many redirects"
        case .notWeb(let target): "redirected away from the web (\(target))"
        case .status(let code): "the server answered \(code)"
        case .tls(let detail): "the secure connection failed (\(detail))"
        case .cancelled: "cancelled"
        case .network(let detail): detail
        }
    }
}
