import CGLib
import CSoup
import Foundation
import GLibKit

/// One fetch in flight; keeps itself alive (through the C callbacks' user data) until it ends.
@MainActor
final class HTTPTransfer {
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
            let transfer = Unmanaged<HTTPTransfer>.fromOpaque(data).takeRetainedValue()
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
            let transfer = Unmanaged<HTTPTransfer>.fromOpaque(data).takeRetainedValue()
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
