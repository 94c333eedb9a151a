public import FeedCore
public import Foundation

/// What a feed shows: the library (posts from the store, newest first, after any named on the
/// command line), Home's For You or Following (after those named too), a fixed list (search results, a profile's grid) opened at one of them, or
/// posts a supplier hands over as the feed nears its end (results from the networks).
public enum FeedContent: Equatable {
    case library
    case home(any HomePaging)
    case fixed(posts: [Post], start: Int)
    case supplied(any FeedSupplying)

    public static func == (lhs: FeedContent, rhs: FeedContent) -> Bool {
        switch (lhs, rhs) {
        case (.library, .library): true
        case (.home(let a), .home(let b)): a === b
        case (.fixed(let a, let i), .fixed(let b, let j)): a == b && i == j
        case (.supplied(let a), .supplied(let b)): a === b
        default: false
        }
    }
}

/// A feed's posts and the one on screen: pages of the library loaded as the user nears the end,
/// moves from post to post, which post each player slot should hold, and the likes and shares
/// stored as they happen. No widgets: tested with an in-memory library.
@MainActor
public final class FeedStore {
    public enum Move: Equatable {
        case moved(from: Int, to: Int)
        case atStart
        /// Nothing after this post, now or later.
        case atEnd
        /// More is on its way from the supplier: the move can be made once it comes.
        case waitingForMore
    }

    private let repository: FeedRepository
    /// Posts put next because the user asked for them (`insertNext`, the command line's files):
    /// For You, ranking what is ahead again after a signal, leaves them where they are (a skip
    /// moved a channel's videos just followed far down the feed).
    private var askedFor: Set<Int64> = []
    private let content: FeedContent
    private let pinned: [Post]
    private let pageSize: Int
    public let plan = PreloadPlan(radius: 1)
    public private(set) var pager: FeedPager
    /// Where the next page of the library starts.
    private var libraryKey: FeedKey?
    /// A supplier was asked for more and has not answered yet.
    public private(set) var isAskingForMore = false
    /// Posts a supplier handed over after it was asked (not from within the asking).
    public var onArrived: (() -> Void)?

    /// Everything the network serves of a remote post, for another choice when one fails.
    public func remoteSources(postID: Int64) -> RemoteVideoSources? { try? repository.remoteSources(postID: postID) }

    public init(repository: FeedRepository, content: FeedContent, pinned: [Post], pageSize: Int) {
        self.repository = repository
        self.content = content
        self.pinned = pinned
        // The files of the command line are asked for too: they stay first.
        askedFor = Set(pinned.map(\.id))
        self.pageSize = max(1, pageSize)
        pager = Self.startingPager(content: content, pinned: pinned)
    }

    private static func startingPager(content: FeedContent, pinned: [Post]) -> FeedPager {
        switch content {
        case .library, .home:
            return FeedPager(posts: pinned, hasMore: true)
        case .fixed(let posts, let start):
            var pager = FeedPager(posts: posts, hasMore: false)
            _ = pager.jump(to: start)
            return pager
        case .supplied(let supplier):
            return FeedPager(posts: supplier.initialPosts, hasMore: true)
        }
    }

    public var current: Post? { pager.current }
    public var index: Int { pager.index }
    public var posts: [Post] { pager.posts }
    public var canGoNext: Bool { pager.index < pager.posts.count - 1 || pager.hasMore }
    public var canGoPrevious: Bool { pager.index > 0 }
    /// The library's feed or Home's: it starts again from the top.
    public var isLibrary: Bool {
        switch content {
        case .library, .home: true
        case .fixed, .supplied: false
        }
    }
    /// Home's For You or Following, when this is Home's feed.
    public var home: (any HomePaging)? {
        if case .home(let home) = content { return home }
        return nil
    }

    /// Starts again from the newest post (after posting a video of your own).
    public func reloadFromStart() throws {
        guard isLibrary else { return }
        try restart(home?.kind)
    }

    /// Home shows `kind` from its first post on.
    public func show(_ kind: HomeFeedKind) throws {
        try restart(kind)
    }

