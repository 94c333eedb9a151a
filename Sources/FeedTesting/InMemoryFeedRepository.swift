public import FeedCore
public import Foundation

/// The repository in memory, with the SQLite one's observable behaviour: newest-first keyset
/// pages, millisecond dates, idempotent likes, upserted authors, counted comments and
/// case- and diacritic-insensitive prefix search (ranked newest first, without bm25).
public final class InMemoryFeedRepository: FeedRepository {
    public enum Failure: Error, Equatable {
        case postNotFound(id: Int64)
        case authorNotFound(handle: String)
        case duplicateVideoURI(String)
        case commentNotFound(id: Int64)
        case handleTaken(String)
    }

    var authors: [String: Author] = [:]
    var posts: [Int64: Post] = [:]
    /// What the networks serve of their posts, by post id.
    var remoteSourcesByPost: [Int64: RemoteVideoSources] = [:]
    /// `NewPost.contentHash` by post id (posts carry no hash of their own).
    private var contentHashes: [Int64: String] = [:]
    /// Subscriptions, and which subscription's entry each remote post is.
    var subscriptionRows: [Subscription] = []
    var remoteKeys: [Int64: (subscription: Int64, remote: String)] = [:]
    private var comments: [Comment] = []
    private var nextID: Int64 = 1

    public init() {}

    public func feedPage(after key: FeedKey?, limit: Int) throws -> [Post] {
        let sorted = posts.values.filter { !$0.isDiscovered }.sorted(by: Self.newestFirst)
        let remaining = key.map { key in sorted.filter { Self.isOlder($0, than: key) } } ?? sorted
        return Array(remaining.prefix(max(0, limit)).map(withCurrentAuthor))
    }

    public func post(id: Int64) throws -> Post? {
        posts[id].map(withCurrentAuthor)
    }

    public func post(videoURI uri: String) throws -> Post? {
        posts.values.first { $0.videoURI == uri }.map(withCurrentAuthor)
    }

    public func post(contentHash: String) throws -> Post? {
        contentHashes.first { $0.value == contentHash }.flatMap { posts[$0.key] }.map(withCurrentAuthor)
    }

    public func deletePost(id: Int64) throws {
        guard posts.removeValue(forKey: id) != nil else { throw Failure.postNotFound(id: id) }
        contentHashes[id] = nil
        comments.removeAll { $0.postID == id }
        activities.removeAll { $0.postID == id }
    }

    public func postCount() throws -> Int { posts.values.filter { !$0.isDiscovered }.count }

    @discardableResult
    public func insertAuthor(_ author: Author) throws -> Author {
        var stored = author
        stored.id = authors[author.handle]?.id ?? takeID()
        authors[author.handle] = stored
        return stored
    }

    public func author(handle: String) throws -> Author? { authors[handle].map(counted) }

    @discardableResult
    public func insertPost(_ new: NewPost) throws -> Post {
        guard let author = authors[new.authorHandle] else { throw Failure.authorNotFound(handle: new.authorHandle) }
        guard try post(videoURI: new.videoURI) == nil else { throw Failure.duplicateVideoURI(new.videoURI) }
        let post = Post(id: takeID(), author: author, caption: new.caption, music: new.music,
                        videoURI: new.videoURI, width: new.width, height: new.height,
                        rotation: new.rotation, duration: new.duration, likeCount: new.likeCount,
                        commentCount: new.commentCount, shareCount: new.shareCount,
                        created: Self.millisecondPrecision(new.created),
                        allowsComments: new.allowsComments, coverURI: new.coverURI)
        posts[post.id] = post
        if let hash = new.contentHash { contentHashes[post.id] = hash }
        return post
    }

    @discardableResult
    public func setLiked(postID: Int64, liked: Bool) throws -> Post {
        guard let post = posts[postID] else { throw Failure.postNotFound(id: postID) }
        posts[postID] = post.withLiked(liked)
        return withCurrentAuthor(posts[postID]!)
    }

    public func updateVideoInfo(postID: Int64, width: Int, height: Int, rotation: Int, duration: Double) throws {
        guard var post = posts[postID] else { throw Failure.postNotFound(id: postID) }
        post.width = width
        post.height = height
        post.rotation = rotation
        post.duration = duration
        posts[postID] = post
    }

