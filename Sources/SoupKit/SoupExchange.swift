import CGLib
import CSoup
import FeedCore
import Foundation
import GLibKit

/// One request on libsoup; keeps itself alive (through the C callbacks' user data) until it
/// ends. Redirects are followed here, at most `maximumRedirects`, only to http(s); a GET's or
/// HEAD's on any redirect status, another method's only on 303 (then a GET) and 307, so a
/// resumable upload's 308 ("resume incomplete") reaches its caller. A redirect to another origin
/// (scheme, host or port) carries no credentials: Authorization, Proxy-Authorization and Cookie
/// stay with the origin they were given for. A caller that asked for the body's progress is told
/// it from the message's "wrote-body-data" (`BodyProgressMeter`), each sending from 0.
@MainActor
final class SoupExchange: HTTPExchange {
    private let session: SoupSessionTransport
    private let request: HTTPRequest
    private var progress: (@MainActor (HTTPUploadProgress) -> Void)?
    /// The body's progress in the message under way.
    private var meter: BodyProgressMeter?
    private var events: (@MainActor (HTTPEvent) -> Void)?
    private let cancellable = g_cancellable_new()!
    private var message: OpaquePointer?
    private var stream: UnsafeMutablePointer<GInputStream>?
    private var answered = false
    private var redirects = 0
    /// Set once a redirect has left the request's origin; never cleared, even if a later one
    /// comes back.
    private var leftOrigin = false
    private static let credentials: Set<String> = ["authorization", "proxy-authorization", "cookie"]

    init(session: SoupSessionTransport, request: HTTPRequest, progress: (@MainActor (HTTPUploadProgress) -> Void)?,
         events: @escaping @MainActor (HTTPEvent) -> Void) {
        self.session = session
        self.request = request
        self.progress = progress
        self.events = events
    }

    isolated deinit {
        if let message { g_object_unref(UnsafeMutableRawPointer(message)) }
        if let stream { g_object_unref(UnsafeMutableRawPointer(stream)) }
        g_object_unref(UnsafeMutableRawPointer(cancellable))
    }

    func cancel() { g_cancellable_cancel(cancellable) }

