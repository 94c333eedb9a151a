public import FeedCore
public import Foundation
import Localization

/// A feed's decisions, without widgets: paging through its `FeedStore`, a move asked for while
/// the last one slides, which neighbours preroll, pause and visibility, what a page change asks
/// of the pages' players (`PagePlayback`), the first-frame and page-shown timings, likes and
/// shares, and how each post was watched (`WatchSignal`). Its view (FeedController in the app, a
/// fake in the tests) binds the widgets, runs the slides and forwards the input.
@MainActor
public final class FeedSession {
    /// What the user asked of playback.
    public enum Intent: Equatable, Sendable {
        case playing
        /// Paused by the user (a click, Space, media keys).
        case paused
        /// Stopped from the media controls: paused at the first frame.
        case stopped
    }

    /// The pages at rest, or sliding to the page `delta` away (0: back to rest), with at most
    /// one move asked for meanwhile, done when the slide ends.
    public enum Motion: Equatable, Sendable {
        case atRest
        case sliding(delta: Int, queued: Int?)
    }

    /// When the feed starts (launch, a reload) the current post loads alone: on two cores three
    /// prerolls at once held its first frame back. Its neighbours follow its first frame or its
    /// failure.
    public enum Neighbours: Equatable, Sendable {
        case waitingForCurrent
        case loaded
    }

    /// What the session needs from outside, made by the composition root.
    public struct Dependencies {
        public var events: EventSink?
        public var clock: MonotonicClock
        /// Work for a later turn of the main loop (the neighbours' loads after a first frame).
        public var timers: Timers
        /// A stored URI as the player opens it.
        public var playableURI: (String) -> String
        /// The cache remote videos download into: told which post is on screen and which come next.
        public var remoteVideos: (any RemoteVideoCache)?
        public var watchSignals: (any WatchSignalSink)?
        /// Asks the networks for their posts' counts (nil: remote posts show what the library knows).
        public var remotePosts: (any RemotePostReading)?
        /// The wall clock (how old a remote post's counts are).
        public var now: () -> Date
        /// Where a like on a remote post goes on to the user's account (nil: it stays here).
        public var actions: (any NetworkActing)?
        /// Where what the user does with posts is kept for For You (nil: nowhere).
        public var interests: InterestRecorder?

        public init(events: EventSink?, clock: MonotonicClock, timers: Timers, playableURI: @escaping (String) -> String,
                    remoteVideos: (any RemoteVideoCache)? = nil, watchSignals: (any WatchSignalSink)? = nil,
                    remotePosts: (any RemotePostReading)? = nil, now: @escaping () -> Date = { Date() },
                    actions: (any NetworkActing)? = nil, interests: InterestRecorder? = nil) {
            self.interests = interests
            self.events = events
            self.clock = clock
            self.timers = timers
            self.playableURI = playableURI
            self.remoteVideos = remoteVideos
            self.watchSignals = watchSignals
            self.remotePosts = remotePosts
            self.now = now
            self.actions = actions
        }
    }

    public let store: FeedStore
    /// One per slot of the view, the pool's players behind them.
    public let pages: [PagePlayback]
    public weak var view: (any FeedSessionView)?
    let deps: Dependencies
    /// When the app was launched: the first page's first frame is timed from there.
    private let launchUs: Int64

    public internal(set) var intent = Intent.playing
    public internal(set) var visible = true
    public internal(set) var motion = Motion.atRest
    /// Home was pressed during a slide: the jump is made when the slide ends.
    var homeAfterSlide = false
    public internal(set) var neighbours = Neighbours.loaded
    /// How much of the window the current page fills now (1 at rest, 0 when a slide begins).
    public internal(set) var covering = 1.0
    /// The slots from top to bottom as last arranged.
    public internal(set) var order: [Int] = []
    var firstFrame = FirstFrameClock()
    var pageShown = PageShownClock()
    /// The current post's showing, from its page change to the next one.
    public internal(set) var watch: WatchMeter?
    /// A move past the last post while more was on its way: made when it comes.
    public internal(set) var waitingMove: Int?
    /// The counts of the remote post on screen, kept as its network says them.
    public let remoteCounts: RemoteCountsRefresher?
    /// Follows a network's creator from the "+" over one of their posts (nil: they are followed
    /// here only, as anyone else is).
    public var channelFollower: ChannelFollower?
    /// Videos a channel followed from a post brought (Home shows them next).
    public var onChannelFollowed: (([Post]) -> Void)?

