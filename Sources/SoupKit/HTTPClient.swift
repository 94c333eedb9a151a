import CGLib
import CSoup
import Foundation
import GLibKit

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
        let transfer = HTTPTransfer(client: self, request: request, maxBytes: maxBytes, completion: completion)
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
        let transfer = HTTPTransfer(client: self, request: request, maxBytes: maxBytes, completion: completion)
        transfer.onHead = onHead
        transfer.onChunk = onChunk
        cancellation?.transfer = transfer
        transfer.start(request.url)
    }

    var raw: UnsafeMutablePointer<SoupSession> { session.typed(SoupSession.self) }
}

/// Stops a fetch (its completion gets `.cancelled`).
@MainActor
public final class HTTPCancellation {
    weak var transfer: HTTPTransfer?
    public init() {}
    public func cancel() { transfer?.cancel() }
}
