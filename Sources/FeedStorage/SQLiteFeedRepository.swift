public import FeedCore
public import Foundation

/// The feed over SQLite. Not thread-safe: one instance per thread (the GTK main thread).
public final class SQLiteFeedRepository: FeedRepository {
    public let connection: SQLiteConnection
    public static let defaultPageSize = 10

    /// Takes a connection already checked and migrated by `LibraryDatabase`.
    public init(connection: SQLiteConnection) {
        self.connection = connection
    }

    public func feedPage(after key: FeedKey?, limit: Int = SQLiteFeedRepository.defaultPageSize) throws -> [Post] {
        // What the user follows and added: videos only discovered on a network stay out
        // (posts_home indexes exactly these).
        let order = "ORDER BY p.created_ms DESC, p.id DESC LIMIT ?"
        guard let key else {
            return try connection.query("\(RowDecoding.selectPost) WHERE p.discovered = 0 \(order)", [limit],
                                        row: RowDecoding.post)
        }
        return try connection.query(
            "\(RowDecoding.selectPost) WHERE p.discovered = 0 AND (p.created_ms, p.id) < (?, ?) \(order)",
            [key.created, key.id, limit], row: RowDecoding.post)
    }

    public func post(id: Int64) throws -> Post? {
        try connection.queryFirst("\(RowDecoding.selectPost) WHERE p.id = ?", [id], row: RowDecoding.post)
    }

    public func post(videoURI uri: String) throws -> Post? {
        try connection.queryFirst("\(RowDecoding.selectPost) WHERE p.video_uri = ?", [uri], row: RowDecoding.post)
    }

    public func post(contentHash: String) throws -> Post? {
        try connection.queryFirst("\(RowDecoding.selectPost) WHERE p.content_hash = ?", [contentHash], row: RowDecoding.post)
    }

    public func deletePost(id: Int64) throws {
        if try connection.run("DELETE FROM posts WHERE id = ?", [id]) == 0 { throw StorageError.postNotFound(id: id) }
    }

    public func postCount() throws -> Int {
        try connection.queryFirst("SELECT count(*) FROM posts WHERE discovered = 0") { $0.int(0) } ?? 0
    }

    /// Inserts the author, or updates the one with the same handle (keeping its id).
    @discardableResult
    public func insertAuthor(_ author: Author) throws -> Author {
        try connection.transaction {
            try connection.run("""
                INSERT INTO authors (handle, name, bio, avatar_uri, cover_uri, followers, following, likes, is_self)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (handle) DO UPDATE SET
                    name = excluded.name, bio = excluded.bio, avatar_uri = excluded.avatar_uri,
                    cover_uri = excluded.cover_uri, followers = excluded.followers,
                    following = excluded.following, likes = excluded.likes, is_self = excluded.is_self
                """,
                [author.handle, author.name, author.bio, author.avatarURI, author.coverURI,
                 author.followers, author.following, author.likes, author.isSelf])
            let stored = try requireAuthor(handle: author.handle)
            if author.isFollowed {
                try connection.run("INSERT OR IGNORE INTO follows (author_id, created_ms) VALUES (?, ?)",
                                   [stored.id, Date()])
            } else {
                try connection.run("DELETE FROM follows WHERE author_id = ?", [stored.id])
            }
            return try requireAuthor(handle: author.handle)
        }
    }

    public func author(handle: String) throws -> Author? {
        try connection.queryFirst("\(RowDecoding.selectAuthor) WHERE a.handle = ?", [handle], row: RowDecoding.author)
    }

