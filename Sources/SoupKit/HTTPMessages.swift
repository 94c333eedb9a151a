public import Foundation

/// A GET as Loopfeed makes them.
public struct HTTPRequest: Sendable, Equatable {
    public var url: URL
    /// Real PeerTube servers answer 406 to a request without one.
    public var accept: String
    /// Conditional GET: the answer is 304 and no body when nothing changed.
    public var etag: String?
    public var lastModified: String?
    /// Resume a download from this byte.
    public var rangeStart: Int64?

    public init(url: URL, accept: String = "*/*", etag: String? = nil, lastModified: String? = nil, rangeStart: Int64? = nil) {
        self.url = url
        self.accept = accept
        self.etag = etag
        self.lastModified = lastModified
        self.rangeStart = rangeStart
    }
}

public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    /// Where it came from after redirects.
    public var url: URL
    public var contentType: String?
    public var etag: String?
    public var lastModified: String?
    public var contentLength: Int64?
    /// A 206's `Content-Range: bytes START-END/TOTAL`: where the body starts and the whole
    /// file's length (nil when the server gives `*`).
    public var rangeStart: Int64?
    public var rangeTotal: Int64?
    /// `Accept-Ranges: bytes`: a download cut short can be resumed.
    public var acceptsRanges = false
    public var body: [UInt8]

    public var notModified: Bool { status == 304 }

    public init(status: Int, url: URL, contentType: String? = nil, etag: String? = nil, lastModified: String? = nil,
                contentLength: Int64? = nil, body: [UInt8] = []) {
        self.status = status
        self.url = url
        self.contentType = contentType
        self.etag = etag
        self.lastModified = lastModified
        self.contentLength = contentLength
        self.body = body
    }

    /// Reads `bytes START-END/TOTAL` (TOTAL may be `*`).
    public static func parseContentRange(_ text: String) -> (start: Int64, total: Int64?)? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("bytes ") else { return nil }
        let spec = trimmed.dropFirst(6)
        let halves = spec.split(separator: "/", maxSplits: 1)
        guard halves.count == 2, let dash = halves[0].firstIndex(of: "-"),
              let start = Int64(halves[0][..<dash].trimmingCharacters(in: .whitespaces)), start >= 0 else { return nil }
        return (start, Int64(halves[1].trimmingCharacters(in: .whitespaces)))
    }
}

/// Why a fetch gave nothing, in words for a subscription's line or an error card.
public enum HTTPFailure: Error, Sendable, Equatable, CustomStringConvertible {
    case cannotConnect(String)
    case timedOut
    case stalled
    case tooLarge(limit: Int)
    case tooManyRedirects
    /// A redirect to something that is not http(s).
    case notWeb(String)
    case status(Int)
    case tls(String)
    case cancelled
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
