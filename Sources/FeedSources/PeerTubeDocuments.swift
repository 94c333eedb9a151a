public import FeedCore
public import Foundation

/// The documents a PeerTube instance or search index answers (CONTRACTS.md, PeerTube's OpenAPI
/// spec and models), read off the main thread if the caller likes: pure functions of the bytes
/// and the server that answered. A document over 10 MB is refused unread; an item of a list
/// that cannot be read is left out (`RemotePage.dropped`), the rest kept.
public enum PeerTubeDocuments {
    /// `GET /api/v1/videos/{id}`: VideoDetails, with what it plays.
    public static func video(_ data: Data, from server: RemoteServer) throws(RemoteDocumentError) -> RemoteVideo {
        guard let video = PeerTubeVideoReader.video(try NetworkJSON.object(data), server: server, isDetails: true) else {
            throw .unexpected("a video without a readable uuid, name, sensitivity or channel")
        }
        return video
    }

    /// `GET /api/v1/videos`, `/search/videos`, a channel's or an account's `/videos`, asked with
    /// `start` and `count`: summaries (`needsDetails`: the files come with `video`).
    public static func videos(_ data: Data, from server: RemoteServer, start: Int, count: Int) throws(RemoteDocumentError)
        -> RemotePage<RemoteVideo> {
        try page(data, start: start, count: count) { PeerTubeVideoReader.video($0, server: server, isDetails: false) }
    }

    /// `GET /api/v1/accounts/{name}/ratings`: `{video, rating}` items, the videos kept.
    public static func ratedVideos(_ data: Data, from server: RemoteServer, start: Int, count: Int) throws(RemoteDocumentError)
        -> RemotePage<RemoteVideo> {
        try page(data, start: start, count: count) { item in
            item.object("video").flatMap { PeerTubeVideoReader.video($0, server: server, isDetails: false) }
        }
    }

    /// `GET /api/v1/search/video-channels`, `/video-channels`, an account's `/video-channels`.
    public static func channels(_ data: Data, from server: RemoteServer, start: Int, count: Int) throws(RemoteDocumentError)
        -> RemotePage<RemoteChannel> {
        try page(data, start: start, count: count) { PeerTubeActors.channel($0, server: server) }
    }

    /// `GET /api/v1/video-channels/{handle}`.
    public static func channel(_ data: Data, from server: RemoteServer) throws(RemoteDocumentError) -> RemoteChannel {
        guard let channel = PeerTubeActors.channel(try NetworkJSON.object(data), server: server) else {
            throw .unexpected("a channel without a readable name or host")
        }
        return channel
    }

    /// `GET /api/v1/accounts/{handle}`.
    public static func account(_ data: Data, from server: RemoteServer) throws(RemoteDocumentError) -> RemoteChannel {
        guard let account = PeerTubeActors.account(try NetworkJSON.object(data), server: server) else {
            throw .unexpected("an account without a readable name or host")
        }
        return account
    }

    /// `GET /api/v1/videos/{id}/comment-threads`: the threads' roots (a deleted root is listed
    /// while it has replies).
    public static func commentThreads(_ data: Data, from server: RemoteServer, start: Int, count: Int) throws(RemoteDocumentError)
        -> RemotePage<RemoteComment> {
        try page(data, start: start, count: count) { PeerTubeCommentReader.comment($0, server: server) }
    }

    /// `GET /api/v1/videos/{id}/comment-threads/{threadId}`: the root and its replies, nested.
    public static func commentTree(_ data: Data, from server: RemoteServer) throws(RemoteDocumentError) -> RemoteCommentTree {
        guard let tree = PeerTubeCommentReader.tree(try NetworkJSON.object(data), server: server) else {
            throw .unexpected("a thread without a readable comment")
        }
        return tree
    }

    /// `GET /api/v1/videos/{id}/captions`: each track's WebVTT file (`fileUrl`, else
    /// `captionPath` on the instance that answered).
    public static func captions(_ data: Data, from server: RemoteServer) throws(RemoteDocumentError) -> [CaptionTrack] {
        guard let list = try NetworkJSON.object(data).objects("data") else { throw .unexpected("no list of captions") }
        return list.compactMap { track in
            guard let language = track.object("language"), let id = language.string("id"), CaptionTrack.isValidLanguage(id),
                  let file = NetworkText.absoluteURL(track.string("fileUrl"))
                    ?? NetworkText.pathURL(track.string("captionPath"), on: server.baseURL) else { return nil }
            let label = NetworkText.name(language.string("label"))
            return CaptionTrack(languageID: id, label: label.isEmpty ? id : label, fileURL: file,
                                isAutomatic: track.bool("automaticallyGenerated") ?? false,
                                updated: NetworkText.date(track.string("updatedAt")))
        }
    }

    /// `{total, data: [...]}`: the items `read` can read, and the next page after `start` +
    /// what was listed.
    private static func page<Item: Sendable & Equatable>(_ data: Data, start: Int, count: Int, _ read: (JSONObject) -> Item?) throws(RemoteDocumentError)
        -> RemotePage<Item> {
        let document = try NetworkJSON.object(data)
        guard let listed = document.array("data") else { throw .unexpected("no data list") }
        let items = listed.compactMap { JSONObject($0).flatMap(read) }
        let total = document.count("total")
        return RemotePage(items: items, next: RemotePage<Item>.nextOffset(start: start, count: count, listed: listed.count, total: total),
                          total: total, dropped: listed.count - items.count)
    }
}
