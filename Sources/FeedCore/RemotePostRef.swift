public import Foundation

/// A stored post's place on a network (PeerTube, Loops): enough to ask its origin about it again
/// (counts, comments, captions, files) and to know it as the same video wherever it was listed.
/// Posts from a followed feed whose network is known carry one too; local files carry none.
public struct RemotePostRef: Sendable, Equatable, Hashable {
    public var network: RemoteNetwork
    /// The origin's host as the network writes it ("127.0.0.2:8080").
    public var host: String
    /// scheme://host[:port] of the API that knows the video (the origin, for PeerTube).
    public var apiBase: URL
    /// What that API names it by: PeerTube's uuid (or short uuid), Loops' id.
    public var id: String
    /// PeerTube's short uuid, when known (the same video under another name).
    public var shortUUID: String?

    public init(network: RemoteNetwork, host: String, apiBase: URL, id: String, shortUUID: String? = nil) {
        self.network = network
        self.host = host
        self.apiBase = apiBase
        self.id = id
        self.shortUUID = shortUUID
    }

    public init(_ identity: RemoteVideoID) {
        self.init(network: identity.network, host: identity.host, apiBase: identity.apiBase, id: identity.id,
                  shortUUID: identity.shortUUID)
    }

    /// "peertube:127.0.0.2:8080/UUID": the same as RemoteVideoID.key for the same video.
    public var key: String { "\(network.rawValue):\(host)/\(id)" }
}
