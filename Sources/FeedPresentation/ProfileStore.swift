public import FeedCore
import Foundation
import Localization

/// A profile's state and decisions: whose it is, which tab, the posts in it and what an empty
/// tab says, following, and the cache's size and clearing (your own profile only).
@MainActor
public final class ProfileStore {
    public enum Tab { case videos, liked }

    public private(set) var author: Author?
    public private(set) var tab: Tab = .videos
    public private(set) var posts: [Post] = []
    /// The cache's size as last measured (your own profile).
    public private(set) var cacheBytes: Int64?
    public private(set) var isClearingCache = false

    private let repository: FeedRepository
    private let cache: CacheControl

    public init(repository: FeedRepository, cache: CacheControl) {
        self.repository = repository
        self.cache = cache
    }

    /// Shows `author`; a different person starts on their videos. Returns whether it is a new person.
    @discardableResult
    public func show(_ author: Author) -> Bool {
        let isNew = self.author?.id != author.id
        self.author = author
        if isNew { tab = .videos }
        if !author.isSelf, tab == .liked { tab = .videos }
        reloadPosts()
        return isNew
    }

    /// Reads the author again (counts change with likes, follows and new posts); false when
    /// nothing could be read (and nothing changed).
    @discardableResult
    public func refresh() -> Bool {
        guard let handle = author?.handle, let stored = try? repository.author(handle: handle) else { return false }
        show(stored)
        return true
    }

    /// Your likes are yours to see: the Liked tab exists on your own profile only.
    public var showsLikedTab: Bool { author?.isSelf == true }

    /// Switches tabs; false when it is the tab shown already (or one this profile has not).
    @discardableResult
    public func select(_ tab: Tab) -> Bool {
        guard tab != self.tab, tab == .videos || showsLikedTab else { return false }
        self.tab = tab
        reloadPosts()
        return true
    }

    public var emptyMessage: String? {
        guard posts.isEmpty, let author else { return nil }
        switch tab {
        case .videos: return author.isSelf ? tr("Your videos will appear here. Hold R to record one.") : tr("No videos yet.")
        case .liked: return tr("Videos you like will appear here.")
        }
    }

    /// Follows or unfollows; the failure's sentence when it could not be saved.
    public func toggleFollow() -> String? {
        guard let author, !author.isSelf else { return nil }
        do {
            show(try repository.setFollowing(handle: author.handle, following: !author.isFollowed))
            return nil
        } catch {
            return tr("Couldn’t save: {error}", ["error": error])
        }
    }

    /// Measures the cache off the main thread; `done` runs once the size is known.
    public func measureCache(_ done: @escaping @MainActor () -> Void) {
        guard author?.isSelf == true else { return }
        cache.measure { [weak self] size in
            self?.cacheBytes = size
            done()
        }
    }

    /// Empties the cache; `done` gets the bytes freed. A second press while clearing does nothing.
    public func clearCache(_ done: @escaping @MainActor (Int64) -> Void) {
        guard author?.isSelf == true, !isClearingCache else { return }
        isClearingCache = true
        cache.clear { [weak self] freed in
            guard let self else { return }
            isClearingCache = false
            reloadPosts()
            done(freed)
        }
    }

    private func reloadPosts() {
        guard let author else {
            posts = []
            return
        }
        posts = (try? tab == .videos ? repository.posts(byAuthorHandle: author.handle, limit: 300)
                                     : repository.likedPosts(limit: 300)) ?? []
    }
}
