public import FeedCore

/// What `FakeHTTPTransport` answers one request with: a status, headers and a body sent in
/// chunks, at moments the test's `ManualTimers` decide, ending whole, broken or stalled.
public struct FakeHTTPReply: Sendable {
    public enum Ending: Sendable, Equatable {
        case whole
        /// The connection breaks after this many bytes of the body.
        case brokenAfter(Int)
        /// Nothing more comes after this many bytes (the client's stall time decides).
        case stalledAfter(Int)
    }

    public var status: Int
    public var headers: HTTPHeaders
    public var body: [UInt8]
    public var chunkSize: Int
    /// Before the head.
    public var delayMilliseconds: UInt32
    /// Between chunks.
    public var chunkDelayMilliseconds: UInt32
    public var ending: Ending

    /// Content-Length is the body's unless `headers` says otherwise.
    public init(status: Int, headers: HTTPHeaders = [:], body: [UInt8] = [], chunkSize: Int = 65_536,
                delayMilliseconds: UInt32 = 0, chunkDelayMilliseconds: UInt32 = 0, ending: Ending = .whole) {
        self.status = status
        self.headers = headers
        if self.headers["Content-Length"] == nil { self.headers["Content-Length"] = String(body.count) }
        self.body = body
        self.chunkSize = max(1, chunkSize)
        self.delayMilliseconds = delayMilliseconds
        self.chunkDelayMilliseconds = chunkDelayMilliseconds
        self.ending = ending
    }

    public static func ok(_ body: [UInt8], contentType: String? = nil, headers: HTTPHeaders = [:]) -> FakeHTTPReply {
        var headers = headers
        if let contentType { headers["Content-Type"] = contentType }
        return FakeHTTPReply(status: 200, headers: headers, body: body)
    }

    public static func ok(_ text: String, contentType: String? = nil, headers: HTTPHeaders = [:]) -> FakeHTTPReply {
        ok(Array(text.utf8), contentType: contentType, headers: headers)
    }

    /// A status with a short body of its own (404, 401, 500...).
    public static func status(_ code: Int, headers: HTTPHeaders = [:], body: String = "") -> FakeHTTPReply {
        FakeHTTPReply(status: code, headers: headers, body: Array(body.utf8))
    }

    /// 429 or 503 with `Retry-After: seconds`.
    public static func retryAfter(_ seconds: Int, status: Int = 429) -> FakeHTTPReply {
        FakeHTTPReply(status: status, headers: ["Retry-After": String(seconds)], body: Array("slow down".utf8))
    }

    /// A file as a server answers `request` for it: with ranges, `Range: bytes=N-` gets a 206
    /// from N (416 at or past the end); without, the whole file every time.
    public static func file(_ bytes: [UInt8], for request: HTTPRequest, ranges: Bool = true,
                            contentType: String? = "video/mp4", chunkSize: Int = 65_536) -> FakeHTTPReply {
        var headers: HTTPHeaders = [:]
        if let contentType { headers["Content-Type"] = contentType }
        guard ranges else { return FakeHTTPReply(status: 200, headers: headers, body: bytes, chunkSize: chunkSize) }
        headers["Accept-Ranges"] = "bytes"
        guard let start = rangeStart(of: request) else {
            return FakeHTTPReply(status: 200, headers: headers, body: bytes, chunkSize: chunkSize)
        }
        guard start < bytes.count else {
            return FakeHTTPReply(status: 416, headers: ["Content-Range": "bytes */\(bytes.count)"])
        }
        headers["Content-Range"] = "bytes \(start)-\(bytes.count - 1)/\(bytes.count)"
        return FakeHTTPReply(status: 206, headers: headers, body: Array(bytes[start...]), chunkSize: chunkSize)
    }

    /// N of `Range: bytes=N-`.
    public static func rangeStart(of request: HTTPRequest) -> Int? {
        guard let range = request.headers["Range"], range.hasPrefix("bytes="), range.hasSuffix("-") else { return nil }
        return Int(range.dropFirst(6).dropLast())
    }
}

/// What the fake does with one request: a reply, a failure before any answer, or nothing.
public enum FakeHTTPAnswer: Sendable {
    case reply(FakeHTTPReply)
    /// No answer, this failure instead (`.cannotConnect`, `.tls`...), after the delay.
    case failure(HTTPFailure, afterMilliseconds: UInt32 = 0)
    /// Connected, and not a word (the client's answer time decides).
    case silence
}
