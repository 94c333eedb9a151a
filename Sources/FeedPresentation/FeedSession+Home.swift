public import FeedCore

/// Home's For You and Following: the switch between them, the posts ahead ranked again after
/// what was learnt, and the post on screen dismissed (Not interested, Hide this creator) with
/// its undo.
extension FeedSession {
    /// Home shows `kind` from its first post (the switch at the top, its key).
    public func showHome(_ kind: HomeFeedKind) {
        guard let home = store.home else { return }
        let inputUs = deps.clock.nowMicroseconds()
        finishWatching(atUs: inputUs)
        for page in pages { page.clear() }
        do {
            try store.show(kind)
        } catch {
            storageFailed(error)
        }
        reportHome(home)
        start(inputUs: inputUs)
    }

    /// After Erase all, For You is a new user's from its first post: what was ranked ahead came
    /// from the taste erased. The post on screen's watching is dropped, not kept: it began before.
    func startOverErased() {
        guard let home = store.home, home.kind == .forYou else { return }
        watch = nil
        showHome(.forYou)
    }

    /// Says which of Home's feeds is shown (the `home_feed` event).
    public func reportHome() {
        if let home = store.home { reportHome(home) }
    }

    private func reportHome(_ home: any HomePaging) {
        let order = (home as? HomeFeed)?.order == .ranked ? "ranked" : "newest_first"
        deps.events?.emit(.homeFeed(kind: home.kind.rawValue, order: home.kind == .following ? "newest_first" : order,
                                    posts: store.posts.map(\.id)))
    }

    /// What was learnt changed: the posts ahead that no player holds yet are put in again.
    func upcomingStale() {
        guard store.replaceUpcoming() else { return }
        let keep = store.index + store.plan.radius
        for page in pages where (page.index ?? -1) > keep { page.clear() }
        // The pages that keep their post are left alone: shown again, the one on screen would be
        // announced again to a screen reader after every like.
        if !isSliding, view?.isDragging != true, store.current != nil { assignSlots(keepingHeld: true) }
        loadMoreIfNeeded()
    }

    /// Why the post on screen is in the feed, in plain words, strongest first; empty outside Home.
    public func reasonsForCurrent() -> [String] {
        guard let home = store.home, let post = store.current else { return [] }
        let texts = home.reasons(for: post).map { ForYouReasonText.text($0, creator: post.author.name) }
        deps.events?.emit(.why(postID: post.id, reasons: texts.joined(separator: " | ")))
        return texts
    }

    /// Not interested (`.notInterested`) or Hide this creator (`.hidCreator`) on the post on
    /// screen: recorded, and the post leaves this feed at once: the feed slides on to the next
    /// one as a page change does, the players keeping the posts they hold. Returns the post, for
    /// the undo.
    @discardableResult
    public func dismissCurrent(_ action: InterestAction) -> Post? {
        guard let post = store.current else { return nil }
        deps.interests?.record(action, post: post)
        // Written now, not on the next turn: the posts ahead are put in again from it.
        deps.interests?.writeWaiting()
        let inputUs = deps.clock.nowMicroseconds()
        finishWatching(atUs: inputUs)
        let leaving = currentPage
        store.takeOut(postID: post.id)
        if action == .hidCreator {
            for other in store.posts where other.author.id == post.author.id { store.takeOut(postID: other.id) }
        }
        guard let leaving, !isSliding, view?.isDragging != true, store.current != nil else {
            for page in pages { page.clear() }
            start(inputUs: inputUs)
            return post
        }
        slideAway(from: leaving, inputUs: inputUs)
        return post
    }

    /// The pages take the places their posts have now that some left; the one on screen, whose
    /// post left, slides away to the post that came after it (or shows the next one in place when
    /// that was not prerolled).
    private func slideAway(from leaving: PagePlayback, inputUs: Int64) {
        let places = Dictionary(store.posts.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        leaving.leave()
        for page in pages {
            guard page !== leaving, let held = page.post else { continue }
            if let place = places[held.id] { page.moved(to: place) } else { page.clear() }
        }
        leaving.moved(to: nil)
        neighbours = .loaded
        beginPage(inputUs: inputUs)
        if visible { currentPage?.activate() }
        settle(from: 0, delta: 1)
    }

    /// The dismissal of `post` is undone: the signal forgotten, the post next.
    public func undoDismiss(_ post: Post, _ action: InterestAction) {
        deps.interests?.forgetLast(action, postID: post.id)
        showAtOnce([post])
    }
}
