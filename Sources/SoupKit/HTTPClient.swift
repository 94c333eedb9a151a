import CGLib
import CSoup
public import Foundation
import GLibKit

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

/// HTTP over libsoup 3, driven by the main loop: libsoup's async API never blocks it. One
/// session for the app (connections are kept and reused). Redirects are followed here, at most
/// five and only to http(s); a connection that can't be made within 10 s, or a download that
/// stalls for 15 s, ends with an error.
@MainActor
public final class HTTPClient {
    private let session: GObjectHandle
    public let connectSeconds: UInt32
    public let stallSeconds: UInt32
    public let maximumRedirects: Int

    public init(userAgent: String, connectSeconds: UInt32 = 10, stallSeconds: UInt32 = 15, maximumRedirects: Int = 5) {
        self.connectSeconds = connectSeconds
        self.stallSeconds = stallSeconds
        self.maximumRedirects = maximumRedirects
        let made = soup_session_new()!
        soup_session_set_user_agent(made, userAgent)
        soup_session_set_timeout(made, stallSeconds)
        soup_session_set_idle_timeout(made, 60)
        session = GObjectHandle(adopting: UnsafeMutableRawPointer(made))
    }

    /// Calls `completion` on the main loop, once. `maxBytes`: a longer body ends the fetch with
    /// `tooLarge` (told by Content-Length before anything is read, when the server sends it).
    public func fetch(_ request: HTTPRequest, maxBytes: Int, cancellation: HTTPCancellation? = nil,
                      completion: @escaping @MainActor (Result<HTTPResponse, HTTPFailure>) -> Void) {
        let transfer = Transfer(client: self, request: request, maxBytes: maxBytes, completion: completion)
        cancellation?.transfer = transfer
        transfer.start(request.url)
    }

    /// A fetch whose body is handed over as it arrives, not kept: `onHead` once the answer's
    /// headers are in (a 2xx), then `onChunk` for each piece, then `completion` (its response
    /// has an empty body). For videos, written to the cache while they play.
    public func download(_ request: HTTPRequest, maxBytes: Int, cancellation: HTTPCancellation? = nil,
                         onHead: @escaping @MainActor (HTTPResponse) -> Void,
                         onChunk: @escaping @MainActor ([UInt8]) -> Void,
                         completion: @escaping @MainActor (Result<HTTPResponse, HTTPFailure>) -> Void) {
        let transfer = Transfer(client: self, request: request, maxBytes: maxBytes, completion: completion)
        transfer.onHead = onHead
        transfer.onChunk = onChunk
        cancellation?.transfer = transfer
        transfer.start(request.url)
    }

    fileprivate var raw: UnsafeMutablePointer<SoupSession> { session.typed(SoupSession.self) }
}

/// Stops a fetch (its completion gets `.cancelled`).
@MainActor
public final class HTTPCancellation {
    fileprivate weak var transfer: Transfer?
    public init() {}
    public func cancel() { transfer?.cancel() }
}

/// One fetch in flight; keeps itself alive (through the C callbacks' user data) until it ends.
@MainActor
private final class Transfer {
    let client: HTTPClient
    let request: HTTPRequest
    let maxBytes: Int
    let completion: @MainActor (Result<HTTPResponse, HTTPFailure>) -> Void
    let cancellable = g_cancellable_new()!
    var message: OpaquePointer?
    var stream: UnsafeMutablePointer<GInputStream>?
    var response: HTTPResponse?
    var redirects = 0
    var onHead: (@MainActor (HTTPResponse) -> Void)?
    var onChunk: (@MainActor ([UInt8]) -> Void)?
    /// Bytes of the body so far (kept or handed over).
    var received = 0
    var timer: SourceHandle?
    var timeout: HTTPFailure?
    var finished = false

    init(client: HTTPClient, request: HTTPRequest, maxBytes: Int,
         completion: @escaping @MainActor (Result<HTTPResponse, HTTPFailure>) -> Void) {
        self.client = client
        self.request = request
        self.maxBytes = maxBytes
        self.completion = completion
    }

    isolated deinit {
        if let message { g_object_unref(UnsafeMutableRawPointer(message)) }
        if let stream { g_object_unref(UnsafeMutableRawPointer(stream)) }
        g_object_unref(UnsafeMutableRawPointer(cancellable))
    }

    func cancel() { g_cancellable_cancel(cancellable) }

    private func arm(_ seconds: UInt32, _ failure: HTTPFailure) {
        timer?.cancel()
        timer = MainLoop.after(milliseconds: seconds * 1000) { [weak self] in
            self?.timeout = failure
            self?.cancel()
        }
    }

    func start(_ url: URL) {
        if let message { g_object_unref(UnsafeMutableRawPointer(message)) }
        guard let made = soup_message_new("GET", url.absoluteString) else { return finish(.failure(.network("bad address \(url)"))) }
        message = made
        soup_message_add_flags(made, SOUP_MESSAGE_NO_REDIRECT)
        let headers = soup_message_get_request_headers(made)
        soup_message_headers_replace(headers, "Accept", request.accept)
        if let etag = request.etag { soup_message_headers_replace(headers, "If-None-Match", etag) }
        if let modified = request.lastModified { soup_message_headers_replace(headers, "If-Modified-Since", modified) }
        if let start = request.rangeStart, start > 0 { soup_message_headers_replace(headers, "Range", "bytes=\(start)-") }
        arm(client.connectSeconds, .timedOut)
        let retained = Unmanaged.passRetained(self).toOpaque()
        soup_session_send_async(client.raw, made, Int32(G_PRIORITY_DEFAULT), cancellable, { source, result, data in
            guard let data else { return }
            let transfer = Unmanaged<Transfer>.fromOpaque(data).takeRetainedValue()
            MainActor.assumeIsolated { transfer.sent(source: UnsafeMutableRawPointer(source)?.assumingMemoryBound(to: SoupSession.self), result: result) }
        }, retained)
    }