    public init(store: FeedStore, pages: [PagePlayback], launchTimeUs: Int64, dependencies: Dependencies) {
        self.store = store
        self.pages = pages
        launchUs = launchTimeUs
        deps = dependencies
        remoteCounts = dependencies.remotePosts.map { reader in
            RemoteCountsRefresher(.init(reader: reader, timers: dependencies.timers, now: dependencies.now,
                                        events: dependencies.events),
                                  store: { [store] in try store.updateRemoteCounts(postID: $0, counts: $1, at: $2) })
        }
        store.onArrived = { [weak self] in self?.postsArrived() }
        store.home?.onUpcomingStale = { [weak self] in self?.upcomingStale() }
        for (slot, page) in pages.enumerated() {
            page.onReady = { [weak self] size in self?.pageReady(slot: slot, size: size) }
            page.onError = { [weak self] error in self?.pageFailed(slot: slot, error: error) }
            // The page holds this closure: it must not hold the page (and its player) in turn.
            page.fallback = { [weak self, unowned page] post, failed, error, tried in
                self?.nextSource(for: post, failed: failed, error: error, tried: tried, viewport: page.player.viewport)
            }
            page.onLoop = { [weak self] pass, framesPresented in
                self?.passEnded(slot: slot, pass: pass, framesPresented: framesPresented)
            }
        }
        remoteCounts?.onUpdate = { [weak self] post in self?.postUpdated(post) }
    }

    public var current: Post? { store.current }
    public var canGoNext: Bool { store.canGoNext }
    public var canGoPrevious: Bool { store.canGoPrevious }
    public var isPlaying: Bool { currentPage?.isPlaying ?? false }
    /// Paused by the user or stopped: a click plays again.
    public var isPaused: Bool { intent != .playing }
    public var isStopped: Bool { intent == .stopped }
    public var isSliding: Bool { motion != .atRest }

    /// The slot holding the current post.
    public var currentSlot: Int? { pages.firstIndex { $0.index != nil && $0.index == store.index } }
    public var currentPage: PagePlayback? { currentSlot.map { pages[$0] } }

    // MARK: - Starting

    /// Loads the first page from the store and shows the current post; its first frame is timed
    /// from `inputUs` (the launch when nil).
    public func start(inputUs: Int64? = nil) {
        finishWatching()
        loadMoreIfNeeded()
        guard let post = store.current else {
            view?.flash(tr("No videos yet"))
            return
        }
        let input = inputUs ?? launchUs
        firstFrame.expect(postID: post.id, index: store.index, inputUs: input)
        pageShown.expect(postID: post.id, index: store.index, inputUs: input)
        watch = WatchMeter(postID: post.id)
        covering = 1
        neighbours = .waitingForCurrent
        assignSlots()
        // A feed not on screen (a reload after posting, from another tab) waits to be shown.
        if visible { currentPage?.activate() }
        afterPageChange()
        // A post that failed before the feed was shown (prerolled at launch) lets its
        // neighbours load now, as a failure seen here would.
        if currentPage?.error != nil { loadNeighboursIfWaiting() }
        // Start-up (plugin loading, the first prerolls) frees a lot: give it back once settled.
        view?.releaseMemory(afterMilliseconds: 2_000)
        syncWatch()
    }

    /// Starts again from the newest post (after posting a video of your own), or from the first
    /// of `added` (the user's files just added, found after any posts pinned at the front).
    public func reloadFromStart(showing added: [Post] = []) {
        guard store.isLibrary else { return }
        // Timed from now: from the launch it said 68 s for a first frame after posting.
        let inputUs = deps.clock.nowMicroseconds()
        finishWatching(atUs: inputUs)
        for page in pages { page.clear() }
        do {
            try store.reloadFromStart()
        } catch {
            storageFailed(error)
        }
        if !added.isEmpty { _ = store.jump(toFirstOf: Set(added.map(\.id))) }
        start(inputUs: inputUs)
    }

    /// The feed goes away (its page is closed, the app quits): the post on screen is left.
    public func close() {
        finishWatching()
        store.close()
        remoteCounts?.show(nil)
    }

    // MARK: - Slots

    /// Gives every page its post for the current position and orders the slots on screen.
    func assignSlots() {
        let wanted = store.assignment(loaded: pages.map(\.index), currentOnly: neighbours == .waitingForCurrent)
        for (page, index) in zip(pages, wanted) {
            guard let index else {
                if page.index != nil { page.clear() }
                continue
            }
            let post = store.posts[index]
            _ = page.load(post, index: index, uri: deps.playableURI(post.videoURI))
        }
        order = store.screenOrder(loaded: pages.map(\.index))
        view?.arrange(order)
    }

    /// The current post is in, or failed: its neighbours load now, on a later turn of the main
    /// loop (after the paint that showed it).
    func loadNeighboursIfWaiting() {
        guard neighbours == .waitingForCurrent else { return }
        neighbours = .loaded
        deps.timers.after(milliseconds: 0) { [weak self] in self?.assignSlots() }
    }

    func loadMoreIfNeeded(force: Bool = false) {
        do {
            // The first page is put in the slots by start().
            let hadPosts = !store.posts.isEmpty
            let added = try store.loadMoreIfNeeded(force: force)
            if added, hadPosts, !isSliding, store.current != nil { assignSlots() }
        } catch {
            storageFailed(error)
        }
    }

    func storageFailed(_ error: Error) {
        deps.events?.emit(.error(kind: "storage", message: tr("Couldn’t load more posts: {error}", ["error": error]), postID: nil))
        view?.flash(tr("Couldn’t load more posts"))
    }
}
