public import FeedCore
public import Foundation

/// Posts from the networks (PeerTube, Loops): stored once by their identity on the network,
/// whichever server listed them, and brought up to date without losing what the user did here.
extension SQLiteFeedRepository {
    @discardableResult
    public func storeDiscovered(_ videos: [DiscoveredVideo]) throws -> [Post] {
        // One commit for a page of results.
        try connection.transaction { try videos.map { try storeDiscovered($0) } }
    }

    private func storeDiscovered(_ video: DiscoveredVideo) throws -> Post {
        let caption = String(video.caption.prefix(TextLimits.caption))
        let sources = try? String(decoding: JSONEncoder().encode(video.sources), as: UTF8.self)
        if let known = try knownPostID(video) {
            try connection.run("""
                UPDATE posts SET caption = ?, hashtags = ?, remote_network = ?, remote_host = ?, remote_api = ?,
                    remote_key = coalesce(remote_key, ?), remote_short = coalesce(?, remote_short),
                    sources_json = coalesce(?, sources_json), sensitive = ?, page_url = coalesce(?, page_url),
                    cover_uri = coalesce(cover_uri, ?),
                    width = CASE WHEN width > 0 THEN width ELSE ? END,
                    height = CASE WHEN height > 0 THEN height ELSE ? END,
                    duration = CASE WHEN duration > 0 THEN duration ELSE ? END
                WHERE id = ?
                """, [caption, Hashtags.parse(caption).joined(separator: " "), video.remote.network.rawValue,
                      video.remote.host, video.remote.apiBase.absoluteString, video.remote.id, video.remote.shortUUID,
                      sources, video.isSensitive, video.pageURL, video.coverURI, video.width, video.height,
                      video.duration, known])
            return try updateRemoteCounts(postID: known, counts: video.counts, at: video.found)
        }
        try storeAuthor(handle: video.authorHandle, name: video.authorName, avatarURI: video.authorAvatarURI)
        let post = try insertPost(NewPost(
            authorHandle: video.authorHandle, caption: caption, music: "", videoURI: video.videoURI,
            width: video.width, height: video.height, duration: video.duration,
            likeCount: video.counts.likes ?? 0, commentCount: video.counts.comments ?? 0,
            shareCount: video.counts.shares ?? 0, created: video.created, allowsComments: video.allowsComments,
            coverURI: video.coverURI))
        try connection.run("""
            UPDATE posts SET remote_network = ?, remote_host = ?, remote_api = ?, remote_key = ?, remote_short = ?,
                view_count = ?, counts_ms = ?, sources_json = ?, sensitive = ?, page_url = ?, discovered = 1
            WHERE id = ?
            """, [video.remote.network.rawValue, video.remote.host, video.remote.apiBase.absoluteString,
                  video.remote.id, video.remote.shortUUID, video.counts.views, video.found, sources, video.isSensitive,
                  video.pageURL, post.id])
        return try requirePost(id: post.id)
    }

    /// The post this video already is: by its identity (its id, or its short uuid under either
    /// name), else by the address it plays from (a followed feed's entry of the same file).
    private func knownPostID(_ video: DiscoveredVideo) throws -> Int64? {
        let ref = video.remote
        let names = [ref.id, ref.shortUUID].compactMap { $0 }
        for name in names {
            if let id = try connection.queryFirst("""
                SELECT id FROM posts WHERE remote_network = ? AND remote_host = ? AND (remote_key = ? OR remote_short = ?)
                """, [ref.network.rawValue, ref.host, name, name], row: { $0.int64(0) }) {
                return id
            }
        }
        return try connection.queryFirst("SELECT id FROM posts WHERE video_uri = ?", [video.videoURI], row: { $0.int64(0) })
    }

    /// A network's author is stored once; their name and picture follow what the network says.
    private func storeAuthor(handle: String, name: String, avatarURI: String?) throws {
        let shownName = String((name.isEmpty ? handle : name).prefix(TextLimits.name))
        if try author(handle: handle) == nil {
            try insertAuthor(Author(handle: handle, name: shownName, avatarURI: avatarURI))
        } else {
            try connection.run("UPDATE authors SET name = ?, avatar_uri = coalesce(?, avatar_uri) WHERE handle = ? AND NOT is_self",
                               [shownName, avatarURI, handle])
        }
    }

    public func post(remote ref: RemotePostRef) throws -> Post? {
        for name in [ref.id, ref.shortUUID].compactMap({ $0 }) {
            if let post = try connection.queryFirst("""
                \(RowDecoding.selectPost)
                WHERE p.remote_network = ? AND p.remote_host = ? AND (p.remote_key = ? OR p.remote_short = ?)
                """, [ref.network.rawValue, ref.host, name, name], row: RowDecoding.post) {
                return post
            }
        }
        return nil
    }

    @discardableResult
    public func updateRemoteCounts(postID: Int64, counts: RemoteCounts, at date: Date) throws -> Post {
        try connection.transaction {
            // The user's like and comments here are not on the network (until an account sends
            // them): the counts shown add them to what the network says.
            try connection.run("""
                UPDATE posts SET
                    like_count = coalesce(?1 + liked, like_count),
                    comment_count = coalesce(?2 + (SELECT count(*) FROM comments c WHERE c.post_id = posts.id), comment_count),
                    share_count = coalesce(?3, share_count),
                    view_count = coalesce(?4, view_count),
                    counts_ms = ?5
                WHERE id = ?6
                """, [counts.likes, counts.comments, counts.shares, counts.views, date, postID])
            return try requirePost(id: postID)
        }
    }

    public func remoteSources(postID: Int64) throws -> RemoteVideoSources? {
        guard let json = try connection.queryFirst("SELECT sources_json FROM posts WHERE id = ?", [postID],
                                                   row: { $0.optionalString(0) }) ?? nil else { return nil }
        return try? JSONDecoder().decode(RemoteVideoSources.self, from: Data(json.utf8))
    }

    public func setHasAudio(postID: Int64, _ hasAudio: Bool) throws {
        try connection.run("UPDATE posts SET has_audio = ? WHERE id = ?", [hasAudio, postID])
    }
}
