public import FeedCore
import Foundation

/// What a PeerTube list asks its server to leave out before answering (the client's
/// VerticalFilter judges what comes all the same): live streams always; sensitive videos unless
/// the user shows them; with `maximumDuration`, longer videos (the search API's `durationMax`).
public struct PeerTubeListFilter: Sendable, Equatable {
    public var localOnly: Bool
    public var showsSensitive: Bool
    public var maximumDuration: Int?
    /// PeerTube's `tagsOneOf`.
    public var tags: [String]

    public init(localOnly: Bool = false, showsSensitive: Bool = false, maximumDuration: Int? = nil, tags: [String] = []) {
        self.localOnly = localOnly
        self.showsSensitive = showsSensitive
        self.maximumDuration = maximumDuration
        self.tags = tags
    }

    /// From Explore's filter: the length limit unless *any length*.
    public init(_ filter: VerticalFilter, localOnly: Bool = false, tags: [String] = []) {
        self.init(localOnly: localOnly, showsSensitive: filter.showsSensitive,
                  maximumDuration: filter.anyLength ? nil : Int(filter.maximumDuration), tags: tags)
    }

    /// `nsfw`: `both` lists every video, `false` none marked sensitive (without it the instance's
    /// policy decides, and `do_not_list` would hide them even from a user who shows them).
    func items(search: Bool) -> [URLQueryItem] {
        var items = [URLQueryItem(name: "isLive", value: "false"),
                     URLQueryItem(name: "nsfw", value: showsSensitive ? "both" : "false")]
        if localOnly { items.append(URLQueryItem(name: "isLocal", value: "true")) }
        if search, let maximumDuration { items.append(URLQueryItem(name: "durationMax", value: String(maximumDuration))) }
        items += tags.map { URLQueryItem(name: "tagsOneOf", value: $0) }
        return items
    }
}

/// A PeerTube instance's public API (Tests/servers/CONTRACTS.md, from PeerTube's OpenAPI spec):
/// lists of videos by trending, hot and newest, search, a video's details, channels and
/// accounts with their videos. Read with PeerTubeDocuments on a worker; answers on the main loop.
@MainActor
public struct PeerTubeClient {
    public enum Sort: String, Sendable {
        case trending = "-trending"
        case hot = "-hot"
        case newest = "-publishedAt"
    }

    public let server: RemoteServer
    let api: NetworkAPIClient

    public init(server: RemoteServer, api: NetworkAPIClient) {
        self.server = server
        self.api = api
    }

    /// `GET /api/v1/videos`: the instance's own and federated videos.
    @discardableResult
    public func videos(sort: Sort, filter: PeerTubeListFilter, start: Int, count: Int,
                       then: @escaping @MainActor (Result<RemotePage<RemoteVideo>, NetworkFailure>) -> Void) -> any NetworkRequest {
        let query = Self.paging(start, count) + [URLQueryItem(name: "sort", value: sort.rawValue)] + filter.items(search: false)
        return list(server.url("/api/v1/videos", query: query), start: start, count: count, then: then)
    }

    /// `GET /api/v1/search/videos`: every word must begin a word of a name, or the whole equal a tag.
    @discardableResult
    public func searchVideos(_ text: String, filter: PeerTubeListFilter, start: Int, count: Int,
                             then: @escaping @MainActor (Result<RemotePage<RemoteVideo>, NetworkFailure>) -> Void) -> any NetworkRequest {
        let query = [URLQueryItem(name: "search", value: text)] + Self.paging(start, count) + filter.items(search: true)
        return list(server.url("/api/v1/search/videos", query: query), start: start, count: count, then: then)
    }

