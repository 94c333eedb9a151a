public import FeedCore
public import FeedMedia
public import Foundation
import GLibKit
import GtkKit
import Localization
import VideoBridge

/// Everything the feed needs from outside, injected by the composition root.
public struct FeedEnvironment {
    public var repository: FeedRepository
    public var events: EventSink?
    public var clock: MonotonicClock
    /// Turns a stored URI (`bundle:`, `file:`, `http:`) into one GStreamer can open.
    public var playableURI: (String) -> String
    /// A gst-launch description for the audio sink; nil for the default.
    public var audioSinkDescription: String?
    /// Posts named on the command line: shown first, in order.
    public var pinnedPosts: [Post]
    public var pageSize: Int
    public var preferences: PreferencesStore
    /// Where thumbnails are cached.
    public var cacheDirectory: URL
    /// The handle of the person using this copy (their comments can be deleted).
    public var selfHandle: String = "you"
    /// The cameras and microphones to record from (test sources with `--camera test`).
    /// Asked once, when the Create tab first opens.
    public var makeDevices: @MainActor () -> RecordingDevices = { RecordingDevices(directory: MonitoredCaptureDevices()) }
    /// The recorder's bundled sounds.
    public var sounds: [RecordingSound] = []
    /// Where "Save a copy" puts posted videos (the XDG videos folder, ~/Videos).
    public var videosFolder: URL = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent("Videos")
    /// Where the user's own files go (a chosen avatar is copied here).
    public var dataDirectory: URL = URL(fileURLWithPath: NSTemporaryDirectory())
    /// Posts the recorder's clips (FeedSources' ClipPublishService in the app).
    public var publisher: ClipPublishing
    /// Stills for grids and the Inbox (FeedMedia's ThumbnailGenerator in the app).
    public var thumbnails: ThumbnailProviding
    /// The cache folder, measured and cleared for the profile (FeedSources' CacheDirectory).
    public var cache: CacheControl

    public init(repository: FeedRepository, events: EventSink?, clock: MonotonicClock,
                playableURI: @escaping (String) -> String, audioSinkDescription: String?,
                pinnedPosts: [Post], preferences: PreferencesStore, cacheDirectory: URL,
                publisher: ClipPublishing, thumbnails: ThumbnailProviding, cache: CacheControl, pageSize: Int = 10) {
        self.publisher = publisher
        self.cache = cache
        self.thumbnails = thumbnails
        self.cacheDirectory = cacheDirectory
        self.repository = repository
        self.events = events
        self.clock = clock
        self.playableURI = playableURI
        self.audioSinkDescription = audioSinkDescription
        self.pinnedPosts = pinnedPosts
        self.preferences = preferences
        self.pageSize = pageSize
    }

    /// A local path for an image URI (avatars, covers), if it is a file.
    public func filePath(for uri: String?) -> String? {
        guard let uri, let url = URL(string: playableURI(uri)), url.isFileURL else { return nil }
        return url.path
    }
}

/// A feed on screen: the FeedStore's posts in the pool of page slots around the current one,
/// paging gestures and their animation, likes and shares, and the events it reports.
@MainActor
final class FeedController {
    let view: FeedView
    private let env: FeedEnvironment
    private let slots: [PageSlot]
    private let store: FeedStore
    private var preferences: Preferences

    // Paging gestures.
    private var scrollPaging = ScrollPaging()
    private let swipe = SwipeGesture()
    private var velocity = VelocityTracker()
    private var dragging = false
    private var dragIgnored = false
    private var snap: (animation: SnapAnimation, delta: Int)?
    private var snapTick: UInt32?
    private var pendingClick: SourceHandle?
    /// When a single click last paused (a late second press of a double-click takes it back).
    private var pausedByClickUs: Int64?

    /// The post whose first painted frame is awaited, and when the input that asked for it came.
    private var awaitingFirstFrame: (postID: Int64, index: Int, inputUs: Int64)?
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
    /// Called when the current post changes or is updated (MPRIS metadata).
    var onCurrentChanged: ((Post?) -> Void)?

