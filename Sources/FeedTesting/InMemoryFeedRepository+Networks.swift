public import FeedCore
public import Foundation

/// Posts from the networks, as the SQLite repository keeps them: one per identity (its id or
/// its short uuid), brought up to date without losing the user's like and comments.
extension InMemoryFeedRepository {
    @discardableResult
    public func storeDiscovered(_ videos: [DiscoveredVideo]) throws -> [Post] {
        try videos.map { video in
            let caption = String(video.caption.prefix(TextLimits.caption))
            if let known = try post(remote: video.remote) ?? post(videoURI: video.videoURI) {
                var post = posts[known.id]!
                post.caption = caption
                post.remote = post.remote ?? video.remote
                post.isSensitive = video.isSensitive
                post.pageURL = post.pageURL ?? video.pageURL
                post.coverURI = post.coverURI ?? video.coverURI
                if post.width == 0 { post.width = video.width }
                if post.height == 0 { post.height = video.height }
                if post.duration == 0 { post.duration = video.duration }
                posts[known.id] = post
                remoteSourcesByPost[known.id] = video.sources
                return try updateRemoteCounts(postID: known.id, counts: video.counts, at: video.found)
            }
            if let author = authors[video.authorHandle], !author.isSelf {
                var renamed = author
                renamed.name = String(video.authorName.prefix(TextLimits.name))
                renamed.avatarURI = video.authorAvatarURI ?? author.avatarURI
                authors[video.authorHandle] = renamed
            } else if authors[video.authorHandle] == nil {
                try insertAuthor(Author(handle: video.authorHandle, name: String(video.authorName.prefix(TextLimits.name)),
                                        avatarURI: video.authorAvatarURI))
            }
            var post = try insertPost(NewPost(
                authorHandle: video.authorHandle, caption: caption, music: "", videoURI: video.videoURI,
                width: video.width, height: video.height, duration: video.duration,
                likeCount: video.counts.likes ?? 0, commentCount: video.counts.comments ?? 0,
                shareCount: video.counts.shares ?? 0, created: video.created, allowsComments: video.allowsComments,
                coverURI: video.coverURI))
            post.remote = video.remote
            post.viewCount = video.counts.views
            post.countsUpdated = Self.millisecondPrecision(video.found)
            post.isSensitive = video.isSensitive
            post.pageURL = video.pageURL
            post.isDiscovered = true
            posts[post.id] = post
            remoteSourcesByPost[post.id] = video.sources
            return withCurrentAuthor(post)
        }
    }

    public func post(remote ref: RemotePostRef) throws -> Post? {
        let names = Set([ref.id, ref.shortUUID].compactMap { $0 })
        return posts.values.first { post in
            guard let known = post.remote, known.network == ref.network, known.host == ref.host else { return false }
            return names.contains(known.id) || known.shortUUID.map(names.contains) == true
        }.map(withCurrentAuthor)
    }

    @discardableResult
    public func updateRemoteCounts(postID: Int64, counts: RemoteCounts, at date: Date) throws -> Post {
        guard var post = posts[postID] else { throw Failure.postNotFound(id: postID) }
        let localComments = try comments(postID: postID, before: nil, limit: Int.max).count
        if let likes = counts.likes { post.likeCount = likes + (post.liked ? 1 : 0) }
        if let comments = counts.comments { post.commentCount = comments + localComments }
        if let shares = counts.shares { post.shareCount = shares }
        if let views = counts.views { post.viewCount = views }
        post.countsUpdated = Self.millisecondPrecision(date)
        posts[postID] = post
        return withCurrentAuthor(post)
    }

    public func remoteSources(postID: Int64) throws -> RemoteVideoSources? { remoteSourcesByPost[postID] }

    public func setHasAudio(postID: Int64, _ hasAudio: Bool) throws {
        guard posts[postID] != nil else { throw Failure.postNotFound(id: postID) }
        posts[postID]!.hasAudio = hasAudio
    }
}