    @discardableResult
    public func insertPost(_ post: NewPost) throws -> Post {
        try Self.require(post.caption, within: TextLimits.caption, field: "caption")
        return try connection.transaction {
            let author = try requireAuthor(handle: post.authorHandle)
            try connection.run("""
                INSERT INTO posts (author_id, caption, music, hashtags, video_uri, width, height, rotation,
                                   duration, like_count, comment_count, share_count, created_ms,
                                   allow_comments, cover_uri, content_hash)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [author.id, post.caption, post.music, Hashtags.parse(post.caption).joined(separator: " "),
                 post.videoURI, post.width, post.height, post.rotation, post.duration,
                 post.likeCount, post.commentCount, post.shareCount, post.created,
                 post.allowsComments, post.coverURI, post.contentHash])
            // Read back so the returned date has the stored millisecond precision, which keeps
            // a FeedKey built from it exactly equal to the row's key.
            return try requirePost(id: connection.lastInsertRowID)
        }
    }

    @discardableResult
    public func setLiked(postID: Int64, liked: Bool) throws -> Post {
        try connection.transaction {
            try connection.run("""
                UPDATE posts SET liked = ?1, like_count = max(0, like_count + CASE WHEN ?1 THEN 1 ELSE -1 END)
                WHERE id = ?2 AND liked != ?1
                """, [liked, postID])
            return try requirePost(id: postID)
        }
    }

    @discardableResult
    public func recordShare(postID: Int64) throws -> Post {
        try connection.transaction {
            let changed = try connection.run("UPDATE posts SET share_count = share_count + 1 WHERE id = ?", [postID])
            if changed == 0 { throw StorageError.postNotFound(id: postID) }
            return try requirePost(id: postID)
        }
    }

    public func updateVideoInfo(postID: Int64, width: Int, height: Int, rotation: Int, duration: Double) throws {
        let changed = try connection.run(
            "UPDATE posts SET width = ?, height = ?, rotation = ?, duration = ? WHERE id = ?",
            [width, height, rotation, duration, postID])
        if changed == 0 { throw StorageError.postNotFound(id: postID) }
    }

    /// Best matches first (bm25), then newest; every typed word matches as a prefix.
    /// How many of the newest matches are ranked by relevance.
    public static let searchWindow = 1_000

    public func search(_ query: String, limit: Int) throws -> [Post] {
        guard let match = SearchQuery.fts5(query) else { return [] }
        // Ranking every match by bm25 costs ~100 ms for a common word over 100,000 posts, so
        // only the newest `searchWindow` matches are ranked. bm25 costs ~4 us a row (each row's
        // column sizes and positions), and a prefix query reads its whole doclist whatever the
        // limit, so the newest matches are read and scored in one pass and sorted after.
        return try connection.query("""
            WITH recent(id, score) AS (
                SELECT rowid, bm25(post_search) FROM post_search WHERE post_search MATCH ?1
                ORDER BY rowid DESC LIMIT ?3
            ),
            ranked(id, score) AS (
                SELECT id, score FROM recent ORDER BY score LIMIT ?2
            )
            \(RowDecoding.selectPost) JOIN ranked r ON r.id = p.id
            WHERE p.discovered = 0 OR p.liked
            ORDER BY r.score, p.created_ms DESC, p.id DESC
            """, [match, limit, Self.searchWindow], row: RowDecoding.post)
    }

    /// Inserts the comment and counts it on its post, in one transaction.
    @discardableResult
    public func insertComment(postID: Int64, authorHandle: String, text: String,
                              likeCount: Int, created: Date) throws -> Comment {
        try Self.require(text, within: TextLimits.comment, field: "comment")
        return try connection.transaction {
            let author = try requireAuthor(handle: authorHandle)
            let changed = try connection.run(
                "UPDATE posts SET comment_count = comment_count + 1 WHERE id = ?", [postID])
            if changed == 0 { throw StorageError.postNotFound(id: postID) }
            try connection.run(
                "INSERT INTO comments (post_id, author_id, text, like_count, created_ms) VALUES (?, ?, ?, ?, ?)",
                [postID, author.id, text, likeCount, created])
            // Dated as stored (whole milliseconds) so paging from it matches the row exactly.
            return Comment(id: connection.lastInsertRowID, postID: postID, author: author, text: text,
                           likeCount: likeCount, created: Date(millisecondsSince1970: created.millisecondsSince1970))
        }
    }

    public func comments(postID: Int64, before: Int64?, limit: Int) throws -> [Comment] {
        let order = "ORDER BY c.created_ms DESC, c.id DESC LIMIT ?"
        guard let before else {
            return try connection.query("\(RowDecoding.selectComment) WHERE c.post_id = ? \(order)",
                                        [postID, limit], row: RowDecoding.comment)
        }
        return try connection.query("""
            \(RowDecoding.selectComment)
            WHERE c.post_id = ? AND (c.created_ms, c.id) < (SELECT created_ms, id FROM comments WHERE id = ?)
            \(order)
            """, [postID, before, limit], row: RowDecoding.comment)
    }

    @discardableResult
    public func deleteComment(id: Int64) throws -> Comment {
        try connection.transaction {
            let comment = try requireComment(id: id)
            try connection.run("DELETE FROM comments WHERE id = ?", [id])
            try connection.run("UPDATE posts SET comment_count = max(0, comment_count - 1) WHERE id = ?", [comment.postID])
            return comment
        }
    }

    public func restoreComment(_ comment: Comment) throws {
        try connection.transaction {
            let changed = try connection.run(
                "UPDATE posts SET comment_count = comment_count + 1 WHERE id = ?", [comment.postID])
            if changed == 0 { throw StorageError.postNotFound(id: comment.postID) }
            try connection.run("""
                INSERT INTO comments (id, post_id, author_id, text, like_count, liked, created_ms)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, [comment.id, comment.postID, comment.author.id, comment.text, comment.likeCount,
                      comment.liked, comment.created])
        }
    }

