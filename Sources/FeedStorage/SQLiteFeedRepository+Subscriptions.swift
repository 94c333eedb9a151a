public import FeedCore
import Foundation

extension SQLiteFeedRepository: SubscriptionRepository {
    private static let subscriptionColumns = """
        id, url, title, image_url, etag, last_modified, last_refresh_ms, last_error, new_count,
        channel_kind, channel_name, channel_host, from_account
        """

    private static func subscription(_ row: SQLiteRow) -> Subscription {
        Subscription(id: row.int64(0), url: row.string(1), title: row.string(2), imageURL: row.optionalString(3),
                     etag: row.optionalString(4), lastModified: row.optionalString(5),
                     lastRefresh: row.isNull(6) ? nil : row.date(6), lastError: row.optionalString(7), newCount: row.int(8),
                     channel: channel(row))
    }

    private static func channel(_ row: SQLiteRow) -> FollowedChannel? {
        guard let kind = row.optionalString(9).flatMap(RemoteActor.Kind.init(rawValue:)),
              let name = row.optionalString(10), let host = row.optionalString(11) else { return nil }
        return FollowedChannel(kind: kind, name: name, host: host, account: row.optionalString(12))
    }

    public func markChannel(subscriptionID: Int64, _ channel: FollowedChannel) throws {
        try connection.run("""
            UPDATE subscriptions SET channel_kind = ?, channel_name = ?, channel_host = ?, from_account = coalesce(?, from_account)
            WHERE id = ?
            """, [channel.kind.rawValue, channel.name, channel.host, channel.account, subscriptionID])
    }

    public func subscriptions() throws -> [Subscription] {
        try connection.query("SELECT \(Self.subscriptionColumns) FROM subscriptions ORDER BY lower(title), id", [],
                             row: Self.subscription)
    }

    public func subscription(url: String) throws -> Subscription? {
        try connection.queryFirst("SELECT \(Self.subscriptionColumns) FROM subscriptions WHERE url = ?", [url],
                                  row: Self.subscription)
    }

    @discardableResult
    public func insertSubscription(url: String, title: String) throws -> Subscription {
        try connection.transaction {
            try connection.run("INSERT OR IGNORE INTO subscriptions (url, title, created_ms) VALUES (?, ?, ?)", [url, title, Date()])
            guard let stored = try subscription(url: url) else { throw StorageError.sqlite(code: 0, message: "no subscription", sql: nil) }
            return stored
        }
    }

    public func recordRefresh(subscriptionID: Int64, _ record: RefreshRecord) throws {
        try connection.run("""
            UPDATE subscriptions SET title = coalesce(?, title), image_url = coalesce(?, image_url),
                etag = coalesce(?, etag), last_modified = coalesce(?, last_modified),
                last_refresh_ms = ?, last_error = ?, new_count = ?
            WHERE id = ?
            """, [record.title, record.imageURL, record.etag, record.lastModified, record.at, record.error,
                  record.newCount, subscriptionID])
    }

    @discardableResult
    public func storeEntry(_ entry: RemotePost) throws -> Post? {
        try connection.transaction {
            let updated = try connection.run("UPDATE posts SET like_count = max(like_count, ?) WHERE subscription_id = ? AND remote_id = ?",
                                             [entry.likeCount, entry.subscriptionID, entry.remoteID])
            if updated > 0 {
                // Stored before followed posts knew their place on the network: they learn it now.
                if let remote = entry.remote, try post(remote: remote) == nil {
                    try connection.run("""
                        UPDATE posts SET remote_network = ?, remote_host = ?, remote_api = ?, remote_key = ?, remote_short = ?
                        WHERE subscription_id = ? AND remote_id = ? AND remote_key IS NULL
                        """, Self.remoteColumns(remote) + [entry.subscriptionID, entry.remoteID])
                }
                return nil
            }
            if let remote = entry.remote, let known = try post(remote: remote) {
                // Found by exploring first: the subscription takes it (Home shows it from now on).
                try connection.run("""
                    UPDATE posts SET subscription_id = ?, remote_id = ?, discovered = 0
                    WHERE id = ? AND subscription_id IS NULL
                    """, [entry.subscriptionID, entry.remoteID, known.id])
                return nil
            }
            // Other people's authors are stored once; a refresh never resets a follow. A channel's
            // picture is its author's until they have one.
            if try author(handle: entry.authorHandle) == nil {
                try insertAuthor(Author(handle: entry.authorHandle, name: entry.authorName, avatarURI: entry.authorAvatarURI))
            } else if let picture = entry.authorAvatarURI {
                try connection.run("UPDATE authors SET avatar_uri = ? WHERE handle = ? AND avatar_uri IS NULL",
                                   [picture, entry.authorHandle])
            }
            let post = try insertPost(NewPost(authorHandle: entry.authorHandle, caption: entry.caption, music: entry.music,
                                              videoURI: entry.videoURI, duration: entry.duration, likeCount: entry.likeCount,
                                              created: entry.created, coverURI: entry.thumbnailURI))
            let sources = entry.sources.flatMap { try? String(decoding: JSONEncoder().encode($0), as: UTF8.self) }
            try connection.run("UPDATE posts SET subscription_id = ?, remote_id = ?, page_url = ?, sources_json = ? WHERE id = ?",
                               [entry.subscriptionID, entry.remoteID, entry.pageURL, sources, post.id])
            if let remote = entry.remote {
                try connection.run("""
                    UPDATE posts SET remote_network = ?, remote_host = ?, remote_api = ?, remote_key = ?, remote_short = ?
                    WHERE id = ?
                    """, Self.remoteColumns(remote) + [post.id])
            }
            return try self.post(id: post.id) ?? post
        }
    }

    public func storeEntries(_ entries: [RemotePost]) -> [Post] {
        // One commit for a feed's page, not one per entry: a refresh of 50 entries is one write.
        (try? connection.transaction { entries.compactMap { try? storeEntry($0) } }) ?? []
    }

    private static func remoteColumns(_ remote: RemotePostRef) -> [any SQLiteBindable] {
        [remote.network.rawValue, remote.host, remote.apiBase.absoluteString, remote.id, remote.shortUUID]
    }

    @discardableResult
    public func deleteSubscription(id: Int64) throws -> [String] {
        try connection.transaction {
            let videos = try connection.query("SELECT video_uri FROM posts WHERE subscription_id = ?", [id]) { $0.string(0) }
            try connection.run("""
                DELETE FROM posts WHERE subscription_id = ? AND NOT liked
                    AND NOT EXISTS (SELECT 1 FROM comments c JOIN authors a ON a.id = c.author_id
                                    WHERE c.post_id = posts.id AND a.is_self)
                """, [id])
            try connection.run("DELETE FROM subscriptions WHERE id = ?", [id])
            return videos
        }
    }
}
