public import FeedCore
import Foundation

extension SQLiteFeedRepository: AccountLikesStoring {
    /// Keeps each video by its id and its short uuid (a feed may name it by either); the posts
    /// already here are marked at once, later ones by migration 12's triggers.
    @discardableResult
    public func keepAccountLikes(_ videos: [RemotePostRef], account: String) throws -> Int {
        try connection.transaction {
            for video in videos {
                for name in [video.id, video.shortUUID].compactMap({ $0 }) {
                    try connection.run("INSERT OR IGNORE INTO account_likes (network, host, video, account) VALUES (?, ?, ?, ?)",
                                       [video.network.rawValue, video.host, name, account])
                }
            }
            return try connection.run("""
                UPDATE posts SET liked = 1
                WHERE liked = 0 AND remote_key IS NOT NULL AND EXISTS (
                    SELECT 1 FROM account_likes a WHERE a.network = posts.remote_network AND a.host = posts.remote_host
                        AND a.video IN (posts.remote_key, posts.remote_short))
                """)
        }
    }
}
