public import Foundation

/// An answer's status line and headers, before its body.
public struct HTTPHead: Sendable, Equatable {
    public var status: Int
    /// Where it came from after redirects.
    public var url: URL
    public var headers: HTTPHeaders

    public init(status: Int, url: URL, headers: HTTPHeaders = [:]) {
        self.status = status
        self.url = url
        self.headers = headers
    }

    public var isSuccess: Bool { (200..<300).contains(status) }
    /// 304: nothing changed since the ETag or date the request gave.
    public var notModified: Bool { status == 304 }

    public var contentType: String? { headers["Content-Type"] }
    public var etag: String? { headers["ETag"] }
    public var lastModified: String? { headers["Last-Modified"] }
    /// The body's length as the server announced it.
    public var contentLength: Int64? {
        headers["Content-Length"].flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }.flatMap { $0 >= 0 ? $0 : nil }
    }
    /// `Accept-Ranges: bytes`: a download cut short can be resumed.
    public var acceptsRanges: Bool { headers["Accept-Ranges"]?.lowercased().contains("bytes") ?? false }

    /// A 206's `Content-Range: bytes START-END/TOTAL`: where the body starts and the whole
    /// file's length (nil when the server gives `*`).
    public var contentRange: (start: Int64, total: Int64?)? {
        headers["Content-Range"].flatMap(Self.parseContentRange)
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

    /// How long the server asked to be left alone, in seconds, from `Retry-After` (seconds, or an
    /// HTTP date compared with `now`); nil when it does not say.
    public func retryAfterSeconds(now: Date) -> Double? {
        guard let text = headers["Retry-After"]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if let seconds = Int(text) { return seconds >= 0 ? Double(seconds) : nil }
        // RFC 9110's IMF-fixdate ("Sun, 06 Nov 1994 08:49:37 GMT"), the form servers send; rare
        // enough (a 429 or 503) to make its formatter here.
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}

/// An answer with its whole body, as `HTTPTransport.fetch` collects it.
public struct HTTPResponse: Sendable, Equatable {
    public var head: HTTPHead
    public var body: [UInt8]

    public init(head: HTTPHead, body: [UInt8] = []) {
        self.head = head
        self.body = body
    }

    public var status: Int { head.status }
    public var url: URL { head.url }
    public var contentType: String? { head.contentType }
    public var etag: String? { head.etag }
    public var lastModified: String? { head.lastModified }
    public var notModified: Bool { head.notModified }

    /// Itself when the server gave what was asked (2xx, or 304 to a conditional request), else
    /// `.status(code)`: for callers to whom any other answer is a failure.
    public var checked: Result<HTTPResponse, HTTPFailure> {
        head.isSuccess || head.notModified ? .success(self) : .failure(.status(status))
    }
}
