public import Foundation

/// Who a remote video is and where to ask about it, whichever server listed it: a video keeps
/// its origin when another instance or the search index lists it.
public struct RemoteVideoID: Sendable, Equatable, Hashable {
    public var network: RemoteNetwork
    /// The origin's host as the network writes it ("127.0.0.2:8080"): PeerTube's from the
    /// video's canonical `url`; Loops' is the server that answered, the only one its id is good on.
    public var host: String
    /// scheme://host[:port] of the API to ask for its details, counts, comments and captions.
    public var apiBase: URL
    /// What that API takes to name it: PeerTube's uuid, Loops' id (a snowflake, as a string).
    public var id: String
    /// PeerTube's short uuid (the `/w/` page's name).
    public var shortUUID: String?
    /// PeerTube's numeric id on `answeringServer` (each instance numbers the videos it knows
    /// its own way; the search index gives the origin's).
    public var answeringID: Int?
    /// The server whose document this came from.
    public var answeringServer: URL
    /// The video's page on the web (what Share copies).
    public var pageURL: URL?

    public init(network: RemoteNetwork, host: String, apiBase: URL, id: String, shortUUID: String? = nil,
                answeringID: Int? = nil, answeringServer: URL, pageURL: URL? = nil) {
        self.network = network
        self.host = host
        self.apiBase = apiBase
        self.id = id
        self.shortUUID = shortUUID
        self.answeringID = answeringID
        self.answeringServer = answeringServer
        self.pageURL = pageURL
    }

    /// The same for a video wherever it was listed: "peertube:127.0.0.2:8080/UUID",
    /// "loops:127.0.0.4:8080/ID". What a post stores as its remote id.
    public var key: String { "\(network.rawValue):\(host)/\(id)" }

    /// Whether `text` may name a video in an API address: PeerTube's uuid (hex and dashes),
    /// Loops' id (digits), or a short uuid (letters and digits), at most 64 characters.
    public static func isValidID(_ text: String) -> Bool {
        guard (1...64).contains(text.utf8.count) else { return false }
        return text.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-": true
            default: false
            }
        }
    }
}
