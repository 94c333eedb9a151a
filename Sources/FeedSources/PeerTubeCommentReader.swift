import FeedCore
import Foundation

/// PeerTube's VideoComment (*oas* VideoComment; *models* comment/video-comment.model.ts) and
/// its thread tree (VideoCommentThreadTree) as RemoteComment: HTML made plain, its links kept.
enum PeerTubeCommentReader {
    /// nil when its id, thread or parent cannot be read, or a comment that is not deleted has
    /// no account that can be read.
    static func comment(_ object: JSONObject, server: RemoteServer) -> RemoteComment? {
        guard let id = object.count("id") else { return nil }
        let parent: Int?
        if object.isNull("inReplyToCommentId") {
            parent = nil
        } else {
            guard let read = object.count("inReplyToCommentId") else { return nil }
            parent = read
        }
        let thread: Int
        if let read = object.count("threadId") {
            thread = read
        } else {
            guard parent == nil else { return nil }
            thread = id
        }
        let isDeleted = object.bool("isDeleted") ?? !object.isNull("deletedAt")
        let author = object.object("account").flatMap { PeerTubeActors.actor($0, kind: .peertubeAccount, server: server) }
        guard isDeleted || author != nil else { return nil }
        let (text, links) = isDeleted ? ("", []) : NetworkText.comment(html: object.string("text") ?? "")
        return RemoteComment(
            id: String(id), threadID: String(thread), parentID: parent.map(String.init), author: isDeleted ? nil : author,
            text: text, links: links, created: NetworkText.date(object.string("createdAt")), isDeleted: isDeleted,
            replyCount: parent == nil ? object.count("totalReplies") : nil, pageURL: NetworkText.absoluteURL(object.string("url")))
    }

    /// Replies nest at most this deep (JSON nesting is bounded anyway; this keeps what is shown
    /// bounded too).
    static let deepestReply = 100

    /// `{comment, children: [tree]}`; a child that cannot be read is left out with its replies.
    static func tree(_ object: JSONObject, server: RemoteServer, depth: Int = 0) -> RemoteCommentTree? {
        guard let comment = object.object("comment").flatMap({ self.comment($0, server: server) }) else { return nil }
        let children = depth >= deepestReply ? [] : (object.objects("children") ?? []).compactMap {
            tree($0, server: server, depth: depth + 1)
        }
        return RemoteCommentTree(comment: comment, children: children)
    }
}
