public import FeedCore
import Foundation

/// `RemotePostReading` over the app's HTTP client: a post's details and counts, its comment
/// threads and replies, its captions, asked of the API that knows it (`RemotePostRef.apiBase`:
/// PeerTube's origin, the Loops server it came from) and read off the main thread
/// (PeerTubeDocuments, LoopsDocuments, WebVTT). Answers come on the main loop.
@MainActor
public final class RemotePostClient: RemotePostReading {
    /// Comment threads asked for at a time (PeerTube allows up to 100; Loops pages by 10 itself).
    public static let threadsPerPage = 20

    private let api: NetworkAPI
    private let decoding: any NetworkDocumentDecoding

    /// `transport`: the app's one HTTP client; `decoding`: where answers are read
    /// (`BackgroundNetworkDecoding` in the app).
    public init(transport: any HTTPTransport, decoding: any NetworkDocumentDecoding = BackgroundNetworkDecoding()) {
        api = NetworkAPI(transport: transport, decoding: decoding)
        self.decoding = decoding
    }

    @discardableResult
    public func details(of post: RemotePostRef, then: @escaping @MainActor (Result<RemoteVideo, NetworkFailure>) -> Void)
        -> any NetworkRequest {
        switch post.network {
        case .peertube:
            return get(post, "/api/v1/videos/\(post.id)", then: then) { data, server throws(RemoteDocumentError) in
                try PeerTubeDocuments.video(data, from: server)
            }
        case .loops:
            return get(post, "/api/v1/video/\(post.id)", then: then) { data, server throws(RemoteDocumentError) in
                try LoopsDocuments.video(data, from: server)
            }
        }
    }

    @discardableResult
    public func commentThreads(of post: RemotePostRef, order: RemoteCommentOrder, after cursor: RemotePageCursor?,
                               then: @escaping @MainActor (Result<RemotePage<RemoteComment>, NetworkFailure>) -> Void)
        -> any NetworkRequest {
        switch post.network {
        case .peertube:
            let (start, count) = Self.offset(cursor)
            let sort = order == .top ? "-totalReplies" : "-createdAt"
            return get(post, "/api/v1/videos/\(post.id)/comment-threads",
                       query: ["start": String(start), "count": String(count), "sort": sort], then: then) {
                data, server throws(RemoteDocumentError) in
                try PeerTubeDocuments.commentThreads(data, from: server, start: start, count: count)
            }
        case .loops:
            return get(post, "/api/v1/video/comments/\(post.id)", query: Self.cursorQuery(cursor), then: then) {
                data, server throws(RemoteDocumentError) in
                try LoopsDocuments.comments(data, from: server)
            }
        }
    }

    @discardableResult
    public func replies(to comment: RemoteComment, of post: RemotePostRef, after cursor: RemotePageCursor?,
                        then: @escaping @MainActor (Result<RemotePage<RemoteComment>, NetworkFailure>) -> Void)
        -> any NetworkRequest {
        switch post.network {
        case .peertube:
            // The thread's tree holds every reply at once: one page, replies to replies after
            // what they answer.
            return get(post, "/api/v1/videos/\(post.id)/comment-threads/\(comment.threadID)", then: then) {
                data, server throws(RemoteDocumentError) in
                let tree = try PeerTubeDocuments.commentTree(data, from: server)
                return RemotePage(items: tree.replies, total: tree.replies.count)
            }
        case .loops:
            let parent = comment.id
            return get(post, "/api/v1/video/comments/\(post.id)/replies", query: Self.cursorQuery(cursor).merging(["cr": parent]) { _, cr in cr },
                       then: then) { data, server throws(RemoteDocumentError) in
                try LoopsDocuments.replies(data, from: server, parent: parent)
            }
        }
    }

    @discardableResult
    public func captionTracks(of post: RemotePostRef, then: @escaping @MainActor (Result<[CaptionTrack], NetworkFailure>) -> Void)
        -> any NetworkRequest {
        switch post.network {
        case .peertube:
            return get(post, "/api/v1/videos/\(post.id)/captions", then: then) { data, server throws(RemoteDocumentError) in
                try PeerTubeDocuments.captions(data, from: server)
            }
        case .loops:
            // Loops has no captions: none is the answer, on the main loop as every answer.
            let request = ExchangeCall()
            decoding.decode({ () -> [CaptionTrack] in [] }) { tracks in
                guard !request.cancelled else { return }
                then(.success(tracks))
            }
            return request
        }
    }

    @discardableResult
    public func captions(_ track: CaptionTrack, then: @escaping @MainActor (Result<CaptionCues, NetworkFailure>) -> Void)
        -> any NetworkRequest {
        let host = RemoteHost.host(of: track.fileURL) ?? track.fileURL.absoluteString
        return api.get(track.fileURL, server: host, accept: "text/vtt, text/plain;q=0.5", read: { data throws(RemoteDocumentError) in
            guard let cues = WebVTT.parse(String(decoding: data, as: UTF8.self)) else { throw .unexpected("not a WebVTT file") }
            return cues
        }, then: then)
    }

    // MARK: - Addresses

    private func get<Value: Sendable>(_ post: RemotePostRef, _ path: String, query: [String: String] = [:],
                                      then: @escaping @MainActor (Result<Value, NetworkFailure>) -> Void,
                                      read: @escaping @Sendable (Data, RemoteServer) throws(RemoteDocumentError) -> Value)
        -> any NetworkRequest {
        guard RemoteVideoID.isValidID(post.id), let url = Self.address(post.apiBase, path, query: query),
              let server = RemoteServer(kind: post.network == .loops ? .loops : .peertube, address: post.apiBase) else {
            // Nothing that could name a video in an address: asked of no one.
            let request = ExchangeCall()
            let host = post.host
            decoding.decode({ () -> NetworkFailure in .notFound(server: host) }) { failure in
                guard !request.cancelled else { return }
                then(.failure(failure))
            }
            return request
        }
        return api.get(url, server: post.host, read: { data throws(RemoteDocumentError) in try read(data, server) }, then: then)
    }

    /// `path` on `base` (its scheme and port kept), the query in a stable order.
    static func address(_ base: URL, _ path: String, query: [String: String]) -> URL? {
        guard var parts = URLComponents(url: base, resolvingAgainstBaseURL: false) else { return nil }
        parts.path = path
        parts.query = nil
        if !query.isEmpty { parts.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) } }
        return parts.url
    }

    private static func offset(_ cursor: RemotePageCursor?) -> (start: Int, count: Int) {
        if case .offset(let start, let count)? = cursor { return (max(0, start), min(max(1, count), 100)) }
        return (0, threadsPerPage)
    }

    private static func cursorQuery(_ cursor: RemotePageCursor?) -> [String: String] {
        if case .cursor(let value)? = cursor { return ["cursor": value] }
        return [:]
    }
}
