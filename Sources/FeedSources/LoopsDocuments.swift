public import FeedCore
public import Foundation

/// The documents a Loops server answers (CONTRACTS.md; loops-server's routes/api.php and
/// resources): every answer is `{"data": ...}`, lists are Laravel cursor pages. Pure functions
/// of the bytes and the server that answered; a document over 10 MB is refused unread; an item
/// that cannot be read is left out (`RemotePage.dropped`), the rest kept.
public enum LoopsDocuments {
    /// `GET /api/v1/account/username/{name}`: a profile's page.
    public static func account(_ data: Data, from server: RemoteServer) throws(RemoteDocumentError) -> RemoteChannel {
        guard let profile = try NetworkJSON.object(data).object("data"), let channel = LoopsReaders.channel(profile, server: server) else {
            throw .unexpected("a profile without a readable id or username")
        }
        return channel
    }

    /// `GET /api/v1/video/{id}`.
    public static func video(_ data: Data, from server: RemoteServer) throws(RemoteDocumentError) -> RemoteVideo {
        guard let object = try NetworkJSON.object(data).object("data"), let video = LoopsReaders.video(object, server: server) else {
            throw .unexpected("a video without a readable id, sensitivity or account")
        }
        return video
    }

    /// An account's feed (`/api/v1/feed/account/{id}`: the first page may start with pinned
    /// videos that later pages list again; `isPinned` says which, the caller removes repeats by
    /// id), the web feed, or a tag feed (one page of summaries: `needsDetails`).
    public static func videos(_ data: Data, from server: RemoteServer) throws(RemoteDocumentError) -> RemotePage<RemoteVideo> {
        try page(data) { LoopsReaders.video($0, server: server) }
    }

    /// `GET /api/v1/account/following/{id}`: the profiles an account follows.
    public static func profiles(_ data: Data, from server: RemoteServer) throws(RemoteDocumentError) -> RemotePage<RemoteChannel> {
        try page(data) { LoopsReaders.channel($0, server: server) }
    }

    /// `GET /api/v1/video/comments/{videoId}`: newest first, 10 a page.
    public static func comments(_ data: Data, from server: RemoteServer) throws(RemoteDocumentError) -> RemotePage<RemoteComment> {
        try page(data) { LoopsReaders.comment($0, server: server, parent: nil) }
    }

    /// `GET /api/v1/video/comments/{videoId}/replies?cr={parent}`: 3 a page.
    public static func replies(_ data: Data, from server: RemoteServer, parent: String) throws(RemoteDocumentError)
        -> RemotePage<RemoteComment> {
        try page(data) { LoopsReaders.comment($0, server: server, parent: parent) }
    }

    /// `GET /api/v1/explore/tags`: by how many videos carry them.
    public static func tags(_ data: Data) throws(RemoteDocumentError) -> [RemoteTag] {
        guard let list = try NetworkJSON.object(data).objects("data") else { throw .unexpected("no list of tags") }
        return list.compactMap { tag in
            guard let name = tag.string("name"), RemoteTag.isValidName(name) else { return nil }
            return RemoteTag(name: name, videoCount: tag.count("count"))
        }
    }

    /// Longer cursors are no cursors (Laravel's are the base64 of a row's order columns).
    static let longestCursor = 2_048

    /// `{data: [...], meta: {next_cursor}}` (a guest's tag feed has no meta: one page).
    private static func page<Item: Sendable & Equatable>(_ data: Data, _ read: (JSONObject) -> Item?) throws(RemoteDocumentError)
        -> RemotePage<Item> {
        let document = try NetworkJSON.object(data)
        guard let listed = document.array("data") else { throw .unexpected("no data list") }
        let items = listed.compactMap { JSONObject($0).flatMap(read) }
        let cursor = document.object("meta")?.text("next_cursor").flatMap { cursor in
            cursor.utf8.count <= longestCursor && cursor.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F })
                ? cursor : nil
        }
        return RemotePage(items: items, next: listed.isEmpty ? nil : cursor.map(RemotePageCursor.cursor), dropped: listed.count - items.count)
    }
}