    init(environment: FeedEnvironment, launchTimeUs: Int64, content: FeedContent = .library) throws {
        env = environment
        store = FeedStore(repository: environment.repository, content: content, pinned: environment.pinnedPosts,
                          pageSize: environment.pageSize)
        preferences = environment.preferences.load()
        slots = try (0..<PreloadPlan(radius: 1).poolSize).map { _ in
            try PageSlot(audioSinkDescription: environment.audioSinkDescription)
        }
        view = FeedView(slots: slots)
        awaitingFirstFrame = nil
        launchUs = launchTimeUs
        for slot in slots {
            slot.player.volume = preferences.volume
            slot.player.muted = preferences.muted
            slot.setMuted(preferences.muted)
        }
        wire()
    }

    private let launchUs: Int64

    // MARK: - Setup

    private func wire() {
        view.sizeProbe.onResize { [weak self] width, height in self?.resized(width: width, height: height) }
        for slot in slots {
            slot.onFirstPaint = { [weak self] slot, width, height in self?.slotPaintedFirstFrame(slot, width, height) }
            slot.onError = { [weak self] slot, error in self?.slotFailed(slot, error) }
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
        let scroll = ScrollController()
        scroll.setPhase(.capture)
        scroll.onScroll { [weak self] dy, unit in
            guard let self else { return true }
            let direction = scrollPaging.scroll(dy: dy, unit: unit == .wheel ? .wheel : .pixels,
                                                nowUs: env.clock.nowMicroseconds())
            if direction != 0 { move(by: direction) }
            return true
        }
        scroll.onScrollEnd { [weak self] in self?.scrollPaging.scrollEnded() }
        view.root.addController(scroll)

        let drag = DragGesture()
        drag.onBegin { [weak self] _, _ in self?.dragBegan() }
        drag.onUpdate { [weak self] dx, dy in self?.dragMoved(dx: dx, dy: dy) }
        drag.onEnd { [weak self] dx, dy in self?.dragEnded(dx: dx, dy: dy) }
        view.root.addController(drag)

        let click = ClickGesture()
        click.onPressed { [weak self] n, x, y in self?.pressed(n: n, x: x, y: y) }
        view.root.addController(click)
    }

    private func resized(width: Int, height: Int) {
        view.setPageHeight(Double(height))
        if snap == nil && !dragging { view.offset = 0 }
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
        awaitingFirstFrame = store.current.map { ($0.id, store.index, inputUs ?? launchUs) }
        assignSlots()
        currentSlot?.activate()
        afterPageChange()
        // Start-up (plugin loading, the first prerolls) frees a lot: give it back once settled.
        trimTimer = MainLoop.after(milliseconds: 2_000) { ProcessMemory.releaseFreeMemory() }
    }

    var postCount: Int { (try? env.repository.postCount()) ?? store.posts.count }

    /// Starts again from the newest post (after posting a video of your own).
    func reloadFromStart() {
        guard store.isLibrary else { return }
        // Timed from now: from the launch it said 68 s for a first frame after posting.
        let inputUs = env.clock.nowMicroseconds()
        for slot in slots { slot.clear() }
        do {
            try store.reloadFromStart()
        } catch {
            storageFailed(error)
        }
        start(inputUs: inputUs)
    }
    var current: Post? { store.current }
    var isPlaying: Bool { currentSlot?.isPlaying ?? false }
    var canGoNext: Bool { store.canGoNext }
    var canGoPrevious: Bool { store.canGoPrevious }

    private var currentSlot: PageSlot? { slots.first { $0.index == store.index && $0.index != nil } }

    /// One page forward (+1) or back (-1), animated; ignored while a snap is running.
    func move(by delta: Int) {
        guard snap == nil, !dragging else { return }
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
            view.root.onNextPaint { [weak self] in self?.rewindLeftSlots() }
        }
    }

    func goToFirst() {
        guard snap == nil, !dragging, store.index != 0 else { return }
        let inputUs = env.clock.nowMicroseconds()
        currentSlot?.leave()
        _ = store.jumpToFirst()
        beginPage(inputUs: inputUs)
        assignSlots()
        if visible { currentSlot?.activate() }
        view.offset = 0
        afterPageChange()
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
            slots.first { $0.index == from }?.leave()
            beginPage(inputUs: inputUs)
            // A prerolled neighbour plays at once, while the snap animation runs (unless the
            // feed is hidden: media keys may page a feed that is not on screen).
            if visible { currentSlot?.activate() }
            return true
        case .atEnd:
            view.flash(tr("You’re all caught up"))
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
        awaitingFirstFrame = (post.id, store.index, inputUs)
    }

