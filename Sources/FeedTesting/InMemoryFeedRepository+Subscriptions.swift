public import FeedCore
import Foundation

extension InMemoryFeedRepository: SubscriptionRepository {
    public func subscriptions() throws -> [Subscription] {
        subscriptionRows.sorted { ($0.title.lowercased(), $0.id) < ($1.title.lowercased(), $1.id) }
    }

    public func subscription(url: String) throws -> Subscription? { subscriptionRows.first { $0.url == url } }

    @discardableResult
    public func insertSubscription(url: String, title: String) throws -> Subscription {
        if let existing = try subscription(url: url) { return existing }
        let made = Subscription(id: takeID(), url: url, title: title)
        subscriptionRows.append(made)
        return made
    }

    public func markChannel(subscriptionID: Int64, _ channel: FollowedChannel) throws {
        guard let index = subscriptionRows.firstIndex(where: { $0.id == subscriptionID }) else { return }
        var marked = channel
        marked.account = channel.account ?? subscriptionRows[index].channel?.account
        subscriptionRows[index].channel = marked
    }

    public func recordRefresh(subscriptionID: Int64, _ record: RefreshRecord) throws {
        guard let index = subscriptionRows.firstIndex(where: { $0.id == subscriptionID }) else { return }
        var row = subscriptionRows[index]
        row.title = record.title ?? row.title
        row.imageURL = record.imageURL ?? row.imageURL
        row.etag = record.etag ?? row.etag
        row.lastModified = record.lastModified ?? row.lastModified
        row.lastRefresh = record.at
        row.lastError = record.error
        row.newCount = record.newCount
        subscriptionRows[index] = row
    }

    @discardableResult
    public func storeEntry(_ entry: RemotePost) throws -> Post? {
        if let id = remoteKeys.first(where: { $0.value == (entry.subscriptionID, entry.remoteID) })?.key {
            if let post = try self.post(id: id), entry.likeCount > post.likeCount { try setLikeCount(postID: id, entry.likeCount) }
            if let remote = entry.remote, posts[id]?.remote == nil, try post(remote: remote) == nil { posts[id]?.remote = remote }
            return nil
        }
        if let remote = entry.remote, let known = try post(remote: remote) {
            if remoteKeys[known.id] == nil {
                remoteKeys[known.id] = (entry.subscriptionID, entry.remoteID)
                posts[known.id]?.isDiscovered = false
            }
            return nil
        }
        if try author(handle: entry.authorHandle) == nil {
            try insertAuthor(Author(handle: entry.authorHandle, name: entry.authorName, avatarURI: entry.authorAvatarURI))
        } else if let picture = entry.authorAvatarURI {
            setAvatarIfNone(handle: entry.authorHandle, picture)
        }
        let post = try insertPost(NewPost(authorHandle: entry.authorHandle, caption: entry.caption, music: entry.music,
                                          videoURI: entry.videoURI, duration: entry.duration, likeCount: entry.likeCount,
                                          created: entry.created, coverURI: entry.thumbnailURI))
        remoteKeys[post.id] = (entry.subscriptionID, entry.remoteID)
        try setPageURL(postID: post.id, entry.pageURL)
        if let sources = entry.sources { remoteSourcesByPost[post.id] = sources }
        posts[post.id]?.remote = entry.remote
        return try self.post(id: post.id) ?? post
    }

    /// Authors whose posts a followed feed brings.
    var authorsThroughFeeds: Set<Int64> {
        let followed = Set(subscriptionRows.map(\.id))
        return Set(remoteKeys.filter { followed.contains($0.value.subscription) }.compactMap { posts[$0.key]?.author.id })
    }

    @discardableResult
    public func deleteSubscription(id: Int64) throws -> [String] {
        var videos: [String] = []
        for (postID, key) in remoteKeys where key.subscription == id {
            let post = try self.post(id: postID)
            if let post { videos.append(post.videoURI) }
            let commented = try !comments(postID: postID, before: nil, limit: 1_000).filter(\.author.isSelf).isEmpty
            if post?.liked == false, !commented { try deletePost(id: postID) }
            remoteKeys[postID] = nil
        }
        subscriptionRows.removeAll { $0.id == id }
        return videos
    }
}