    private func restart(_ kind: HomeFeedKind?) throws {
        pager = Self.startingPager(content: content, pinned: pinned)
        libraryKey = nil
        if let home, let kind { try home.restart(kind) }
        try loadMoreIfNeeded()
    }

    /// Home's posts after the one prerolled next are put in again when what was learnt changed
    /// them; says whether they changed.
    @discardableResult
    public func replaceUpcoming() -> Bool {
        guard let home else { return false }
        var keep = min(pager.index + plan.radius, pager.posts.count - 1)
        guard keep >= 0 else { return false }
        // What the user asked to see next (a channel just followed, videos just added) stays next.
        while keep + 1 < pager.posts.count, askedFor.contains(pager.posts[keep + 1].id) { keep += 1 }
        let upcoming = Array(pager.posts[(keep + 1)...])
        guard let replacement = home.replacing(upcoming: upcoming, after: Array(pager.posts[...keep])) else { return false }
        guard replacement.map(\.id) != upcoming.map(\.id) else { return false }
        pager.replace(after: keep, with: replacement)
        return true
    }

    /// Takes a post out of this feed only (Not interested); the library keeps it.
    public func takeOut(postID: Int64) {
        pager.remove(postID: postID)
    }

    /// One post forward (+1) or back (-1); at the last loaded post, the next page is loaded first.
    public func move(by delta: Int) throws -> Move {
        var result = pager.move(by: delta)
        if result == .waitingForMore {
            try loadMoreIfNeeded(force: true)
            result = pager.move(by: delta)
        }
        switch result {
        case .moved(let from, let to): return .moved(from: from, to: to)
        case .atStart: return .atStart
        case .waitingForMore where isAskingForMore: return .waitingForMore
        case .atEnd, .waitingForMore: return .atEnd
        }
    }

    public func jumpToFirst() -> Move {
        let from = pager.index
        guard from != 0, !pager.posts.isEmpty else { return .atStart }
        _ = pager.jump(to: 0)
        return .moved(from: from, to: 0)
    }

    /// Moves to the first loaded post of `ids` (posts just added, behind those pinned at the
    /// front); nil when none is loaded.
    public func jump(toFirstOf ids: Set<Int64>) -> Move? {
        guard let target = pager.posts.firstIndex(where: { ids.contains($0.id) }) else { return nil }
        let from = pager.index
        guard target != from else { return .atStart }
        _ = pager.jump(to: target)
        return .moved(from: from, to: target)
    }

    /// Loads library pages while the current post is near the end (or when `force`d); returns
    /// whether posts were added. Pages made only of posts pinned at the front add nothing, so
    /// loading goes on past them.
    @discardableResult
    public func loadMoreIfNeeded(force: Bool = false) throws -> Bool {
        if case .supplied(let supplier) = content {
            askForMore(supplier, force: force)
            return false
        }
        guard isLibrary, force || pager.needsMore, pager.hasMore else { return false }
        let pinnedIDs = Set(pinned.map(\.id))
        let before = pager.posts.count
        var added = 0
        repeat {
            let batch: [Post], reachedEnd: Bool
            if let home {
                (batch, reachedEnd) = try home.nextPage(limit: pageSize)
            } else {
                batch = try repository.feedPage(after: libraryKey, limit: pageSize)
                libraryKey = batch.last.map(FeedKey.init) ?? libraryKey
                reachedEnd = batch.count < pageSize
            }
            let fresh = batch.filter { !pinnedIDs.contains($0.id) }
            added += fresh.count
            pager.append(fresh, reachedEnd: reachedEnd)
        } while added == 0 && pager.hasMore
        return pager.posts.count != before
    }

    private func askForMore(_ supplier: any FeedSupplying, force: Bool) {
        guard force || pager.needsMore, pager.hasMore, !isAskingForMore else { return }
        isAskingForMore = true
        supplier.more { [weak self] posts, reachedEnd in
            guard let self else { return }
            isAskingForMore = false
            pager.append(posts, reachedEnd: reachedEnd)
            onArrived?()
        }
    }

    /// The feed is closed: its supplier stops what it does for it.
    public func close() {
        if case .supplied(let supplier) = content { supplier.stop() }
    }