    public func search(_ query: String, limit: Int) throws -> [Post] {
        let terms = query.split(whereSeparator: \.isWhitespace).flatMap { Self.words(in: String($0)) }
        guard !terms.isEmpty else { return [] }
        return Array(posts.values.map(withCurrentAuthor).filter { post in
            guard !post.isDiscovered || post.liked else { return false }
            let words = Self.words(in: [post.caption, post.author.handle, post.author.name, post.music].joined(separator: " "))
            return terms.allSatisfy { term in words.contains { $0.hasPrefix(term) } }
        }.sorted(by: Self.newestFirst).prefix(max(0, limit)))
    }

    @discardableResult
    public func insertComment(postID: Int64, authorHandle: String, text: String,
                              likeCount: Int, created: Date) throws -> Comment {
        guard let author = authors[authorHandle] else { throw Failure.authorNotFound(handle: authorHandle) }
        guard posts[postID] != nil else { throw Failure.postNotFound(id: postID) }
        posts[postID]!.commentCount += 1
        let comment = Comment(id: takeID(), postID: postID, author: author, text: text,
                              likeCount: likeCount, created: Self.millisecondPrecision(created))
        comments.append(comment)
        return comment
    }

    public func comments(postID: Int64, before: Int64?, limit: Int) throws -> [Comment] {
        let newestFirst = comments.filter { $0.postID == postID }.sorted {
            ($0.created, $0.id) > ($1.created, $1.id)
        }
        let start = before.flatMap { id in newestFirst.firstIndex { $0.id == id }.map { $0 + 1 } } ?? 0
        return Array(newestFirst.dropFirst(start).prefix(max(0, limit)))
    }

    @discardableResult
    public func deleteComment(id: Int64) throws -> Comment {
        guard let index = comments.firstIndex(where: { $0.id == id }) else { throw Failure.commentNotFound(id: id) }
        let comment = comments.remove(at: index)
        if var post = posts[comment.postID] {
            post.commentCount = max(0, post.commentCount - 1)
            posts[comment.postID] = post
        }
        return comment
    }

    public func restoreComment(_ comment: Comment) throws {
        guard posts[comment.postID] != nil else { throw Failure.postNotFound(id: comment.postID) }
        posts[comment.postID]!.commentCount += 1
        comments.append(comment)
    }

    @discardableResult
    public func setCommentLiked(id: Int64, liked: Bool) throws -> Comment {
        guard let index = comments.firstIndex(where: { $0.id == id }) else { throw Failure.commentNotFound(id: id) }
        if comments[index].liked != liked {
            comments[index].liked = liked
            comments[index].likeCount = max(0, comments[index].likeCount + (liked ? 1 : -1))
        }
        return comments[index]
    }

    public func selfAuthor() throws -> Author? {
        authors.values.filter(\.isSelf).min { $0.id < $1.id }.map(counted)
    }

    public func posts(byAuthorHandle handle: String, limit: Int) throws -> [Post] {
        let id = authors[handle]?.id
        return Array(posts.values.filter { $0.author.id == id }.map(withCurrentAuthor).sorted(by: Self.newestFirst)
            .prefix(max(0, limit)))
    }

    public func authors(matching text: String, limit: Int) throws -> [Author] {
        let words = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !words.isEmpty else { return [] }
        let known = Set(posts.values.filter { !$0.isDiscovered }.map(\.author.id))
        let found = authors.values.filter { author in
            (author.name.lowercased().contains(words) || author.handle.lowercased().contains(words))
                && (author.isSelf || author.isFollowed || known.contains(author.id))
        }
        let ordered = found.sorted { a, b in
            let (aStarts, bStarts) = (a.handle.lowercased().hasPrefix(words), b.handle.lowercased().hasPrefix(words))
            if aStarts != bStarts { return aStarts }
            return (a.name.lowercased(), a.id) < (b.name.lowercased(), b.id)
        }
        return Array(ordered.prefix(max(0, limit)).map(counted))
    }

    public func likedPosts(limit: Int) throws -> [Post] {
        Array(posts.values.filter(\.liked).map(withCurrentAuthor).sorted(by: Self.newestFirst).prefix(max(0, limit)))
    }

    @discardableResult
    public func setFollowing(handle: String, following: Bool) throws -> Author {
        guard var author = authors[handle] else { throw Failure.authorNotFound(handle: handle) }
        guard author.isFollowed != following, !author.isSelf else { return counted(author) }
        author.isFollowed = following
        author.followers = max(0, author.followers + (following ? 1 : -1))
        authors[handle] = author
        return counted(author)
    }

