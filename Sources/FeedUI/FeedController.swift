import FeedCore
import FeedPresentation
import FeedMedia
import Foundation
import GLibKit
import GtkKit
import Localization
import VideoBridge

/// A feed on screen: the FeedStore's posts in the pool of page slots around the current one,
/// paging gestures and their animation, likes and shares, and the events it reports.
@MainActor
final class FeedController {
    let view: FeedView
    let env: FeedEnvironment
    let slots: [PageSlot]
    let pool: PlayerPool
    let store: FeedStore
    var preferences: Preferences

    let gestures: FeedGestures
    let animator: PageAnimator

    private var firstFrame = FirstFrameClock()
    /// When the page asked for covers the middle of the window (FeedController+PageShown).
    var pageShown = PageShownClock()
    /// How much of the window the current page fills now (1 at rest).
    var covering = 1.0
    private var userPaused = false
    private var visible = true
    /// Called when playback starts or stops (screensaver inhibition, MPRIS).
    var onPlaybackChanged: ((Bool) -> Void)?
    /// Called when an author's avatar or @handle is clicked.
    var onOpenProfile: ((Author) -> Void)?
    /// Called when a hashtag in a caption is clicked.
    var onHashtag: ((String) -> Void)?
    /// A mentioned handle (without "@") was clicked.
    var onMention: ((String) -> Void)?
    /// Called when the rail's comments button is clicked.
    var onOpenComments: ((Post) -> Void)?
    /// Called after each first frame of a post that was reported (`first_frame`).
    var onFirstFrame: (() -> Void)?
    /// Called when the current post changes or is updated (MPRIS metadata).
    var onCurrentChanged: ((Post?) -> Void)?

    /// `players`: the feed's players when they were made (and the current post started) before
    /// the window; otherwise they are made here.
    init(environment: FeedEnvironment, launchTimeUs: Int64, content: FeedContent = .library,
         players: FeedPlayers? = nil) throws {
        env = environment
        let players = try players ?? FeedPlayers(environment: environment, content: content)
        store = players.store
        pool = players.pool
        preferences = environment.preferences.load()
        slots = zip(players.surfaces, players.playbacks).map { PageSlot(surface: $0, playback: $1) }
        view = FeedView(slots: slots)
        gestures = FeedGestures(on: view.root, clock: environment.clock)
        animator = PageAnimator(widget: view.root, clock: environment.clock)
        launchUs = launchTimeUs
        for slot in slots { slot.setMuted(preferences.muted) }
        wire()
    }

    private let launchUs: Int64

    // MARK: - Setup

    private func wire() {
        view.sizeProbe.onResize { [weak self] width, height in self?.resized(width: width, height: height) }
        for slot in slots {
            slot.onFirstPaint = { [weak self] slot, width, height in self?.slotPaintedFirstFrame(slot, width, height) }
            slot.onError = { [weak self] slot, error in self?.slotFailed(slot, error) }
            slot.onRemove = { [weak self] slot in self?.remove(slot.post) }
            slot.onRetry = { [weak self] slot in
                guard let self, let post = slot.post, let index = slot.index, index == store.index else { return }
                firstFrame.expect(postID: post.id, index: index, inputUs: env.clock.nowMicroseconds())
            }
            slot.onLoop = { [weak self] slot, pass, framesPresented in
                guard let self, let post = slot.post, slot.index == store.index else { return }
                env.events?.emit(.loop(postID: post.id, seamUs: pass.seamUs, intervalUs: pass.intervalUs,
                                       framesDecoded: pass.framesDecoded, framesPresented: framesPresented))
            }
            slot.onReady = { [weak self] slot, size in self?.slotReady(slot, size) }
            slot.rail.onLike = { [weak self, weak slot] in
                guard let self, let post = slot?.post else { return }
                setLiked(!post.liked, postID: post.id)
            }
            slot.rail.onShare = { [weak self, weak slot] in
                guard let self, let post = slot?.post else { return }
                share(post)
            }
            slot.rail.onComments = { [weak self, weak slot] in
                guard let self, let post = slot?.post else { return }
                onOpenComments?(post)
            }
            slot.overlay.onHashtag = { [weak self] tag in self?.onHashtag?(tag) }
            slot.overlay.onMention = { [weak self] handle in self?.onMention?(handle) }
            slot.rail.onAvatar = { [weak self, weak slot] in
                guard let self, let post = slot?.post else { return }
                onOpenProfile?(post.author)
            }
            slot.overlay.onAuthor = { [weak self, weak slot] in
                guard let self, let post = slot?.post else { return }
                onOpenProfile?(post.author)
            }
        }
        installGestures()
    }