    /// Which post index each slot should hold, given the index each holds now (nil: empty):
    /// posts already loaded keep their slot, so a page change reuses the prerolled player.
    /// `currentOnly`: the current post is given a slot and the others keep what they hold (at
    /// launch, nothing), so it prerolls without its neighbours competing for the cores.
    public func assignment(loaded: [Int?], currentOnly: Bool = false) -> [Int?] {
        let wanted = plan.assign(loaded: loaded, current: pager.index, count: pager.posts.count)
        guard currentOnly else { return wanted }
        return zip(loaded, wanted).map { old, new in new == pager.index ? new : old }
    }

    /// The slots in screen order: the one holding the previous post, the current, the next; a
    /// slot with nothing to show fills a place that has no post.
    public func screenOrder(loaded: [Int?]) -> [Int] {
        let holding = { (wanted: Int) in loaded.indices.first { loaded[$0] == wanted } }
        let (above, middle, below) = (holding(pager.index - 1), holding(pager.index), holding(pager.index + 1))
        var spare = loaded.indices.filter { $0 != above && $0 != middle && $0 != below }
        func take() -> Int { spare.isEmpty ? 0 : spare.removeFirst() }
        return [above ?? take(), middle ?? take(), below ?? take()]
    }

    // MARK: - Changes to posts

    /// Likes or unlikes, stored first; the stored post comes back.
    public func setLiked(_ liked: Bool, postID: Int64) throws -> Post {
        let stored = try repository.setLiked(postID: postID, liked: liked)
        pager.update(stored)
        return stored
    }

    public func recordShare(postID: Int64) throws -> Post {
        let stored = try repository.recordShare(postID: postID)
        pager.update(stored)
        return stored
    }

    /// A remote post's counts as its network says them now, stored (with what only this
    /// computer knows added) and shown.
    public func updateRemoteCounts(postID: Int64, counts: RemoteCounts, at date: Date) throws -> Post {
        let stored = try repository.updateRemoteCounts(postID: postID, counts: counts, at: date)
        pager.update(stored)
        return stored
    }

    /// A post changed elsewhere (comments added, its size probed).
    public func update(_ post: Post) { pager.update(post) }

    /// Videos the user asked for: next after the one on screen.
    public func insertNext(_ posts: [Post]) {
        askedFor.formUnion(posts.map(\.id))
        pager.insertAfterCurrent(posts)
    }

    /// Videos that arrived by themselves (a refresh, a library folder): after the posts ahead
    /// that the preload holds, so the video waiting below is not swapped for one not yet loaded.
    public func insertAfterPreloaded(_ posts: [Post]) {
        askedFor.formUnion(posts.map(\.id))
        pager.insert(posts, after: pager.index + plan.radius)
    }

    /// Deletes the post from the library and the feed (its file is gone).
    public func remove(_ post: Post) throws {
        try repository.deletePost(id: post.id)
        pager.remove(postID: post.id)
    }

    /// An author changed (the user edited their profile); the posts that changed.
    public func update(author: Author) -> [Post] { pager.update(author: author) }

    /// Probed facts about a video, stored so the next launch lays it out at once.
    /// The author with `handle` as the library has them now.
    public func author(handle: String) -> Author? { try? repository.author(handle: handle) }

    /// Follows `author` in the library; the author as stored now (`update(author:)` shows it).
    public func follow(_ author: Author) throws -> Author {
        try repository.setFollowing(handle: author.handle, following: true)
    }

    /// Whether `post`'s video has sound, as its player found (kept, so the next showing credits
    /// the right sound at once).
    public func recordHasAudio(_ hasAudio: Bool, of post: Post) -> Post {
        var post = post
        post.hasAudio = hasAudio
        pager.update(post)
        try? repository.setHasAudio(postID: post.id, hasAudio)
        return post
    }

    public func recordVideoSize(_ size: PixelSize, of post: Post) -> Post {
        var post = post
        post.width = size.width
        post.height = size.height
        pager.update(post)
        try? repository.updateVideoInfo(postID: post.id, width: size.width, height: size.height,
                                        rotation: 0, duration: post.duration)
        return post
    }
}
