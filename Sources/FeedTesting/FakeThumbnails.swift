public import FeedCore
public import Foundation
import Synchronization

/// Thumbnails on demand: requests are recorded and answered when the test says.
public final class FakeThumbnails: ThumbnailProviding {
    public struct Request: Sendable {
        public let postID: Int64
        public let uri: String
        public let cover: URL?
        public let ticket: WorkTicket
        let completion: @Sendable @MainActor (URL?) -> Void
    }

    private let pending = Mutex<[Request]>([])
    private let prepared = Mutex<[Int64]>([])

    public init() {}

    public var requests: [Request] { pending.withLock { $0 } }
    /// The posts whose stills were prepared ahead of time, in order.
    public var preparedPostIDs: [Int64] { prepared.withLock { $0 } }

    public func prepare(postID: Int64, uri: String) { prepared.withLock { $0.append(postID) } }

    public func thumbnail(postID: Int64, uri: String, cover: URL?, ticket: WorkTicket,
                          completion: @escaping @Sendable @MainActor (URL?) -> Void) -> WorkTicket {
        pending.withLock { $0.append(Request(postID: postID, uri: uri, cover: cover, ticket: ticket, completion: completion)) }
        return ticket
    }

    /// Answers every request still wanted (not cancelled) with `url(postID)`.
    @MainActor
    public func finishAll(_ url: (Int64) -> URL?) {
        let all = pending.withLock { requests -> [Request] in
            defer { requests.removeAll() }
            return requests
        }
        for request in all where !request.ticket.isCancelled { request.completion(url(request.postID)) }
    }
}
