import FeedCore
import Localization

/// Paging: a move, a drag let go, a jump to the first post, the slide to the new page and what
/// the page change asks of the pages' players.
extension FeedSession {
    /// One page forward (+1) or back (-1), slid to.
    public func move(by delta: Int) {
        guard view?.isDragging != true else { return }
        // A press while the page still slides is kept for when it settles, never dropped: on a
        // loaded machine a slide can outlast the gap between two presses (13 presses of 1,000
        // once changed nothing). One is kept; a later one replaces it.
        if case .sliding(let sliding, _) = motion {
            motion = .sliding(delta: sliding, queued: delta)
            return
        }
        let inputUs = deps.clock.nowMicroseconds()
        guard changePage(by: delta, inputUs: inputUs) else { return }
        settle(from: 0, delta: delta)
    }

    /// A drag let go at `offset`: on to the page it decided (`delta`), or back to rest.
    public func released(delta: Int, from offset: Double) {
        if delta != 0, changePage(by: delta, inputUs: deps.clock.nowMicroseconds()) {
            settle(from: offset, delta: delta)
        } else if !isSliding {
            slide(.backToRest(fromOffset: offset))
        }
    }

    /// Home: the first post, put in place.
    public func goToFirst() {
        guard view?.isDragging != true else { return }
        // Kept, as a move pressed during a slide is, and made when the slide ends.
        guard !isSliding else { return homeAfterSlide = true }
        guard store.index != 0 else { return }
        let inputUs = deps.clock.nowMicroseconds()
        finishWatching(atUs: inputUs)
        currentPage?.leave()
        _ = store.jumpToFirst()
        beginPage(inputUs: inputUs)
        showInPlace()
    }

    /// The slide the view ran is over (`delta`: the page it ended on).
    public func slideFinished(delta: Int) {
        let queued: Int?
        if case .sliding(_, let next) = motion { queued = next } else { queued = nil }
        motion = .atRest
        // The new page is in the middle again: reassign the pool around it.
        if delta != 0 { assignSlots() }
        view?.putPagesInPlace()
        pageInView(covering: 1)
        rewindLeftPages()
        if homeAfterSlide {
            homeAfterSlide = false
            return goToFirst()
        }
        if let queued { move(by: queued) }
    }

    /// Moves the store, reporting the ends of the feed; returns whether the page changed.
    func changePage(by delta: Int, inputUs: Int64) -> Bool {
        let result: FeedStore.Move
        do {
            result = try store.move(by: delta)
        } catch {
            storageFailed(error)
            return false
        }
        switch result {
        case .moved(let from, _):
            finishWatching(atUs: inputUs)
            neighbours = .loaded
            pages.first { $0.index == from }?.leave()
            beginPage(inputUs: inputUs)
            // A prerolled neighbour plays at once, while the slide runs (unless the feed is
            // hidden: media keys may page a feed that is not on screen).
            if visible { currentPage?.activate() }
            return true
        case .atEnd:
            // The notice says the press was heard: a press at the end is not a lost one.
            let caughtUp = tr("You’re all caught up")
            view?.flash(caughtUp)
            deps.events?.emit(.notice(message: caughtUp))
            bounce(delta: delta)
            return false
        case .atStart:
            bounce(delta: delta)
            return false
        case .waitingForMore:
            // The next results are on their way: said, and the move is made when they come.
            waitingMove = delta
            let loading = tr("Loading more…")
            view?.flash(loading)
            deps.events?.emit(.notice(message: loading))
            bounce(delta: delta)
            return false
        }
    }

    /// A supplier's posts came: the slots take them, and a move that waited for them is made.
    func postsArrived() {
        if !isSliding, view?.isDragging != true, store.current != nil { assignSlots() }
        if let delta = waitingMove {
            waitingMove = nil
            if store.canGoNext || delta < 0 { move(by: delta) }
        }
        loadMoreIfNeeded()
    }

    /// The current post is a new showing, asked for at `inputUs`.
    func beginPage(inputUs: Int64) {
        intent = .playing
        guard let post = store.current else { return }
        firstFrame.expect(postID: post.id, index: store.index, inputUs: inputUs)
        pageShown.expect(postID: post.id, index: store.index, inputUs: inputUs)
        watch = WatchMeter(postID: post.id)
        // Not in view yet: the slide (or the page put in place) says how far it has come.
        covering = 0
    }

    /// Slides to the new page when its slot sat prerolled next to the old one; otherwise (a page
    /// that was not preloaded yet) shows it in place.
    func settle(from offset: Double, delta: Int) {
        if let slot = currentSlot, order.indices.contains(delta + 1), order[delta + 1] == slot {
            slide(.toPage(delta: delta, fromOffset: offset))
            afterPageChange()
        } else {
            showInPlace()
        }
    }

    /// The current page in the middle at once, without a slide.
    private func showInPlace() {
        assignSlots()
        if visible { currentPage?.activate() }
        view?.putPagesInPlace()
        afterPageChange()
        pageInView(covering: 1)
        view?.afterNextPaint { [weak self] in self?.rewindLeftPages() }
        syncWatch()
    }

    func slide(_ slide: PageSlide) {
        let queued: Int?
        if case .sliding(_, let next) = motion { queued = next } else { queued = nil }
        motion = .sliding(delta: slide.delta, queued: queued)
        view?.slide(slide)
    }

    /// A short nudge where there is no page, so the edge is felt rather than silent.
    private func bounce(delta: Int) {
        guard !isSliding else { return }
        slide(.bounce(delta: delta))
    }

    /// The page the user is on now: the cache's focus, the `page` event, the first frame of a
    /// page that was prerolled, the media controls, and more posts when near the end.
    func afterPageChange() {
        guard let post = store.current else { return }
        let address = deps.playableURI(post.videoURI)
        // Before the event, so a post on screen that is not in yet is already downloading.
        deps.remoteVideos?.focus(current: address, upcoming: store.posts.dropFirst(store.index + 1).prefix(3)
            .map { deps.playableURI($0.videoURI) })
        deps.events?.emit(.page(index: store.index, postID: post.id, uri: post.videoURI, liked: post.liked,
                                likeCount: post.likeCount, commentCount: post.commentCount,
                                author: post.author.handle, shareCount: post.shareCount,
                                cached: deps.remoteVideos?.isCached(address) ?? false,
                                remoteHost: post.remote?.host, remoteID: post.remote?.id))
        if let slot = currentSlot {
            let page = pages[slot]
            if let error = page.error {
                firstFrame.cancel()
                pageShown.cancel()
                reportError(error, postID: post.id)
            } else if page.hasFrame {
                // Prerolled: its first frame is already drawn, so the page shows it on the next paint.
                view?.afterNextPaint { [weak self] in self?.reportFirstFrame(slot: slot) }
            }
        }
        view?.currentChanged(post)
        view?.playbackChanged(playing: isPlaying && visible)
        // Asked after the page changed, never waited for: the rail follows the answer.
        remoteCounts?.show(post)
        loadMoreIfNeeded()
    }

    /// Rewinds the pages that were left, once the page change has been painted, and a little
    /// later gives the memory the old pages' frames used back to the system.
    func rewindLeftPages() {
        for page in pages where page.index != store.index { page.rewindIfLeft() }
        view?.releaseMemory(afterMilliseconds: 500)
    }

    func reportError(_ error: MediaError, postID: Int64) {
        deps.events?.emit(.error(kind: error.kind.rawValue, message: error.message, postID: postID,
                                 detail: error.detail.isEmpty ? nil : error.detail))
    }
}
