public import Foundation

/// The one-time listener an OAuth sign-in for a native app comes back to (RFC 8252): SoupKit's
/// `LoopbackRedirectListener` on 127.0.0.1, a fake in tests. It answers once, with the query
/// the browser was sent back with, for a request that carried `state`.
@MainActor
public protocol RedirectListening: AnyObject {
    var redirectURI: URL { get }
    func close()
}

/// Makes a listener for `state`; nil when no port could be opened.
public typealias RedirectListenerMaking = @MainActor (_ state: String,
                                                      _ answer: @escaping @MainActor ([String: String]) -> Void) -> (any RedirectListening)?
