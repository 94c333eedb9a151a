public import Foundation

/// Asks an address what it is before the user reads it: PeerTube and Loops both answer
/// `/api/v1/config`, differently (FeedSources' ServerCheck over the app's HTTP client).
@MainActor
public protocol NetworkServerChecking: AnyObject {
    /// What the server at `address` (scheme://host[:port]) says it is: nil when it answered
    /// but is neither a PeerTube instance nor a Loops server.
    @discardableResult
    func check(_ address: URL, then: @escaping @MainActor (Result<RemoteServerInfo?, NetworkFailure>) -> Void) -> any NetworkRequest
}

/// What the user typed for a server, as an address to ask: "tube.example" is
/// https://tube.example, an http:// address stays http (a test server, a LAN box), a path is
/// dropped; anything that is not the web (file:, javascript:, no host) is nothing.
public enum NetworkAddress {
    public static func base(_ typed: String) -> URL? {
        let text = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, !text.contains(where: { $0.isWhitespace }) else { return nil }
        let lower = text.lowercased()
        let hasScheme = lower.range(of: "^[a-z][a-z0-9+.-]*:", options: .regularExpression) != nil
            && !(lower.range(of: "^[^:/]+:[0-9]+(/|$)", options: .regularExpression) != nil)
        let candidate = hasScheme ? text : "https://" + text
        guard let url = URL(string: candidate), let base = RemoteHost.base(of: url),
              let host = RemoteHost.host(of: url), RemoteHost.isValid(host) else { return nil }
        return base
    }
}
