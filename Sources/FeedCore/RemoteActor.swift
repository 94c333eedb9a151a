public import Foundation

/// Someone who posts or comments on a network, as a video, a comment or a search result names
/// them: a PeerTube channel or account, or a Loops profile.
public struct RemoteActor: Sendable, Equatable, Hashable {
    public enum Kind: String, Sendable, Equatable, Hashable {
        case peertubeChannel
        case peertubeAccount
        case loopsProfile
    }

    public var kind: Kind
    /// The name in the handle ("alice_loops"): letters, digits, `_`, `.` and `-` only, so it
    /// can be put into an address as it is.
    public var name: String
    /// What they call themselves: one line of plain text, at most a name's length (TextLimits).
    public var displayName: String
    /// The host they live on, as the network writes it ("127.0.0.2:8080").
    public var host: String
    /// Their id on the server that answered (Loops' profile id; PeerTube's is that server's
    /// own), when it gave one.
    public var id: String?
    public var avatarURL: URL?
    /// Their page on the web.
    public var pageURL: URL?

    public init(kind: Kind, name: String, displayName: String, host: String, id: String? = nil,
                avatarURL: URL? = nil, pageURL: URL? = nil) {
        self.kind = kind
        self.name = name
        self.displayName = displayName
        self.host = host
        self.id = id
        self.avatarURL = avatarURL
        self.pageURL = pageURL
    }

    /// "name@host", how the networks name an actor anywhere (PeerTube's API takes it as is).
    public var handle: String { "\(name)@\(host)" }

    /// The display name, or the name when there is none.
    public var shownName: String { displayName.isEmpty ? name : displayName }

    /// Whether `name` may stand in a handle: 1 to 100 ASCII letters, digits, `_`, `.` or `-`
    /// (what PeerTube, Mastodon and Loops allow), so it never carries a path, a query or text.
    public static func isValidName(_ name: String) -> Bool {
        guard (1...100).contains(name.utf8.count) else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "_", ".", "-": true
            default: false
            }
        } && name != "." && name != ".."
    }
}