    @discardableResult
    public func setCommentLiked(id: Int64, liked: Bool) throws -> Comment {
        try connection.transaction {
            let delta = liked ? 1 : -1
            try connection.run("""
                UPDATE comments SET liked = ?, like_count = max(0, like_count + ?)
                WHERE id = ? AND liked != ?
                """, [liked, delta, id, liked])
            return try requireComment(id: id)
        }
    }

    public func selfAuthor() throws -> Author? {
        try connection.queryFirst("\(RowDecoding.selectAuthor) WHERE a.is_self = 1 ORDER BY a.id LIMIT 1", [],
                                  row: RowDecoding.author)
    }

    public func posts(byAuthorHandle handle: String, limit: Int) throws -> [Post] {
        try connection.query("""
            \(RowDecoding.selectPost) WHERE a.handle = ? ORDER BY p.created_ms DESC, p.id DESC LIMIT ?
            """, [handle, limit], row: RowDecoding.post)
    }

    public func authors(matching text: String, limit: Int) throws -> [Author] {
        let words = text.trimmingCharacters(in: .whitespaces)
        guard !words.isEmpty, limit > 0 else { return [] }
        let escaped = words.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
        return try connection.query("""
            \(RowDecoding.selectAuthor)
            WHERE (a.name LIKE ?1 ESCAPE '\\' OR a.handle LIKE ?1 ESCAPE '\\')
              AND (a.is_self OR EXISTS(SELECT 1 FROM follows f WHERE f.author_id = a.id)
                   OR EXISTS(SELECT 1 FROM posts p WHERE p.author_id = a.id AND p.discovered = 0))
            ORDER BY a.handle LIKE ?2 ESCAPE '\\' DESC, a.name COLLATE NOCASE, a.id LIMIT ?3
            """, ["%\(escaped)%", "\(escaped)%", limit], row: RowDecoding.author)
    }

    public func likedPosts(limit: Int) throws -> [Post] {
        try connection.query("""
            \(RowDecoding.selectPost) WHERE p.liked = 1 ORDER BY p.created_ms DESC, p.id DESC LIMIT ?
            """, [limit], row: RowDecoding.post)
    }

