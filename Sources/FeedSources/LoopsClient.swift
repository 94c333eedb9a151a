public import FeedCore
import Foundation

/// A Loops server's public API (Tests/servers/CONTRACTS.md, from loops-server's routes and
/// resources): its web feed of popular videos, the tags it offers to explore and their feeds,
/// a video, a profile and its videos. Read with LoopsDocuments on a worker; answers on the main loop.
@MainActor
public struct LoopsClient {
    public let server: RemoteServer
    private let api: NetworkAPIClient

    public init(server: RemoteServer, api: NetworkAPIClient) {
        self.server = server
        self.api = api
    }

    /// `GET /api/web/feed`: up to 10 popular videos of its own (one page, shuffled each time).
    @discardableResult
    public func webFeed(then: @escaping @MainActor (Result<RemotePage<RemoteVideo>, NetworkFailure>) -> Void) -> any NetworkRequest {
        videos(server.url("/api/web/feed"), then: then)
    }

    /// `GET /api/v1/explore/tags`: most used first.
    @discardableResult
    public func tags(then: @escaping @MainActor (Result<[RemoteTag], NetworkFailure>) -> Void) -> any NetworkRequest {
        get(server.url("/api/v1/explore/tags"), then: then) { data throws(RemoteDocumentError) in try LoopsDocuments.tags(data) }
    }

    /// `GET /api/v1/explore/tag-feed/{tag}`: for a guest one page of summaries (no `src_url`:
    /// `video(_:)` gives what plays). An unknown tag is `.notFound`.
    @discardableResult
    public func tagFeed(_ tag: String, then: @escaping @MainActor (Result<RemotePage<RemoteVideo>, NetworkFailure>) -> Void)
        -> any NetworkRequest {
        guard RemoteTag.isValidName(tag) else { return api.refuse(server, then: then) }
        return videos(server.url("/api/v1/explore/tag-feed/\(tag)"), then: then)
    }

    /// `GET /api/v1/video/{id}`.
    @discardableResult
    public func video(_ id: String, then: @escaping @MainActor (Result<RemoteVideo, NetworkFailure>) -> Void) -> any NetworkRequest {
        guard RemoteVideoID.isValidID(id) else { return api.refuse(server, then: then) }
        let server = server
        return get(server.url("/api/v1/video/\(id)"), priority: .interactive, then: then) { data throws(RemoteDocumentError) in
            try LoopsDocuments.video(data, from: server)
        }
    }

    /// `GET /api/v1/account/username/{name}`: "name" on its own server, "name@host" for a
    /// profile it knows from elsewhere.
    @discardableResult
    public func account(_ actor: RemoteActor, then: @escaping @MainActor (Result<RemoteChannel, NetworkFailure>) -> Void)
        -> any NetworkRequest {
        guard actor.kind == .loopsProfile else { return api.refuse(server, then: then) }
        let name = actor.host == server.host ? actor.name : actor.handle
        let server = server
        return get(server.url("/api/v1/account/username/\(name)"), priority: .interactive, then: then) { data throws(RemoteDocumentError) in
            try LoopsDocuments.account(data, from: server)
        }
    }

    /// A profile's videos (`/api/v1/feed/account/{id}`, its `videosURL`), 10 a page; the first
    /// page may start with pinned videos that later pages list again.
    @discardableResult
    public func videos(of channel: RemoteChannel, after cursor: String?,
                       then: @escaping @MainActor (Result<RemotePage<RemoteVideo>, NetworkFailure>) -> Void) -> any NetworkRequest {
        guard var parts = URLComponents(url: channel.videosURL, resolvingAgainstBaseURL: false) else {
            return api.refuse(server, then: then)
        }
        parts.queryItems = cursor.map { [URLQueryItem(name: "cursor", value: $0)] }
        return videos(parts.url, then: then)
    }

    // MARK: -

    private func videos(_ url: URL?, then: @escaping @MainActor (Result<RemotePage<RemoteVideo>, NetworkFailure>) -> Void)
        -> any NetworkRequest {
        let server = server
        return get(url, then: then) { data throws(RemoteDocumentError) in try LoopsDocuments.videos(data, from: server) }
    }

    private func get<Value: Sendable>(_ url: URL?, priority: HTTPRequest.Priority = .normal,
                                      then: @escaping @MainActor (Result<Value, NetworkFailure>) -> Void,
                                      read: @escaping @Sendable (Data) throws(RemoteDocumentError) -> Value) -> any NetworkRequest {
        guard let url else { return api.refuse(server, then: then) }
        return api.get(url, from: server, priority: priority, read: read, then: then)
    }
}
