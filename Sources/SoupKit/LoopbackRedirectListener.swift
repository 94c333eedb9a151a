import CGLib
import CSoup
public import FeedCore
public import Foundation
import GLibKit

/// The one-time listener a native app's OAuth sign-in comes back to (RFC 8252, section 7.3):
/// an HTTP server on 127.0.0.1 at a port the system picks, answering one path. The first
/// request there that carries the expected `state` ends it: its query goes to the caller and
/// the browser is told it may close the tab. Anything else (another path, a wrong or missing
/// state: a page that guessed the port) is refused and changes nothing.
@MainActor
public final class LoopbackRedirectListener: RedirectListening {
    public enum Failure: Error, Equatable, Sendable {
        /// No port could be opened on 127.0.0.1.
        case cannotListen(String)
    }

    /// Where the server is to send the browser back: `http://127.0.0.1:PORT/signed-in`.
    public let redirectURI: URL
    private let server: UnsafeMutablePointer<SoupServer>
    private let state: String
    private let page: (_ succeeded: Bool) -> String
    private var answer: (@MainActor ([String: String]) -> Void)?
    private var closed = false

    /// `state`: the value the authorize request carried. `page`: the HTML the browser shows,
    /// for a sign-in that came back or one that was refused (already translated).
    public init(state: String, page: @escaping (_ succeeded: Bool) -> String,
                then answer: @escaping @MainActor ([String: String]) -> Void) throws(Failure) {
        let server = lf_soup_server_new()!
        var error: UnsafeMutablePointer<GError>?
        guard soup_server_listen_local(server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error) != 0 else {
            let message = error.map { GLibError(consuming: $0).message } ?? "no port"
            g_object_unref(UnsafeMutableRawPointer(server))
            throw .cannotListen(message)
        }
        var port: Int32 = 0
        let uris = soup_server_get_uris(server)
        if let first = uris?.pointee.data { port = g_uri_get_port(OpaquePointer(first)) }
        g_slist_free_full(uris) { g_uri_unref(OpaquePointer($0)) }
        self.server = server
        self.state = state
        self.page = page
        self.answer = answer
        redirectURI = URL(string: "http://127.0.0.1:\(port)/signed-in")!
        soup_server_add_handler(server, "/signed-in", { _, message, _, query, data in
            guard let data, let message else { return }
            let listener = Unmanaged<LoopbackRedirectListener>.fromOpaque(data).takeUnretainedValue()
            let fields = LoopbackRedirectListener.fields(of: query)
            let method = soup_server_message_get_method(message).map { String(cString: $0) } ?? ""
            nonisolated(unsafe) let request = message
            MainActor.assumeIsolated { listener.heard(method: method, fields: fields, message: request) }
        }, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    isolated deinit {
        close()
        g_object_unref(UnsafeMutableRawPointer(server))
    }

    /// Stops listening; no answer comes after it.
    public func close() {
        guard !closed else { return }
        closed = true
        answer = nil
        soup_server_remove_handler(server, "/signed-in")
        soup_server_disconnect(server)
    }

    private func heard(method: String, fields: [String: String], message: OpaquePointer) {
        guard !closed, method == "GET", fields["state"] == state, let answer else {
            return respond(message, status: 400, html: page(false))
        }
        respond(message, status: 200, html: page(fields["error"] == nil))
        self.answer = nil
        // After this turn, so the page is written first (requests under way are finished).
        let work = CallbackBox<@MainActor () -> Void>({ [weak self] in self?.close() })
        g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, { data in
            guard let data else { return 0 }
            let body = CallbackBox<@MainActor () -> Void>.from(data)
            MainActor.assumeIsolated { body() }
            return 0
        }, work.retainedPointer(), { AnyCallbackBox.release(UnsafeRawPointer($0!)) })
        answer(fields)
    }

    private func respond(_ message: OpaquePointer, status: UInt32, html: String) {
        soup_server_message_set_status(message, status, nil)
        let bytes = Array(html.utf8)
        bytes.withUnsafeBufferPointer {
            soup_server_message_set_response(message, "text/html; charset=utf-8", SOUP_MEMORY_COPY,
                                             UnsafeRawPointer($0.baseAddress)?.assumingMemoryBound(to: CChar.self), gsize($0.count))
        }
    }

    /// The query's fields (libsoup decodes them); nil when there was none.
    private nonisolated static func fields(of query: OpaquePointer?) -> [String: String] {
        guard let query else { return [:] }
        var fields: [String: String] = [:]
        var iterator = GHashTableIter()
        g_hash_table_iter_init(&iterator, query)
        var key: gpointer?
        var value: gpointer?
        while g_hash_table_iter_next(&iterator, &key, &value) != 0 {
            guard let key, let value else { continue }
            fields[String(cString: key.assumingMemoryBound(to: CChar.self))] = String(cString: value.assumingMemoryBound(to: CChar.self))
        }
        return fields
    }
}