    private func installGestures() {
        gestures.onPage = { [weak self] delta in self?.move(by: delta) }
        gestures.onDrag = { [weak self] offset in self?.view.offset = offset }
        gestures.onRelease = { [weak self] delta, offset in self?.released(delta: delta, from: offset) }
        gestures.onClick = { [weak self] in
            self?.togglePause()
            return self?.userPaused ?? false
        }
        gestures.onDoubleClick = { [weak self] x, y in self?.likeFromDoubleClick(x: x, y: y) }
        gestures.isSettling = { [weak self] in self?.animator.isRunning ?? false }
        gestures.isPaused = { [weak self] in self?.userPaused ?? false }
        gestures.canGo = { [weak self] in (self?.canGoPrevious ?? false, self?.canGoNext ?? false) }
        gestures.pageHeight = { [weak self] in self?.view.pageHeight ?? 0 }
        gestures.currentOffset = { [weak self] in self?.view.offset ?? 0 }
        animator.onStep = { [weak self] offset in
            guard let self else { return }
            view.offset = offset
            pageInView(covering: view.pageHeight > 0 ? abs(offset) / view.pageHeight : 1)
        }
        animator.onFinished = { [weak self] delta in self?.slideFinished(delta: delta) }
    }

    private func resized(width: Int, height: Int) {
        view.setPageHeight(Double(height))
        if !animator.isRunning && !gestures.dragging { view.offset = 0 }
    }

    // MARK: - Feed

    /// Loads the first page from the store and shows the first post; its first frame is timed
    /// from `inputUs` (the launch, or the moment a new post asked for the feed again).
    func start(inputUs: Int64? = nil) {
        loadMoreIfNeeded()
        guard store.current != nil else {
            view.flash(tr("No videos yet"))
            return
        }
        if let post = store.current {
            firstFrame.expect(postID: post.id, index: store.index, inputUs: inputUs ?? launchUs)
            pageShown.expect(postID: post.id, index: store.index, inputUs: inputUs ?? launchUs)
        }
        covering = 1
        neighboursWait = true
        assignSlots()
        currentSlot?.activate()
        afterPageChange()
        // A post that failed before the window was there (prerolled at launch) lets its
        // neighbours load now, as a failure seen here would.
        if currentSlot?.error != nil { loadNeighboursIfWaiting() }
        // Start-up (plugin loading, the first prerolls) frees a lot: give it back once settled.
        trimTimer = MainLoop.after(milliseconds: 2_000) { ProcessMemory.releaseFreeMemory() }
    }

    var postCount: Int { (try? env.repository.postCount()) ?? store.posts.count }

    /// Starts again from the newest post (after posting a video of your own), or from the
    /// first of `added` (the user's files just added, found after any posts pinned at the front).
    func reloadFromStart(showing added: [Post] = []) {
        guard store.isLibrary else { return }
        // Timed from now: from the launch it said 68 s for a first frame after posting.
        let inputUs = env.clock.nowMicroseconds()
        for slot in slots { slot.clear() }
        do {
            try store.reloadFromStart()
        } catch {
            storageFailed(error)
        }
        if !added.isEmpty { _ = store.jump(toFirstOf: Set(added.map(\.id))) }
        start(inputUs: inputUs)
    }
    var current: Post? { store.current }
    var isPlaying: Bool { currentSlot?.isPlaying ?? false }
    var canGoNext: Bool { store.canGoNext }
    var canGoPrevious: Bool { store.canGoPrevious }

    var currentSlot: PageSlot? { slots.first { $0.index == store.index && $0.index != nil } }

