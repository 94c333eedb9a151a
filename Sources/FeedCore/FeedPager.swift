/// Which post of the loaded feed is on screen, and when to load more.
/// Pure state: the UI asks it where a gesture leads and applies the answer.
public struct FeedPager: Sendable, Equatable {
    public private(set) var posts: [Post]
    public private(set) var index: Int
    /// False once the store returned a short page: the end of the feed is known.
    public private(set) var hasMore: Bool
    /// Load more when fewer than this many posts remain after the current one.
    public let prefetchDistance: Int

    public init(posts: [Post] = [], hasMore: Bool = true, prefetchDistance: Int = 3) {
        self.posts = posts
        self.index = 0
        self.hasMore = hasMore
        self.prefetchDistance = prefetchDistance
    }

    public var current: Post? { posts.indices.contains(index) ? posts[index] : nil }

    public enum Move: Sendable, Equatable {
        case moved(from: Int, to: Int)
        case atStart
        /// The last post is on screen and the store has nothing more.
        case atEnd
        /// The last loaded post is on screen but more may come: load, then try again.
        case waitingForMore
    }

    /// Moves by `delta` posts (±1 for a gesture); never past either end.
    public mutating func move(by delta: Int) -> Move {
        guard !posts.isEmpty, delta != 0 else { return .atStart }
        let target = index + delta
        if target < 0 { return index == 0 ? .atStart : jump(to: 0) }
        if target >= posts.count {
            if index < posts.count - 1 { return jump(to: posts.count - 1) }
            return hasMore ? .waitingForMore : .atEnd
        }
        return jump(to: target)
    }

    public mutating func jump(to target: Int) -> Move {
        guard posts.indices.contains(target) else { return target < 0 ? .atStart : .atEnd }
        let from = index
        index = target
        return .moved(from: from, to: target)
    }

    /// True when the UI should ask the store for the next page.
    public var needsMore: Bool { hasMore && posts.count - 1 - index < prefetchDistance }

    /// The key to continue from: the last loaded post.
    public var nextKey: FeedKey? { posts.last.map(FeedKey.init) }

    /// Appends a page from the store; posts already present (same id) are skipped.
    public mutating func append(_ page: [Post], pageSize: Int) {
        append(page, reachedEnd: page.count < pageSize)
    }

    /// Appends posts; `reachedEnd` says the store has nothing after them.
    public mutating func append(_ page: [Post], reachedEnd: Bool) {
        let known = Set(posts.map(\.id))
        posts.append(contentsOf: page.filter { !known.contains($0.id) })
        if reachedEnd { hasMore = false }
    }

    /// Puts `page` right after the post on screen (videos the user asked for: the next swipe
    /// shows them); posts already loaded are left where they are.
    public mutating func insertAfterCurrent(_ page: [Post]) {
        insert(page, after: index)
    }

    /// Puts `page` right after the post at `position` (at least the one on screen; past the last
    /// post, after it); posts already loaded are left where they are.
    public mutating func insert(_ page: [Post], after position: Int) {
        let known = Set(posts.map(\.id))
        let fresh = page.filter { !known.contains($0.id) }
        let at = posts.isEmpty ? 0 : min(max(position, index), posts.count - 1) + 1
        posts.insert(contentsOf: fresh, at: at)
    }

    /// Puts `page` in place of the posts after `position` (the posts ahead, ranked again); posts
    /// up to it stay where they are.
    public mutating func replace(after position: Int, with page: [Post]) {
        guard position >= index, position < posts.count else { return }
        posts.removeSubrange((position + 1)...)
        let known = Set(posts.map(\.id))
        posts.append(contentsOf: page.filter { !known.contains($0.id) })
    }

    /// Takes a post out (its file is gone); the one after it takes its place on screen, or the
    /// one before when it was the last.
    public mutating func remove(postID: Int64) {
        guard let at = posts.firstIndex(where: { $0.id == postID }) else { return }
        posts.remove(at: at)
        if at < index || index >= posts.count { index = max(0, index - 1) }
    }

    /// Replaces a post after it changed (liked, probed), wherever it is.
    public mutating func update(_ post: Post) {
        for i in posts.indices where posts[i].id == post.id { posts[i] = post }
    }

    /// An author changed (a new handle, name or avatar): every post of theirs shows it.
    /// Returns the posts that changed.
    @discardableResult
    public mutating func update(author: Author) -> [Post] {
        var changed: [Post] = []
        for i in posts.indices where posts[i].author.id == author.id && posts[i].author != author {
            posts[i].author = author
            changed.append(posts[i])
        }
        return changed
    }
}