    func start(_ url: URL, method: HTTPRequest.Method, body: [UInt8]?) {
        if let message { g_object_unref(UnsafeMutableRawPointer(message)) }
        message = nil
        meter?.stop()
        meter = nil
        guard let made = soup_message_new(method.rawValue, url.absoluteString) else {
            return finish(.failed(.network("bad address \(url)")))
        }
        message = made
        soup_message_add_flags(made, SOUP_MESSAGE_NO_REDIRECT)
        // libsoup starts its queued messages highest priority first: the video on screen
        // connects before the stills and counts asked in the same turn.
        soup_message_set_priority(made, Self.priority(request.priority))
        // libsoup sends a PUT again by itself when the kept-alive connection it reused closes
        // without an answer, and the second time the fake instance got a body that was not the
        // chunk's (a 400). A chunk of a resumable upload (it carries Content-Range) is sent
        // again only when its uploader decides, after asking the server what it has: so it
        // goes on a connection of its own, which libsoup does not retry on.
        if request.headers["Content-Range"] != nil {
            soup_message_add_flags(made, SOUP_MESSAGE_NEW_CONNECTION)
        }
        let headers = soup_message_get_request_headers(made)
        for field in request.headers.fields where !(leftOrigin && Self.credentials.contains(field.name.lowercased())) {
            soup_message_headers_append(headers, field.name, field.value)
        }
        // Real PeerTube servers answer 406 to a request without one.
        if request.headers["Accept"] == nil { soup_message_headers_replace(headers, "Accept", "*/*") }
        if let body {
            // Content-Type, when given, is among the headers already: left as it is.
            let bytes = body.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }!
            soup_message_set_request_body_from_bytes(made, nil, bytes)
            // libsoup sends a request again by itself when a kept-alive connection closes before
            // any answer, but (3.2) with the body it already read: an empty PUT, which PeerTube
            // refused as a bad rating. Each new send gets the body anew.
            let raw = UnsafeMutableRawPointer(made)
            let meter = progress.map { BodyProgressMeter(total: body.count, timers: session.timers, handler: $0) }
            _ = Signals.connect(raw, "restarted") { [body = RequestBodyBytes(retaining: bytes), weak meter] in
                soup_message_set_request_body_from_bytes(OpaquePointer(raw), nil, body.raw)
                meter?.restart()
            }
            g_bytes_unref(bytes)
            if let meter { follow(made, with: meter) }
        }
        let retained = Unmanaged.passRetained(self).toOpaque()
        soup_session_send_async(session.raw, made, Int32(G_PRIORITY_DEFAULT), cancellable, { source, result, data in
            guard let data else { return }
            let exchange = Unmanaged<SoupExchange>.fromOpaque(data).takeRetainedValue()
            MainActor.assumeIsolated {
                exchange.sent(source: UnsafeMutableRawPointer(source)?.assumingMemoryBound(to: SoupSession.self), result: result)
            }
        }, retained)
    }

    /// "wrote-body-data" (libsoup 3.0 and later: a piece of the request body went to the
    /// connection, emitted on the session's context, the main one).
    private func follow(_ message: OpaquePointer, with meter: BodyProgressMeter) {
        self.meter = meter
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UInt32, UnsafeMutableRawPointer?) -> Void = { _, count, data in
            guard let data else { return }
            let handler = CallbackBox<@MainActor (UInt32) -> Void>.from(data)
            MainActor.assumeIsolated { handler(count) }
        }
        let handler: @MainActor (UInt32) -> Void = { [weak meter] count in meter?.wrote(Int(count)) }
        _ = Signals.connect(UnsafeMutableRawPointer(message), "wrote-body-data", handler: handler,
                            trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    private func sent(source: UnsafeMutablePointer<SoupSession>?, result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        let stream = soup_session_send_finish(source, result, &error)
        if let error { return finish(.failed(failure(GLibError(consuming: error)))) }
        guard let stream, let message else { return finish(.failed(.network("no answer"))) }
        let status = Int(soup_message_get_status(message).rawValue)
        let headers = Self.headers(of: soup_message_get_response_headers(message))
        if let next = redirect(status: status, location: headers["Location"]) {
            g_object_unref(UnsafeMutableRawPointer(stream))
            let current = Self.address(of: message)
            guard let target = URL(string: next.location, relativeTo: current)?.absoluteURL else {
                return finish(.failed(.network("a redirect to nowhere")))
            }
            guard let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
                return finish(.failed(.notWeb(target.absoluteString)))
            }
            redirects += 1
            guard redirects <= session.maximumRedirects else { return finish(.failed(.tooManyRedirects)) }
            if !Self.sameOrigin(target, request.url) { leftOrigin = true }
            return start(target, method: next.method, body: next.method == request.method ? request.body : nil)
        }
        self.stream = stream
        answered = true
        meter?.finish()
        meter = nil
        events?(.head(HTTPHead(status: status, url: Self.address(of: message) ?? request.url, headers: headers)))
        guard events != nil else { return }
        read()
    }

    /// Where a redirect goes and with which method; nil when the answer is the caller's.
    private func redirect(status: Int, location: String?) -> (location: String, method: HTTPRequest.Method)? {
        guard let location, [301, 302, 303, 307, 308].contains(status) else { return nil }
        switch request.method {
        case .get, .head: return (location, request.method)
        default:
            if status == 303 { return (location, .get) }
            return status == 307 ? (location, request.method) : nil
        }
    }

    private func read() {
        let retained = Unmanaged.passRetained(self).toOpaque()
        g_input_stream_read_bytes_async(stream, 65_536, Int32(G_PRIORITY_DEFAULT), cancellable, { source, result, data in
            guard let data else { return }
            let exchange = Unmanaged<SoupExchange>.fromOpaque(data).takeRetainedValue()
            MainActor.assumeIsolated { exchange.got(source: source, result: result) }
        }, retained)
    }

    private func got(source: UnsafeMutablePointer<GObject>?, result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        let bytes = g_input_stream_read_bytes_finish(UnsafeMutablePointer(OpaquePointer(source)), result, &error)
        if let error { return finish(.failed(failure(GLibError(consuming: error)))) }
        guard let bytes else { return finish(.failed(.network("nothing read"))) }
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        let data = g_bytes_get_data(bytes, &size)
        guard size > 0, let data else { return finish(.end) }
        events?(.chunk(Array(UnsafeRawBufferPointer(start: data, count: Int(size)))))
        guard events != nil else { return }
        read()
    }

    private static func priority(_ priority: HTTPRequest.Priority) -> SoupMessagePriority {
        switch priority {
        case .background: SOUP_MESSAGE_PRIORITY_LOW
        case .normal: SOUP_MESSAGE_PRIORITY_NORMAL
        case .interactive: SOUP_MESSAGE_PRIORITY_HIGH
        }
    }

    private static func sameOrigin(_ one: URL, _ other: URL) -> Bool {
        func origin(_ url: URL) -> (String, String, Int?) {
            let scheme = url.scheme?.lowercased() ?? ""
            let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
            return (scheme, url.host?.lowercased() ?? "", port)
        }
        return origin(one) == origin(other)
    }

    private static func headers(of raw: OpaquePointer?) -> HTTPHeaders {
        var headers = HTTPHeaders()
        var iterator = SoupMessageHeadersIter()
        soup_message_headers_iter_init(&iterator, raw)
        var name: UnsafePointer<CChar>?
        var value: UnsafePointer<CChar>?
        while soup_message_headers_iter_next(&iterator, &name, &value) != 0 {
            if let name, let value { headers.add(String(cString: name), String(cString: value)) }
        }
        return headers
    }

    private static func address(of message: OpaquePointer) -> URL? {
        guard let text = g_uri_to_string(soup_message_get_uri(message)) else { return nil }
        defer { g_free(text) }
        return URL(string: String(cString: text))
    }

    private func failure(_ error: GLibError) -> HTTPFailure {
        if error.domain == "g-io-error-quark" {
            switch Int32(error.code) {
            case Int32(G_IO_ERROR_CANCELLED.rawValue): return .cancelled
            case Int32(G_IO_ERROR_TIMED_OUT.rawValue): return answered ? .stalled : .timedOut
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

    /// The last event: nothing is told after it, and the handler (which may hold the caller's
    /// objects) goes.
    private func finish(_ event: HTTPEvent) {
        guard let events else { return }
        self.events = nil
        progress = nil
        meter?.stop()
        meter = nil
        if let stream { g_input_stream_close_async(stream, Int32(G_PRIORITY_DEFAULT), nil, nil, nil) }
        events(event)
    }
}