    /// One page forward (+1) or back (-1), animated; ignored while a snap is running.
    func move(by delta: Int) {
        guard !gestures.dragging else { return }
        // A press while the page still slides is kept for when it settles, never dropped: on a
        // loaded machine a slide can outlast the gap between two presses (13 presses of 1,000
        // once changed nothing). One is kept; a later one replaces it.
        guard !animator.isRunning else {
            queuedMove = delta
            return
        }
        let inputUs = env.clock.nowMicroseconds()
        guard changePage(by: delta, inputUs: inputUs) else { return }
        settle(from: 0, delta: delta)
    }

    /// Animates to the new page when its slot sat prerolled next to the old one; otherwise
    /// (a page that was not preloaded yet) shows it in place.
    private func settle(from offset: Double, delta: Int) {
        if let slot = currentSlot, slot === view.slot(at: delta) {
            animate(from: offset, delta: delta)
        } else {
            assignSlots()
            if visible { currentSlot?.activate() }
            view.offset = 0
            afterPageChange()
            pageInView(covering: 1)
            view.root.onNextPaint { [weak self] in self?.rewindLeftSlots() }
        }
    }

    func goToFirst() {
        guard !animator.isRunning, !gestures.dragging, store.index != 0 else { return }
        let inputUs = env.clock.nowMicroseconds()
        currentSlot?.leave()
        _ = store.jumpToFirst()
        showJumpedPage(inputUs: inputUs)
    }

    private func showJumpedPage(inputUs: Int64) {
        beginPage(inputUs: inputUs)
        assignSlots()
        if visible { currentSlot?.activate() }
        view.offset = 0
        afterPageChange()
        pageInView(covering: 1)
        view.root.onNextPaint { [weak self] in self?.rewindLeftSlots() }
    }

    /// Moves the store, reporting the end of the feed; returns whether the page changed.
    private func changePage(by delta: Int, inputUs: Int64) -> Bool {
        let result: FeedStore.Move
        do {
            result = try store.move(by: delta)
        } catch {
            storageFailed(error)
            return false
        }
        switch result {
        case .moved(let from, _):
            neighboursWait = false
            slots.first { $0.index == from }?.leave()
            beginPage(inputUs: inputUs)
            // A prerolled neighbour plays at once, while the snap animation runs (unless the
            // feed is hidden: media keys may page a feed that is not on screen).
            if visible { currentSlot?.activate() }
            return true
        case .atEnd:
            // The notice says the press was heard: a press at the end is not a lost one.
            let caughtUp = tr("You’re all caught up")
            view.flash(caughtUp)
            env.events?.emit(.notice(message: caughtUp))
            bounce(delta: delta)
            return false
        case .atStart:
            bounce(delta: delta)
            return false
        }
    }

    private func beginPage(inputUs: Int64) {
        userPaused = false
        stopped = false
        guard let post = store.current else { return }
        firstFrame.expect(postID: post.id, index: store.index, inputUs: inputUs)
        pageShown.expect(postID: post.id, index: store.index, inputUs: inputUs)
        // Not in view yet: the slide (or the page put in place) says how far it has come.
        covering = 0
    }

    /// Events, first-frame detection and preloading once the current page is known.
    private func afterPageChange() {
        guard let post = store.current else { return }
        let address = env.playableURI(post.videoURI)
        // Before the event, so a post on screen that is not in yet is already downloading.
        env.remoteVideos?.focus(current: address, upcoming: store.posts.dropFirst(store.index + 1).prefix(3)
            .map { env.playableURI($0.videoURI) })
        env.events?.emit(.page(index: store.index, postID: post.id, uri: post.videoURI, liked: post.liked,
                               likeCount: post.likeCount, commentCount: post.commentCount,
                               author: post.author.handle, shareCount: post.shareCount,
                               cached: env.remoteVideos?.isCached(address) ?? false))
        if let slot = currentSlot, let error = slot.error {
            firstFrame.cancel()
            pageShown.cancel()
            env.events?.emit(.error(kind: error.kind.rawValue, message: error.message, postID: post.id, detail: error.detail.isEmpty ? nil : error.detail))
        } else if let slot = currentSlot, slot.hasFrame {
            // Prerolled: its first frame is already drawn, so the page shows it on the next paint.
            view.root.onNextPaint { [weak self] in self?.reportFirstFrame(for: slot) }
        }
        onCurrentChanged?(post)
        onPlaybackChanged?(isPlaying && visible)
        loadMoreIfNeeded()
    }