    /// Events, first-frame detection and preloading once the current page is known.
    private func afterPageChange() {
        guard let post = store.current else { return }
        env.events?.emit(.page(index: store.index, postID: post.id, uri: post.videoURI, liked: post.liked,
                               likeCount: post.likeCount, commentCount: post.commentCount,
                               author: post.author.handle, shareCount: post.shareCount))
        if let slot = currentSlot, let error = slot.error {
            awaitingFirstFrame = nil
            env.events?.emit(.error(kind: error.kind.rawValue, message: error.message, postID: post.id))
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

    private func slotPaintedFirstFrame(_ slot: PageSlot, _ width: Int, _ height: Int) {
        guard slot.index == store.index else { return }
        reportFirstFrame(for: slot)
    }

    private func reportFirstFrame(for slot: PageSlot) {
        // A post that failed shows its error card, not a frame.
        guard let waiting = awaitingFirstFrame, slot.post?.id == waiting.postID, slot.index == waiting.index,
              slot.error == nil else { return }
        awaitingFirstFrame = nil
        let size = slot.player.videoSize ?? slot.post?.displaySize ?? PixelSize(width: 0, height: 0)
        env.events?.emit(.firstFrame(postID: waiting.postID, index: waiting.index,
                                     latencyUs: env.clock.nowMicroseconds() - waiting.inputUs,
                                     width: size.width, height: size.height))
        // Encoding a PNG takes tens of milliseconds: not while the next page may be wanted.
        MainLoop.after(milliseconds: 600) { [weak self, weak slot] in
            guard let self, let slot, slot.post?.id == waiting.postID else { return }
            saveThumbnail(of: slot)
        }
    }

    /// The post's cached picture as a file URI, once one was saved (MPRIS art).
    func thumbnailURI(for post: Post) -> String? {
        let path = thumbnailPath(for: post)
        return FileManager.default.fileExists(atPath: path) ? URL(fileURLWithPath: path).absoluteString : nil
    }

    /// The frame on screen as a cached PNG, for MPRIS art (and later the profile grid).
    func thumbnailPath(for post: Post) -> String {
        env.cacheDirectory.appendingPathComponent("thumbnails/post-\(post.id).png").path
    }

    private func saveThumbnail(of slot: PageSlot) {
        guard let post = slot.post else { return }
        let path = thumbnailPath(for: post)
        guard !FileManager.default.fileExists(atPath: path) else { return }
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        if slot.surface.savePNG(to: path), post.id == store.current?.id { onCurrentChanged?(post) }
    }

    private func slotReady(_ slot: PageSlot, _ size: PixelSize?) {
        guard let size, let post = slot.post, post.displaySize == nil else { return }
        slot.update(store.recordVideoSize(size, of: post))
    }

    private func slotFailed(_ slot: PageSlot, _ error: MediaError) {
        // Neighbours report when they come on screen; the current post reports now.
        guard slot.index == store.index, let post = slot.post else { return }
        awaitingFirstFrame = nil
        env.events?.emit(.error(kind: error.kind.rawValue, message: error.message, postID: post.id))
    }

    /// Gives every slot its post for the current position and orders them on screen.
    private func assignSlots() {
        let wanted = store.assignment(loaded: slots.map(\.index))
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
            if added, hadPosts, snap == nil, store.current != nil { assignSlots() }
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
        let target = Double(delta) * view.pageHeight
        let now = env.clock.nowMicroseconds()
        snap = (SnapAnimation(from: offset, to: target, startUs: now, durationUs: durationUs), delta)
        view.offset = offset
        if delta != 0 { afterPageChange() }
        guard snapTick == nil else { return }
        snapTick = view.root.addTickCallback { [weak self] _ in self?.stepSnap() ?? false }
    }

    private func stepSnap() -> Bool {
        guard let (animation, delta) = snap else {
            snapTick = nil
            return false
        }
        let now = env.clock.nowMicroseconds()
        view.offset = animation.value(atUs: now)
        guard animation.isFinished(atUs: now) else { return true }
        snap = nil
        snapTick = nil
        if delta != 0 {
            // The new page is in the middle again: reassign the pool around it.
            assignSlots()
        }
        view.offset = 0
        rewindLeftSlots()
        return false
    }

    /// A short nudge where there is no page, so the edge is felt rather than silent.
    private func bounce(delta: Int) {
        guard snap == nil else { return }
        animate(from: Double(delta) * min(40, view.pageHeight / 10), delta: 0, durationUs: 200_000)
    }

    // MARK: - Pointer

    private func dragBegan() {
        dragIgnored = snap != nil
        dragging = false
        velocity.reset()
    }

    private func dragMoved(dx: Double, dy: Double) {
        guard !dragIgnored else { return }
        if !dragging {
            guard swipe.isDrag(dx: dx, dy: dy) else { return }
            dragging = true
            // A press that moved is a drag, never a click.
            pendingClick?.cancel()
            pendingClick = nil
        }
        velocity.add(y: dy, atUs: env.clock.nowMicroseconds())
        view.offset = -swipe.visibleOffset(dragY: dy, canGoBack: canGoPrevious, canGoForward: canGoNext,
                                           pageHeight: view.pageHeight)
    }

    private func dragEnded(dx: Double, dy: Double) {
        guard dragging, !dragIgnored else { return }
        dragging = false
        let offset = view.offset
        let decision = swipe.decide(dragY: dy, velocityY: velocity.velocity)
        if decision != 0, changePage(by: decision, inputUs: env.clock.nowMicroseconds()) {
            settle(from: offset, delta: decision)
        } else if snap == nil {
            animate(from: offset, delta: 0)
        }
    }

    private func pressed(n: Int, x: Double, y: Double) {
        if n == 2 {
            pendingClick?.cancel()
            pendingClick = nil
            // On a loaded machine the second press can arrive after the single click's wait
            // ran out and paused: a double-click never pauses, so that pause is taken back.
            if let paused = pausedByClickUs, env.clock.nowMicroseconds() - paused < 1_000_000, userPaused {
                togglePause()
            }
            pausedByClickUs = nil
            likeFromDoubleClick(x: x, y: y)
            return
        }
        guard n == 1 else { return }
        // A single click waits out the double-click time so a double-click never pauses.
        pendingClick?.cancel()
        // Below input priority: when the main loop was busy, a second press that is already
        // waiting must be seen before the single click is taken for a pause.
        pendingClick = MainLoop.after(milliseconds: doubleClickMilliseconds, priority: MainLoop.priorityDefaultIdle) { [weak self] in
            guard let self else { return }
            pendingClick = nil
            guard !dragging else { return }
            togglePause()
            pausedByClickUs = userPaused ? env.clock.nowMicroseconds() : nil
        }
    }

    private var doubleClickMilliseconds: UInt32 { UInt32(max(150, min(600, Style.doubleClickTime))) }

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

    func likeCurrent() {
        guard let post = store.current else { return }
        setLiked(!post.liked, postID: post.id)
    }

    private func likeFromDoubleClick(x: Double, y: Double) {
        view.hearts.burst(atX: x, y: y, nowUs: env.clock.nowMicroseconds())
        // A double-click only ever likes.
        guard let post = store.current, !post.liked else { return }
        setLiked(true, postID: post.id)
    }

    private func setLiked(_ liked: Bool, postID: Int64) {
        do {
            let stored = try store.setLiked(liked, postID: postID)
            for slot in slots { slot.update(stored) }
            env.events?.emit(.like(postID: stored.id, liked: stored.liked, likeCount: stored.likeCount))
            if stored.id == store.current?.id { onCurrentChanged?(stored) }
        } catch {
            view.flash(tr("Couldn’t save the like"))
            env.events?.emit(.error(kind: "storage", message: "Couldn’t save the like: \(error)", postID: postID))
        }
    }

    /// An author changed (the user edited their profile): their posts show the new handle, name
    /// and avatar at once, here as everywhere else.
    func authorUpdated(_ author: Author) {
        for post in store.update(author: author) {
            for slot in slots where slot.post?.id == post.id {
                slot.show(post, avatarPath: env.filePath(for: post.author.avatarURI))
            }
            if post.id == store.current?.id { onCurrentChanged?(post) }
        }
    }

    /// A post changed elsewhere (comments added or deleted): show the new counts at once.
    func postUpdated(_ post: Post) {
        store.update(post)
        for slot in slots { slot.update(post) }
        if post.id == store.current?.id { onCurrentChanged?(post) }
    }

    var environment: FeedEnvironment { env }

    func shareCurrent() { if let post = store.current { share(post) } }

    private let shareMenu = ShareMenu()

    /// Closes what is open over the feed, now (the window is going away).
    func teardown() { shareMenu.dismiss() }
    /// The share menu is open: keys belong to it, not to paging.
    var isShareMenuOpen: Bool { shareMenu.isOpen }

    /// Opens the share menu over the post's share button: the file itself (copy, show in Files)
    /// for a video on this machine, the link for one from the web.
    private func share(_ post: Post) {
        let actions = ShareAction.options(playableURI: env.playableURI(post.videoURI))
        guard !actions.isEmpty, let slot = slots.first(where: { $0.post?.id == post.id && $0.index == store.index })
                ?? slots.first(where: { $0.post?.id == post.id }) else {
            view.flash(tr("This video can’t be shared"))
            return
        }
        shareMenu.onChoose = { [weak self] action in self?.perform(action, for: post.id) }
        shareMenu.open(actions, at: slot.rail.shareAnchor)
    }

    private func perform(_ action: ShareAction, for postID: Int64) {
        switch action {
        case .copyFile(let uri):
            view.root.copyFilesToClipboard([uri])
            shared(postID, action)
        case .copyLink(let url):
            view.root.copyToClipboard(url)
            shared(postID, action)
        case .showInFiles(let uri):
            DBusCall.call(name: "org.freedesktop.FileManager1", path: "/org/freedesktop/FileManager1",
                          interface: "org.freedesktop.FileManager1", method: "ShowItems",
                          parameters: .tuple([.strings([uri]), .string("")])) { [weak self] result in
                switch result {
                case .success: self?.shared(postID, action)
                case .failure: self?.openContainingFolder(of: uri, postID: postID, action: action)
                }
            }
        }
    }

    /// Without a file manager on the bus that can select a file, its folder is opened instead.
    private func openContainingFolder(of uri: String, postID: Int64, action: ShareAction) {
        guard let url = URL(string: uri) else { return }
        AppLauncher.openDefault(uri: url.deletingLastPathComponent().absoluteString) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success:
                shared(postID, action)
            case .failure(let error):
                view.flash(tr("No file manager could show the video"))
                env.events?.emit(.error(kind: "share", message: "No file manager could show the video: \(error.message)",
                                        postID: postID))
            }
        }
    }