    private func sent(source: UnsafeMutablePointer<SoupSession>?, result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        let stream = soup_session_send_finish(source, result, &error)
        if let error { return finish(.failure(failure(GLibError(consuming: error)))) }
        guard let stream, let message else { return finish(.failure(.network("no answer"))) }
        let status = Int(soup_message_get_status(message).rawValue)
        let headers = soup_message_get_response_headers(message)
        func header(_ name: String) -> String? { soup_message_headers_get_one(headers, name).map { String(cString: $0) } }
        if (300..<400).contains(status), status != 304, let location = header("Location") {
            g_object_unref(UnsafeMutableRawPointer(stream))
            let current = Self.address(of: message)
            guard let target = URL(string: location, relativeTo: current)?.absoluteURL else {
                return finish(.failure(.network("a redirect to nowhere")))
            }
            guard let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
                return finish(.failure(.notWeb(target.absoluteString)))
            }
            redirects += 1
            guard redirects <= client.maximumRedirects else { return finish(.failure(.tooManyRedirects)) }
            return start(target)
        }
        self.stream = stream
        let length = soup_message_headers_get_content_length(headers)
        let finalURL = Self.address(of: message) ?? request.url
        response = HTTPResponse(status: status, url: finalURL, contentType: header("Content-Type"), etag: header("ETag"),
                                lastModified: header("Last-Modified"), contentLength: length > 0 ? Int64(length) : nil, body: [])
        if let range = header("Content-Range").flatMap(HTTPResponse.parseContentRange) {
            response?.rangeStart = range.start
            response?.rangeTotal = range.total
        }
        response?.acceptsRanges = header("Accept-Ranges")?.lowercased().contains("bytes") ?? false
        guard (200..<300).contains(status) || status == 304 else { return finish(.failure(.status(status))) }
        if length > Int64(maxBytes) { return finish(.failure(.tooLarge(limit: maxBytes))) }
        if status == 304 { return finish(.success(response!)) }
        onHead?(response!)
        guard !finished else { return }
        read()
    }

    private func read() {
        arm(client.stallSeconds, .stalled)
        let retained = Unmanaged.passRetained(self).toOpaque()
        g_input_stream_read_bytes_async(stream, 65_536, Int32(G_PRIORITY_DEFAULT), cancellable, { source, result, data in
            guard let data else { return }
            let transfer = Unmanaged<Transfer>.fromOpaque(data).takeRetainedValue()
            MainActor.assumeIsolated { transfer.got(source: source, result: result) }
        }, retained)
    }

    private func got(source: UnsafeMutablePointer<GObject>?, result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        let bytes = g_input_stream_read_bytes_finish(UnsafeMutablePointer(OpaquePointer(source)), result, &error)
        if let error { return finish(.failure(failure(GLibError(consuming: error)))) }
        guard let bytes else { return finish(.failure(.network("nothing read"))) }
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        let data = g_bytes_get_data(bytes, &size)
        if size == 0 { return finish(.success(response!)) }
        received += Int(size)
        guard received <= maxBytes else { return finish(.failure(.tooLarge(limit: maxBytes))) }
        if let data {
            let piece = UnsafeRawBufferPointer(start: data, count: Int(size))
            if let onChunk { onChunk(Array(piece)) } else { response!.body.append(contentsOf: piece) }
        }
        guard !finished else { return }
        read()
    }

    private static func address(of message: OpaquePointer) -> URL? {
        guard let text = g_uri_to_string(soup_message_get_uri(message)) else { return nil }
        defer { g_free(text) }
        return URL(string: String(cString: text))
    }

    private func failure(_ error: GLibError) -> HTTPFailure {
        if let timeout { return timeout }
        if error.domain == "g-io-error-quark" {
            switch Int32(error.code) {
            case Int32(G_IO_ERROR_CANCELLED.rawValue): return .cancelled
            case Int32(G_IO_ERROR_TIMED_OUT.rawValue): return response == nil ? .timedOut : .stalled
            case Int32(G_IO_ERROR_CONNECTION_REFUSED.rawValue), Int32(G_IO_ERROR_HOST_UNREACHABLE.rawValue),
                 Int32(G_IO_ERROR_NETWORK_UNREACHABLE.rawValue):
                return .cannotConnect(error.message)
            default: break
            }
        }
        if error.domain == "g-resolver-error-quark" { return .cannotConnect(error.message) }
        if error.domain == "g-tls-error-quark" { return .tls(error.message) }
        return .network(error.message)
    }

    private func finish(_ result: Result<HTTPResponse, HTTPFailure>) {
        guard !finished else { return }
        finished = true
        timer?.cancel()
        timer = nil
        if let stream { g_input_stream_close_async(stream, Int32(G_PRIORITY_DEFAULT), nil, nil, nil) }
        completion(result)
    }
}