    /// Rewinds the pages that were left, once the page change has been painted, and a little
    /// later gives the memory the old pages' frames used back to the system.
    private func rewindLeftSlots() {
        for slot in slots where slot.index != store.index { slot.rewindIfLeft() }
        trimTimer?.cancel()
        trimTimer = MainLoop.after(milliseconds: 500) { ProcessMemory.releaseFreeMemory() }
    }

    private var trimTimer: SourceHandle?
    /// A page move asked for while the last one was still sliding (`move(by:)`).
    private var queuedMove: Int?
    /// The current post was loaded alone; its neighbours follow its first frame or its failure.
    var neighboursWait = false

    private func slotPaintedFirstFrame(_ slot: PageSlot, _ width: Int, _ height: Int) {
        guard slot.index == store.index else { return }
        reportFirstFrame(for: slot)
        pageInView(covering: covering, painting: true)
    }

    private func reportFirstFrame(for slot: PageSlot) {
        // A post that failed shows its error card, not a frame.
        guard slot.error == nil, let post = slot.post, let index = slot.index,
              let (waiting, latencyUs) = firstFrame.painted(postID: post.id, index: index,
                                                            atUs: env.clock.nowMicroseconds()) else { return }
        let size = slot.player.videoSize ?? post.displaySize ?? PixelSize(width: 0, height: 0)
        env.events?.emit(.firstFrame(postID: waiting.postID, index: waiting.index, latencyUs: latencyUs,
                                     width: size.width, height: size.height))
        loadNeighboursIfWaiting()
        onFirstFrame?()
        // Only a texture reference is taken here (the encoding is a worker's), but not while the
        // next page may be wanted.
        MainLoop.after(milliseconds: 600) { [weak self, weak slot] in
            guard let self, let slot, slot.post?.id == waiting.postID else { return }
            saveThumbnail(of: slot)
        }
    }

    /// The post's still as a file URI, once one was saved (MPRIS art).
    func thumbnailURI(for post: Post) -> String? { env.stills.uri(forPostID: post.id) }

    private func saveThumbnail(of slot: PageSlot) {
        guard let post = slot.post, let texture = slot.surface.currentTexture else { return }
        env.stills.keep(texture, postID: post.id) { [weak self] in
            guard let self, post.id == store.current?.id else { return }
            onCurrentChanged?(post)
        }
    }

    private func slotReady(_ slot: PageSlot, _ size: PixelSize?) {
        guard let size, let post = slot.post, post.displaySize == nil else { return }
        slot.update(store.recordVideoSize(size, of: post))
    }

    private func slotFailed(_ slot: PageSlot, _ error: MediaError) {
        // Neighbours report when they come on screen; the current post reports now.
        guard slot.index == store.index, let post = slot.post else { return }
        loadNeighboursIfWaiting()
        firstFrame.cancel()
        pageShown.cancel()
        env.events?.emit(.error(kind: error.kind.rawValue, message: error.message, postID: post.id, detail: error.detail.isEmpty ? nil : error.detail))
    }

    /// Gives every slot its post for the current position and orders them on screen.
    func assignSlots() {
        let wanted = store.assignment(loaded: slots.map(\.index), currentOnly: neighboursWait)
        for (slot, index) in zip(slots, wanted) {
            guard let index else {
                if slot.index != nil { slot.clear() }
                continue
            }
            let post = store.posts[index]
            slot.load(post, index: index, uri: env.playableURI(post.videoURI),
                      avatarPath: env.filePath(for: post.author.avatarURI))
        }
        view.arrange(store.screenOrder(loaded: slots.map(\.index)).map { slots[$0] })
    }

    private func loadMoreIfNeeded(force: Bool = false) {
        do {
            // The first page is put in the slots by start().
            let hadPosts = !store.posts.isEmpty
            let added = try store.loadMoreIfNeeded(force: force)
            if added, hadPosts, !animator.isRunning, store.current != nil { assignSlots() }
        } catch {
            storageFailed(error)
        }
    }