    @discardableResult
    public func updateProfile(authorID: Int64, handle: String, name: String, bio: String,
                              avatarURI: String?) throws -> Author {
        guard var author = authors.values.first(where: { $0.id == authorID }) else {
            throw Failure.authorNotFound(handle: handle)
        }
        if let other = authors[handle], other.id != authorID { throw Failure.handleTaken(handle) }
        authors[author.handle] = nil
        author.handle = handle
        author.name = name
        author.bio = bio
        author.avatarURI = avatarURI
        authors[handle] = author
        return counted(author)
    }

    @discardableResult
    public func recordShare(postID: Int64) throws -> Post {
        guard posts[postID] != nil else { throw Failure.postNotFound(id: postID) }
        posts[postID]!.shareCount += 1
        return withCurrentAuthor(posts[postID]!)
    }

    private var activities: [Activity] = []

    @discardableResult
    public func recordActivity(kind: Activity.Kind, actorHandle: String, postID: Int64?,
                               text: String?, created: Date) throws -> Activity {
        guard let actor = authors[actorHandle] else { throw Failure.authorNotFound(handle: actorHandle) }
        let activity = Activity(id: takeID(), kind: kind, actor: actor, postID: postID, text: text,
                                created: Self.millisecondPrecision(created))
        activities.append(activity)
        return activity
    }

    public func activity(limit: Int) throws -> [Activity] {
        Array(activities.sorted { ($0.created, $0.id) > ($1.created, $1.id) }.prefix(max(0, limit)))
    }

    public func unseenActivityCount() throws -> Int { activities.filter { !$0.seen }.count }

    public func markActivitySeen() throws {
        for index in activities.indices { activities[index].seen = true }
    }

    /// A followed entry's page.
    func setPageURL(postID: Int64, _ url: String?) throws {
        guard var post = posts[postID] else { throw Failure.postNotFound(id: postID) }
        post.pageURL = url
        posts[postID] = post
    }

    /// A followed channel's picture for its author, unless they have one.
    func setAvatarIfNone(handle: String, _ picture: String) {
        guard var author = authors[handle], author.avatarURI == nil else { return }
        author.avatarURI = picture
        authors[handle] = author
    }

    /// A remote entry's like count as its source now says it.
    func setLikeCount(postID: Int64, _ count: Int) throws {
        guard var post = posts[postID] else { throw Failure.postNotFound(id: postID) }
        post.likeCount = count
        posts[postID] = post
    }

    func takeID() -> Int64 {
        defer { nextID += 1 }
        return nextID
    }

    /// Posts keep the author as it is now (also after a new handle), as the SQL join does.
    func withCurrentAuthor(_ post: Post) -> Post {
        var copy = post
        copy.author = counted(authors.values.first { $0.id == post.author.id } ?? post.author)
        return copy
    }

    /// The user's own counts come from what is stored, as in SQLite: followers from the
    /// Inbox's follows, following from the feeds followed and the people followed apart from
    /// them, likes from their posts. Someone a followed feed brings is followed.
    private func counted(_ author: Author) -> Author {
        let throughFeeds = authorsThroughFeeds
        var copy = author
        copy.isFollowedThroughFeed = throughFeeds.contains(author.id)
        copy.isFollowed = author.isFollowed || copy.isFollowedThroughFeed
        guard author.isSelf else { return copy }
        copy.followers = activities.filter { $0.kind == .follow }.count
        copy.following = subscriptionRows.count
            + authors.values.filter { $0.isFollowed && !throughFeeds.contains($0.id) }.count
        copy.likes = posts.values.filter { $0.author.id == author.id }.reduce(0) { $0 + $1.likeCount }
        return copy
    }

    private static func newestFirst(_ a: Post, _ b: Post) -> Bool {
        (a.created, a.id) > (b.created, b.id)
    }

    private static func isOlder(_ post: Post, than key: FeedKey) -> Bool {
        (post.created, post.id) < (key.created, key.id)
    }

    /// SQLite stores whole milliseconds; rounding here keeps FeedKeys comparable the same way.
    static func millisecondPrecision(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded() / 1000)
    }

    /// Lowercased, accent-free words, split where the FTS tokenizer would split.
    private static func words(in text: String) -> [String] {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .split { !($0.isLetter || $0.isNumber) }
            .map(String.init)
    }
}