    /// `GET /api/v1/search/video-channels`.
    @discardableResult
    public func searchChannels(_ text: String, start: Int, count: Int,
                               then: @escaping @MainActor (Result<RemotePage<RemoteChannel>, NetworkFailure>) -> Void)
        -> any NetworkRequest {
        let url = server.url("/api/v1/search/video-channels", query: [URLQueryItem(name: "search", value: text)] + Self.paging(start, count))
        let server = server
        return get(url, then: then) { data throws(RemoteDocumentError) in
            try PeerTubeDocuments.channels(data, from: server, start: start, count: count)
        }
    }

    /// `GET /api/v1/videos/{uuid}`: the video with its files.
    @discardableResult
    public func video(_ id: String, then: @escaping @MainActor (Result<RemoteVideo, NetworkFailure>) -> Void) -> any NetworkRequest {
        guard RemoteVideoID.isValidID(id) else { return refused(then) }
        let server = server
        return get(server.url("/api/v1/videos/\(id)"), priority: .interactive, then: then) { data throws(RemoteDocumentError) in
            try PeerTubeDocuments.video(data, from: server)
        }
    }

    /// `GET /api/v1/video-channels/{handle}` or `/accounts/{handle}`: a bare name on its own
    /// instance, name@host on another that knows it.
    @discardableResult
    public func channel(_ actor: RemoteActor, then: @escaping @MainActor (Result<RemoteChannel, NetworkFailure>) -> Void)
        -> any NetworkRequest {
        let handle = actor.host == server.host ? actor.name : actor.handle
        let server = server
        switch actor.kind {
        case .peertubeChannel:
            return get(server.url("/api/v1/video-channels/\(handle)"), priority: .interactive, then: then) { data throws(RemoteDocumentError) in
                try PeerTubeDocuments.channel(data, from: server)
            }
        case .peertubeAccount:
            return get(server.url("/api/v1/accounts/\(handle)"), priority: .interactive, then: then) { data throws(RemoteDocumentError) in
                try PeerTubeDocuments.account(data, from: server)
            }
        case .loopsProfile:
            return refused(then)
        }
    }

    /// A channel's or account's videos (its `videosURL`, on this server), newest first.
    @discardableResult
    public func videos(of channel: RemoteChannel, filter: PeerTubeListFilter, start: Int, count: Int,
                       then: @escaping @MainActor (Result<RemotePage<RemoteVideo>, NetworkFailure>) -> Void) -> any NetworkRequest {
        guard var parts = URLComponents(url: channel.videosURL, resolvingAgainstBaseURL: false) else { return refused(then) }
        parts.queryItems = Self.paging(start, count) + [URLQueryItem(name: "sort", value: Sort.newest.rawValue)] + filter.items(search: false)
        return list(parts.url, start: start, count: count, then: then)
    }

    // MARK: -

    static func paging(_ start: Int, _ count: Int) -> [URLQueryItem] {
        [URLQueryItem(name: "start", value: String(max(0, start))), URLQueryItem(name: "count", value: String(min(100, max(1, count))))]
    }

    private func list(_ url: URL?, start: Int, count: Int,
                      then: @escaping @MainActor (Result<RemotePage<RemoteVideo>, NetworkFailure>) -> Void) -> any NetworkRequest {
        let server = server
        return get(url, then: then) { data throws(RemoteDocumentError) in
            try PeerTubeDocuments.videos(data, from: server, start: start, count: count)
        }
    }

    private func get<Value: Sendable>(_ url: URL?, priority: HTTPRequest.Priority = .normal,
                                      then: @escaping @MainActor (Result<Value, NetworkFailure>) -> Void,
                                      read: @escaping @Sendable (Data) throws(RemoteDocumentError) -> Value) -> any NetworkRequest {
        guard let url else { return refused(then) }
        return api.get(url, from: server, priority: priority, read: read, then: then)
    }

    /// What cannot even be asked (a name that can't go into an address): said like a 400.
    private func refused<Value>(_ then: @escaping @MainActor (Result<Value, NetworkFailure>) -> Void) -> any NetworkRequest {
        api.refuse(server, then: then)
    }
}
