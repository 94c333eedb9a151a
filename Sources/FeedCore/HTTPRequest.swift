public import Foundation

/// What Loopfeed asks of a web server: feeds, pictures and videos today, API calls (with a token
/// in Authorization, a JSON body) and resumable uploads next. Any header may be set; the
/// transport adds `Accept: */*` when there is none (PeerTube answers 406 to a request without).
public struct HTTPRequest: Sendable, Equatable {
    public enum Method: String, Sendable, Equatable {
        case get = "GET", head = "HEAD", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE"

        /// Sending it twice does what sending it once does: the client may repeat it after a
        /// 429 or 503 told it when.
        public var isIdempotent: Bool { self != .post && self != .patch }
    }

    /// Which waiting request a host's free connection goes to first. One connection to a host
    /// is kept for `interactive` (the video on screen): the others never take the last.
    public enum Priority: Int, Sendable, Comparable {
        case background, normal, interactive
        public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public var method: Method
    public var url: URL
    public var headers: HTTPHeaders
    public var body: [UInt8]?
    public var priority: Priority
    /// A longer body ends the exchange with `tooLarge`: by Content-Length before any of it comes,
    /// else as it comes. Nil: no limit.
    public var maximumBodyBytes: Int?
    /// Whether a pause the server asks for (429 or 503 with Retry-After) is waited out and the
    /// request sent again after it. False for what the window is waiting on (a search, a list):
    /// the 429 goes to the caller at once, and while the pause runs the request ends at once
    /// with `.asksToWait`, so the caller can say so and show what the other servers gave. The
    /// origin is left alone for the pause either way.
    public var waitsOutPauses: Bool

    public init(_ method: Method = .get, url: URL, headers: HTTPHeaders = [:], body: [UInt8]? = nil,
                priority: Priority = .normal, maximumBodyBytes: Int? = nil, waitsOutPauses: Bool = true) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.priority = priority
        self.maximumBodyBytes = maximumBodyBytes
        self.waitsOutPauses = waitsOutPauses
    }

    /// A GET as feeds, pictures and videos are fetched: conditional when an ETag or date is
    /// known (the answer is then 304 and no body), from a byte on when resuming a download.
    public static func get(_ url: URL, accept: String = "*/*", etag: String? = nil, lastModified: String? = nil,
                           rangeStart: Int64? = nil, priority: Priority = .normal, maximumBodyBytes: Int? = nil) -> HTTPRequest {
        var headers: HTTPHeaders = ["Accept": accept]
        if let etag { headers["If-None-Match"] = etag }
        if let lastModified { headers["If-Modified-Since"] = lastModified }
        if let rangeStart, rangeStart > 0 { headers["Range"] = "bytes=\(rangeStart)-" }
        return HTTPRequest(.get, url: url, headers: headers, priority: priority, maximumBodyBytes: maximumBodyBytes)
    }

    /// Requests to one origin (scheme, host and port) share its connections, its limit and its
    /// pauses.
    public var origin: String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
    }
}
