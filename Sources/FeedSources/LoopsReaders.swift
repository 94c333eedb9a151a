import FeedCore
import Foundation

/// Loops' resources (joinloops/loops-server app/Http/Resources: VideoResource, the media data
/// of tag feeds, ProfileResource, AccountService::compact, CommentResource,
/// CommentReplyResource) as the app's models. Loops' ids are good only on the server that
/// answered, so that server is the video's API.
enum LoopsReaders {
    /// A profile (compact or full): `username` is "name" on its own server, "name@host" elsewhere.
    static func actor(_ object: JSONObject, server: RemoteServer) -> RemoteActor? {
        guard let username = object.string("username"), let id = object.identifier("id") else { return nil }
        let parts = username.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        let host = parts.count > 1 ? parts[1].lowercased() : server.host
        guard RemoteActor.isValidName(name), RemoteHost.isValid(host) else { return nil }
        let shown = object.string("display_name") ?? object.string("name")
        return RemoteActor(kind: .loopsProfile, name: name, displayName: NetworkText.name(shown), host: host, id: id,
                           avatarURL: NetworkText.absoluteURL(object.string("avatar")),
                           pageURL: NetworkText.absoluteURL(object.string("url")) ?? server.url("/@\(name)\(host == server.host ? "" : "@" + host)"))
    }

    /// A profile's page (ProfileResource): its videos and feed are its account feed.
    static func channel(_ object: JSONObject, server: RemoteServer) -> RemoteChannel? {
        guard let actor = actor(object, server: server), let id = actor.id,
              let videos = server.url("/api/v1/feed/account/\(id)") else { return nil }
        return RemoteChannel(actor: actor, followers: object.count("follower_count"), following: object.count("following_count"),
                             description: NetworkText.description(object.string("bio")), videoCount: object.count("post_count"),
                             likes: object.count("likes_count"), videosURL: videos, feedURL: videos,
                             created: NetworkText.date(object.string("created_at")))
    }

    /// A video (VideoResource) or a tag feed's media data (no `media.src_url`: `needsDetails`).
    static func video(_ object: JSONObject, server: RemoteServer) -> RemoteVideo? {
        guard let id = object.identifier("id"), let sensitive = object.bool("is_sensitive"),
              let author = object.object("account").flatMap({ actor($0, server: server) }) else { return nil }
        let media = object.object("media")
        let width = media?.integer("width", in: 1...16_384), height = media?.integer("height", in: 1...16_384)
        var sources = RemoteVideoSources()
        if let source = NetworkText.absoluteURL(media?.string("src_url")) {
            sources.webVideos = [RemoteVideoFile(url: source, width: width, height: height,
                                                 hasAudio: object.object("audio")?.bool("has_audio"), hasVideo: true)]
        }
        if let master = NetworkText.absoluteURL(media?.string("hls_url")) {
            sources.hls = HLSPlaylist(masterURL: master, renditions: [])
        }
        let caption = object.string("caption")
        let identity = RemoteVideoID(network: .loops, host: server.host, apiBase: server.baseURL, id: id,
                                     answeringServer: server.baseURL, pageURL: NetworkText.absoluteURL(object.string("url")))
        return RemoteVideo(
            identity: identity, title: NetworkText.title(caption), description: NetworkText.description(caption), author: author,
            duration: media?.double("duration", in: 0...PeerTubeVideoReader.longestDuration), width: width, height: height,
            isSensitive: sensitive,
            counts: RemoteCounts(likes: object.count("likes"), comments: object.count("comments"), views: object.count("views"),
                                 shares: object.count("shares")),
            published: NetworkText.date(object.string("created_at")),
            tags: PeerTubeVideoReader.tags(object.strings("tags")), thumbnailURL: NetworkText.absoluteURL(media?.string("thumbnail")),
            language: object.string("lang").flatMap { CaptionTrack.isValidLanguage($0) ? $0 : nil }, sources: sources,
            isPinned: object.bool("pinned") ?? false, commentsEnabled: object.object("permissions")?.bool("can_comment"),
            needsDetails: media?.isNull("src_url") ?? true)
    }

    /// A comment (CommentResource) or a reply (CommentReplyResource, `parent` given: a deleted
    /// reply has no `p_id`). A tombstone keeps its place, without author or text.
    static func comment(_ object: JSONObject, server: RemoteServer, parent: String?) -> RemoteComment? {
        guard let id = object.identifier("id") else { return nil }
        let isDeleted = object.bool("tombstone") ?? false
        let author = isDeleted ? nil : object.object("account").flatMap { actor($0, server: server) }
        guard isDeleted || author != nil else { return nil }
        let (text, links) = isDeleted ? ("", []) : NetworkText.comment(plain: object.string("caption") ?? "")
        return RemoteComment(
            id: id, threadID: parent ?? id, parentID: parent.map { object.identifier("p_id") ?? $0 }, author: author, text: text,
            links: links, created: NetworkText.date(object.string("created_at")), isDeleted: isDeleted,
            replyCount: parent == nil ? object.count("replies") : nil, likes: isDeleted ? nil : object.count("likes"),
            pageURL: NetworkText.absoluteURL(object.string("url")))
    }
}
