public import FeedCore

/// RemotePostReading scripted by the test.
@MainActor
public final class FakeRemotePostReader: RemotePostReading {
    public private(set) var detailCalls: [FakeNetworkCall<RemotePostRef, Result<RemoteVideo, NetworkFailure>>] = []
    public private(set) var threadCalls: [FakeNetworkCall<(post: RemotePostRef, order: RemoteCommentOrder, cursor: RemotePageCursor?),
                                                          Result<RemotePage<RemoteComment>, NetworkFailure>>] = []
    public private(set) var replyCalls: [FakeNetworkCall<(comment: RemoteComment, post: RemotePostRef, cursor: RemotePageCursor?),
                                                         Result<RemotePage<RemoteComment>, NetworkFailure>>] = []
    public private(set) var trackCalls: [FakeNetworkCall<RemotePostRef, Result<[CaptionTrack], NetworkFailure>>] = []
    public private(set) var captionCalls: [FakeNetworkCall<CaptionTrack, Result<CaptionCues, NetworkFailure>>] = []

    public init() {}

    public func details(of post: RemotePostRef, then: @escaping @MainActor (Result<RemoteVideo, NetworkFailure>) -> Void)
        -> any NetworkRequest {
        let call = FakeNetworkCall(post, deliver: then)
        detailCalls.append(call)
        return call.request
    }

    public func commentThreads(of post: RemotePostRef, order: RemoteCommentOrder, after cursor: RemotePageCursor?,
                               then: @escaping @MainActor (Result<RemotePage<RemoteComment>, NetworkFailure>) -> Void)
        -> any NetworkRequest {
        let call = FakeNetworkCall((post: post, order: order, cursor: cursor), deliver: then)
        threadCalls.append(call)
        return call.request
    }

    public func replies(to comment: RemoteComment, of post: RemotePostRef, after cursor: RemotePageCursor?,
                        then: @escaping @MainActor (Result<RemotePage<RemoteComment>, NetworkFailure>) -> Void)
        -> any NetworkRequest {
        let call = FakeNetworkCall((comment: comment, post: post, cursor: cursor), deliver: then)
        replyCalls.append(call)
        return call.request
    }

    public func captionTracks(of post: RemotePostRef, then: @escaping @MainActor (Result<[CaptionTrack], NetworkFailure>) -> Void)
        -> any NetworkRequest {
        let call = FakeNetworkCall(post, deliver: then)
        trackCalls.append(call)
        return call.request
    }

    public func captions(_ track: CaptionTrack, then: @escaping @MainActor (Result<CaptionCues, NetworkFailure>) -> Void)
        -> any NetworkRequest {
        let call = FakeNetworkCall(track, deliver: then)
        captionCalls.append(call)
        return call.request
    }
}
