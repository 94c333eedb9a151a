public import FeedCore
import Foundation

/// A PeerTube search index (the public one searches every instance): the instances' search API
/// over many hosts, each video and channel as its origin describes it. Only searches go to it,
/// typed words and #tags, never what the user watches.
@MainActor
public struct SearchIndexClient {
    private let peertube: PeerTubeClient

    public init(server: RemoteServer, api: NetworkAPIClient) {
        peertube = PeerTubeClient(server: server, api: api)
    }

    public var server: RemoteServer { peertube.server }

    /// Videos whose names match `text`; `text` may be empty when `filter.tags` names a tag.
    /// Whose videos they are is the index's whole point, so `localOnly` is not asked of it.
    @discardableResult
    public func searchVideos(_ text: String, filter: PeerTubeListFilter, start: Int, count: Int,
                             then: @escaping @MainActor (Result<RemotePage<RemoteVideo>, NetworkFailure>) -> Void) -> any NetworkRequest {
        var filter = filter
        filter.localOnly = false
        return peertube.searchVideos(text, filter: filter, start: start, count: count, then: then)
    }

    /// Channels whose names match `text`, on every instance it knows.
    @discardableResult
    public func searchChannels(_ text: String, start: Int, count: Int,
                               then: @escaping @MainActor (Result<RemotePage<RemoteChannel>, NetworkFailure>) -> Void)
        -> any NetworkRequest {
        peertube.searchChannels(text, start: start, count: count, then: then)
    }
}