    private func storageFailed(_ error: Error) {
        env.events?.emit(.error(kind: "storage", message: tr("Couldn’t load more posts: {error}", ["error": error]), postID: nil))
        view.flash(tr("Couldn’t load more posts"))
    }

    // MARK: - Animation

    /// Slides from `offset` to the neighbour in `delta`'s direction (or back to rest for 0).
    private func animate(from offset: Double, delta: Int, durationUs: Int64 = 150_000) {
        // Without animations (reduced motion) a page change is a cut: the next frame shows the page in place.
        // To another page the slide is quick to cover the middle; back to rest it eases as a bounce.
        animator.slide(from: offset, to: Double(delta) * view.pageHeight, delta: delta,
                       durationUs: Style.animationsEnabled ? durationUs : 0, easing: delta != 0 ? .quintOut : .cubicOut)
        if delta != 0 { afterPageChange() }
    }

    private func slideFinished(delta: Int) {
        // The new page is in the middle again: reassign the pool around it.
        if delta != 0 { assignSlots() }
        view.offset = 0
        pageInView(covering: 1)
        rewindLeftSlots()
        if let queued = queuedMove {
            queuedMove = nil
            move(by: queued)
        }
    }

    /// A short nudge where there is no page, so the edge is felt rather than silent.
    private func bounce(delta: Int) {
        guard !animator.isRunning else { return }
        animate(from: Double(delta) * min(40, view.pageHeight / 10), delta: 0, durationUs: 200_000)
    }

    /// A drag let go: on to the page it decided, or back to rest.
    private func released(delta: Int, from offset: Double) {
        if delta != 0, changePage(by: delta, inputUs: env.clock.nowMicroseconds()) {
            settle(from: offset, delta: delta)
        } else if !animator.isRunning {
            animate(from: offset, delta: 0)
        }
    }

    // MARK: - Actions

    func togglePause() {
        guard visible, let slot = currentSlot, slot.error == nil else { return }
        stopped = false
        userPaused = slot.isPlaying
        slot.setPaused(userPaused)
        onPlaybackChanged?(!userPaused && visible)
    }

    func play() { if userPaused || stopped { stopped = false; if userPaused { togglePause() } } }
    func pause() { if !userPaused { togglePause() } }

    /// MPRIS Stop: paused at the first frame.
    func stop() {
        guard let slot = currentSlot, slot.error == nil else { return }
        userPaused = true
        stopped = true
        slot.deactivate()
        onPlaybackChanged?(false)
    }

    private(set) var stopped = false

    func playableURI(for post: Post) -> String { env.playableURI(post.videoURI) }

    /// Stops sound and decoding while the feed is hidden; resumes unless the user paused.
    func setVisible(_ isVisible: Bool) {
        visible = isVisible
        guard let slot = currentSlot, slot.error == nil else { return }
        if isVisible {
            if !userPaused { slot.setPaused(false) }
        } else {
            slot.setPaused(true, showIndicator: false)
        }
        onPlaybackChanged?(isVisible && !userPaused)
    }

    var environment: FeedEnvironment { env }

    func shareCurrent() { if let post = store.current { share(post) } }

    private lazy var sharing: FeedSharing = {
        let sharing = FeedSharing(clipboard: view.root, events: env.events)
        sharing.flash = { [weak self] message in self?.view.flash(message) }
        sharing.record = { [weak self] postID in
            guard let self else { throw FeedSharing.Gone() }
            let stored = try store.recordShare(postID: postID)
            for slot in slots { slot.update(stored) }
            return stored
        }
        return sharing
    }()

    /// Closes what is open over the feed, now (the window is going away).
    func teardown() { sharing.dismiss() }
    /// The share menu is open: keys belong to it, not to paging.
    var isShareMenuOpen: Bool { sharing.isMenuOpen }

    /// Opens the share menu over the post's share button.
    private func share(_ post: Post) {
        let slot = slots.first { $0.post?.id == post.id && $0.index == store.index } ?? slots.first { $0.post?.id == post.id }
        sharing.share(post, playableURI: env.playableURI(post.videoURI), anchor: slot?.rail.shareAnchor)
    }
}
