public import Foundation

/// The networks Loopfeed reads besides plain feeds.
public enum RemoteNetwork: String, Sendable, Equatable, Hashable, CaseIterable {
    case peertube
    case loops
}

/// A server Loopfeed asks: a PeerTube instance, a PeerTube search index (the instances' search API
/// over many instances, with no video pages of its own) or a Loops server. Documents are read
/// against the server that answered them: PeerTube's relative paths resolve against it, and its
/// numeric ids are its own.
public struct RemoteServer: Sendable, Equatable, Hashable {
    public enum Kind: String, Sendable, Equatable, Hashable {
        case peertube
        case peertubeSearchIndex
        case loops
    }

    public var kind: Kind
    /// scheme://host[:port], no path: what API paths are appended to.
    public let baseURL: URL
    /// host[:port] as the networks write it ("127.0.0.2:8080", "video.example").
    public let host: String

    /// nil unless `address` is an http(s) address with a host; its path, query and fragment are
    /// dropped and its scheme and port kept (an http:// server stays http).
    public init?(kind: Kind, address: URL) {
        guard let base = RemoteHost.base(of: address), let host = RemoteHost.host(of: address) else { return nil }
        self.kind = kind
        baseURL = base
        self.host = host
    }

    public var network: RemoteNetwork { kind == .loops ? .loops : .peertube }

    /// The search index's documents describe each video and channel as its origin does (origin's
    /// ids); an instance's describe them with its own ids.
    public var isSearchIndex: Bool { kind == .peertubeSearchIndex }

    /// `path` ("/api/v1/videos") on this server.
    public func url(_ path: String, query: [URLQueryItem] = []) -> URL? {
        guard var parts = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else { return nil }
        parts.path = path
        parts.queryItems = query.isEmpty ? nil : query
        return parts.url
    }
}

/// Hosts as the networks write them: lowercased, with the port when the address has one.
public enum RemoteHost {
    /// "127.0.0.2:8080", "video.example", "[::1]:8080"; nil unless http(s) with a host.
    public static func host(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host?.lowercased(), !host.isEmpty else { return nil }
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return bracketed + (url.port.map { ":\($0)" } ?? "")
    }

    /// scheme://host[:port] of an http(s) address.
    public static func base(of url: URL) -> URL? {
        guard let host = host(of: url), let scheme = url.scheme?.lowercased() else { return nil }
        return URL(string: "\(scheme)://\(host)")
    }

    /// Whether `text` is a host[:port] a network could write: DNS labels or an IPv4 address, or
    /// an IPv6 address in brackets, and a port of 1-65535. Nothing else may stand in a handle or
    /// be put into an address.
    public static func isValid(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 260 else { return false }
        var name = Substring(text)
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return false }
            let inside = text[text.index(after: text.startIndex)..<close]
            guard !inside.isEmpty, inside.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return false }
            name = text[text.index(after: close)...]
            guard name.isEmpty || name.hasPrefix(":") else { return false }
            return name.isEmpty || isPort(name.dropFirst())
        }
        if let colon = text.lastIndex(of: ":") {
            guard isPort(text[text.index(after: colon)...]) else { return false }
            name = text[..<colon]
        }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        return !labels.isEmpty && labels.allSatisfy { label in
            !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-") }
        }
    }

    private static func isPort(_ text: Substring) -> Bool {
        guard (1...5).contains(text.count), text.allSatisfy(\.isASCII), let port = Int(text) else { return false }
        return (1...65535).contains(port)
    }
}