    /// Counts the share, shows it on the rail and says it is done.
    private func shared(_ postID: Int64, _ action: ShareAction) {
        do {
            let stored = try store.recordShare(postID: postID)
            for slot in slots { slot.update(stored) }
            env.events?.emit(.share(postID: postID, method: action.method, shareCount: stored.shareCount))
            view.flash(action.done)
        } catch {
            view.flash(action.done)
            env.events?.emit(.error(kind: "storage", message: "Couldn’t count the share: \(error)", postID: postID))
        }
    }

    var volume: Double { preferences.volume }
    var muted: Bool { preferences.muted }

    func setVolume(_ volume: Double) {
        preferences.volume = min(1, max(0, volume))
        for slot in slots { slot.player.volume = preferences.volume }
        env.preferences.save(preferences)
    }

    func toggleMute() {
        preferences.muted.toggle()
        for slot in slots {
            slot.player.muted = preferences.muted
            slot.setMuted(preferences.muted)
        }
        env.preferences.save(preferences)
        view.flash(preferences.muted ? tr("Sound off") : tr("Sound on"))
    }

    /// Position and length of the current video in microseconds (MPRIS).
    var positionUs: Int64 { Int64((currentSlot?.player.position ?? 0) / 1000) }
    var durationUs: Int64 {
        if let duration = currentSlot?.player.duration { return Int64(duration / 1000) }
        return Int64((store.current?.duration ?? 0) * 1_000_000)
    }
}
