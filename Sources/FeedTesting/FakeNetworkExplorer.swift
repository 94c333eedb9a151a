public import FeedCore

/// NetworkExploring scripted by the test: every call waits until the test answers it.
@MainActor
public final class FakeNetworkExplorer: NetworkExploring {
    public var servers: [RemoteServer] = []
    public private(set) var videoCalls: [FakeNetworkCall<(query: ExploreQuery, cursor: ExploreCursor?), ExploreAnswer<RemoteVideo>>] = []
    public private(set) var channelSearches: [FakeNetworkCall<(text: String, cursor: ExploreCursor?), ExploreAnswer<RemoteChannel>>] = []
    public private(set) var tagCalls: [FakeNetworkCall<Void, ExploreAnswer<RemoteTag>>] = []
    public private(set) var channelCalls: [FakeNetworkCall<RemoteActor, Result<RemoteChannel, NetworkFailure>>] = []
    public private(set) var channelVideoCalls: [FakeNetworkCall<(channel: RemoteChannel, filter: VerticalFilter, cursor: ExploreCursor?),
                                                                ExploreAnswer<RemoteVideo>>] = []

    public private(set) var detailCalls: [FakeNetworkCall<RemoteVideo, Result<RemoteVideo, NetworkFailure>>] = []

    public init() {}

    public func videos(_ query: ExploreQuery, after cursor: ExploreCursor?,
                       then: @escaping @MainActor (ExploreAnswer<RemoteVideo>) -> Void) -> any NetworkRequest {
        let call = FakeNetworkCall((query: query, cursor: cursor), deliver: then)
        videoCalls.append(call)
        return call.request
    }

    public func channels(matching text: String, after cursor: ExploreCursor?,
                         then: @escaping @MainActor (ExploreAnswer<RemoteChannel>) -> Void) -> any NetworkRequest {
        let call = FakeNetworkCall((text: text, cursor: cursor), deliver: then)
        channelSearches.append(call)
        return call.request
    }

    public func tags(then: @escaping @MainActor (ExploreAnswer<RemoteTag>) -> Void) -> any NetworkRequest {
        let call = FakeNetworkCall((), deliver: then)
        tagCalls.append(call)
        return call.request
    }

    public func channel(_ actor: RemoteActor, then: @escaping @MainActor (Result<RemoteChannel, NetworkFailure>) -> Void)
        -> any NetworkRequest {
        let call = FakeNetworkCall(actor, deliver: then)
        channelCalls.append(call)
        return call.request
    }

    public func channelVideos(_ channel: RemoteChannel, filter: VerticalFilter, after cursor: ExploreCursor?,
                              then: @escaping @MainActor (ExploreAnswer<RemoteVideo>) -> Void) -> any NetworkRequest {
        let call = FakeNetworkCall((channel: channel, filter: filter, cursor: cursor), deliver: then)
        channelVideoCalls.append(call)
        return call.request
    }

    public func details(of video: RemoteVideo, then: @escaping @MainActor (Result<RemoteVideo, NetworkFailure>) -> Void)
        -> any NetworkRequest {
        let call = FakeNetworkCall(video, deliver: then)
        detailCalls.append(call)
        return call.request
    }
}
