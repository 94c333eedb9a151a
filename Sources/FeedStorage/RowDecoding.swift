import FeedCore
import Foundation

/// The column lists the repository selects, and how rows become models. Kept together so a
/// column added to a SELECT cannot drift from the index that reads it.
enum RowDecoding {
    /// Author columns of alias `a`, followed by whether the local user follows them. Other
    /// people's counts are what their source says; the user's own are counted from what is
    /// here: followers from the Inbox's follows, following from the feeds and channels followed
    /// and the people followed (once: a person followed through a feed counts with it), likes from
    /// their posts' likes. The subqueries do not refer to the row (`a.id`), so SQLite runs each
    /// once per statement: correlated, the likes sum ran again for every row of the user's and a
    /// profile of 10,000 own posts took 39 s.
    static let authorColumns = """
        a.id, a.handle, a.name, a.bio, a.avatar_uri, a.cover_uri,
        CASE WHEN a.is_self THEN (SELECT count(*) FROM activity v WHERE v.kind = 'follow') ELSE a.followers END,
        CASE WHEN a.is_self THEN (SELECT count(*) FROM subscriptions) + (SELECT count(*) FROM follows f2
                                  WHERE NOT \(broughtByFeeds("f2.author_id")))
             ELSE a.following END,
        CASE WHEN a.is_self THEN (SELECT coalesce(sum(p2.like_count), 0) FROM posts p2
                                  WHERE p2.author_id IN (SELECT s.id FROM authors s WHERE s.is_self))
             ELSE a.likes END,
        a.is_self,
        EXISTS(SELECT 1 FROM follows f WHERE f.author_id = a.id) OR \(followedThroughFeed),
        \(followedThroughFeed)
        """
    static let authorColumnCount: Int32 = 12

    /// Someone whose posts a followed feed brings is followed (unsubscribing sets those posts'
    /// feed to NULL). Looked up per row in `posts_brought_by_feeds` (a partial index on the
    /// feeds' posts by author): as a list made once per statement, every author read while a
    /// feed's entries were stored listed all the feeds' posts again, and storing grew with them.
    private static let followedThroughFeed = broughtByFeeds("a.id")
    private static func broughtByFeeds(_ author: String) -> String {
        "EXISTS(SELECT 1 FROM posts fp WHERE fp.author_id = \(author) AND fp.subscription_id IS NOT NULL AND fp.remote_id IS NOT NULL)"
    }

    static let selectAuthor = "SELECT \(authorColumns) FROM authors a"

    static let selectPost = """
        SELECT \(authorColumns),
               p.id, p.caption, p.music, p.video_uri, p.width, p.height, p.rotation, p.duration,
               p.like_count, p.comment_count, p.share_count, p.liked, p.created_ms,
               p.allow_comments, p.cover_uri, p.page_url,
               p.remote_network, p.remote_host, p.remote_api, p.remote_key, p.remote_short,
               p.view_count, p.counts_ms, p.sensitive, p.has_audio, p.discovered
        FROM posts p JOIN authors a ON a.id = p.author_id
        """

    static let selectComment = """
        SELECT \(authorColumns),
               c.id, c.post_id, c.text, c.like_count, c.liked, c.created_ms
        FROM comments c JOIN authors a ON a.id = c.author_id
        """

    static let selectActivity = """
        SELECT \(authorColumns),
               v.id, v.kind, v.post_id, v.text, v.created_ms, v.seen
        FROM activity v JOIN authors a ON a.id = v.actor_id
        """

    static func activity(_ row: SQLiteRow) -> Activity {
        let c = authorColumnCount
        return Activity(id: row.int64(c), kind: Activity.Kind(rawValue: row.string(c + 1)) ?? .like,
                        actor: author(row), postID: row.isNull(c + 2) ? nil : row.int64(c + 2),
                        text: row.optionalString(c + 3), created: row.date(c + 4), seen: row.bool(c + 5))
    }

    static func author(_ row: SQLiteRow) -> Author {
        Author(id: row.int64(0), handle: row.string(1), name: row.string(2), bio: row.string(3),
               avatarURI: row.optionalString(4), coverURI: row.optionalString(5),
               followers: row.int(6), following: row.int(7), likes: row.int(8),
               isSelf: row.bool(9), isFollowed: row.bool(10), isFollowedThroughFeed: row.bool(11))
    }

    static func post(_ row: SQLiteRow) -> Post {
        let c = authorColumnCount
        return Post(id: row.int64(c), author: author(row), caption: row.string(c + 1),
                    music: row.string(c + 2), videoURI: row.string(c + 3),
                    width: row.int(c + 4), height: row.int(c + 5), rotation: row.int(c + 6),
                    duration: row.double(c + 7), likeCount: row.int(c + 8),
                    commentCount: row.int(c + 9), shareCount: row.int(c + 10),
                    liked: row.bool(c + 11), created: row.date(c + 12),
                    allowsComments: row.bool(c + 13), coverURI: row.optionalString(c + 14),
                    pageURL: row.optionalString(c + 15), remote: remote(row, at: c + 16),
                    viewCount: row.isNull(c + 21) ? nil : row.int(c + 21),
                    countsUpdated: row.isNull(c + 22) ? nil : row.date(c + 22),
                    isSensitive: row.bool(c + 23), hasAudio: row.isNull(c + 24) ? nil : row.bool(c + 24),
                    isDiscovered: row.bool(c + 25))
    }

    /// network, host, api, key, short from `column` on; nil for a post no network knows.
    private static func remote(_ row: SQLiteRow, at column: Int32) -> RemotePostRef? {
        guard let network = row.optionalString(column).flatMap(RemoteNetwork.init(rawValue:)),
              let host = row.optionalString(column + 1), let api = row.optionalString(column + 2).flatMap(URL.init(string:)),
              let key = row.optionalString(column + 3) else { return nil }
        return RemotePostRef(network: network, host: host, apiBase: api, id: key, shortUUID: row.optionalString(column + 4))
    }

    static func comment(_ row: SQLiteRow) -> Comment {
        let c = authorColumnCount
        return Comment(id: row.int64(c), postID: row.int64(c + 1), author: author(row),
                       text: row.string(c + 2), likeCount: row.int(c + 3), liked: row.bool(c + 4),
                       created: row.date(c + 5))
    }
}