    @discardableResult
    public func setFollowing(handle: String, following: Bool) throws -> Author {
        try connection.transaction {
            let author = try requireAuthor(handle: handle)
            // Whether they are followed in person: one followed through a feed is unfollowed there.
            let inPerson = try connection.queryFirst("SELECT 1 FROM follows WHERE author_id = ?", [author.id]) { _ in true } ?? false
            guard inPerson != following, !author.isSelf else { return author }
            if following {
                try connection.run("INSERT OR IGNORE INTO follows (author_id, created_ms) VALUES (?, ?)", [author.id, Date()])
            } else {
                try connection.run("DELETE FROM follows WHERE author_id = ?", [author.id])
            }
            // The user's own Following is counted from the follows table (RowDecoding).
            try connection.run("UPDATE authors SET followers = max(0, followers + ?) WHERE id = ?",
                               [following ? 1 : -1, author.id])
            return try requireAuthor(handle: handle)
        }
    }

    @discardableResult
    public func updateProfile(authorID: Int64, handle: String, name: String, bio: String,
                              avatarURI: String?) throws -> Author {
        try Self.require(handle, within: TextLimits.handle, field: "handle")
        try Self.require(name, within: TextLimits.name, field: "name")
        try Self.require(bio, within: TextLimits.bio, field: "bio")
        return try connection.transaction {
            if let other = try author(handle: handle), other.id != authorID {
                throw StorageError.handleTaken(handle: handle)
            }
            let changed = try connection.run(
                "UPDATE authors SET handle = ?, name = ?, bio = ?, avatar_uri = ? WHERE id = ?",
                [handle, name, bio, avatarURI, authorID])
            if changed == 0 { throw StorageError.authorNotFound(handle: handle) }
            return try requireAuthor(handle: handle)
        }
    }

    @discardableResult
    public func recordActivity(kind: Activity.Kind, actorHandle: String, postID: Int64?,
                               text: String?, created: Date) throws -> Activity {
        try connection.transaction {
            let actor = try requireAuthor(handle: actorHandle)
            try connection.run("INSERT INTO activity (kind, actor_id, post_id, text, created_ms) VALUES (?, ?, ?, ?, ?)",
                               [kind.rawValue, actor.id, postID, text, created])
            let id = connection.lastInsertRowID
            guard let stored = try connection.queryFirst("\(RowDecoding.selectActivity) WHERE v.id = ?", [id],
                                                         row: RowDecoding.activity) else {
                throw StorageError.sqlite(code: 0, message: "activity \(id) vanished", sql: nil)
            }
            return stored
        }
    }

    public func activity(limit: Int) throws -> [Activity] {
        try connection.query("\(RowDecoding.selectActivity) ORDER BY v.created_ms DESC, v.id DESC LIMIT ?",
                             [limit], row: RowDecoding.activity)
    }

    public func unseenActivityCount() throws -> Int {
        try connection.queryFirst("SELECT count(*) FROM activity WHERE seen = 0", [], row: { $0.int(0) }) ?? 0
    }

    public func markActivitySeen() throws {
        try connection.run("UPDATE activity SET seen = 1 WHERE seen = 0")
    }

    private func requireComment(id: Int64) throws -> Comment {
        guard let comment = try connection.queryFirst("\(RowDecoding.selectComment) WHERE c.id = ?", [id],
                                                      row: RowDecoding.comment) else {
            throw StorageError.commentNotFound(id: id)
        }
        return comment
    }

    private func requireAuthor(handle: String) throws -> Author {
        guard let author = try author(handle: handle) else { throw StorageError.authorNotFound(handle: handle) }
        return author
    }

    func requirePost(id: Int64) throws -> Post {
        guard let post = try post(id: id) else { throw StorageError.postNotFound(id: id) }
        return post
    }

    /// The library holds no text longer than the field's limit, whoever asks (the window's
    /// fields already cut it off as it arrives).
    static func require(_ text: String, within limit: Int, field: String) throws {
        // Counted in scalars first: a 10 MB string is refused without walking its graphemes.
        guard text.unicodeScalars.count > limit, text.count > limit else { return }
        throw StorageError.tooLong(field: field, limit: limit)
    }
}
