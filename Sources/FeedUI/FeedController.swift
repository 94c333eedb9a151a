import FeedCore
import FeedPresentation
import FeedMedia
import Foundation
import GLibKit
import GtkKit
import Localization
import VideoBridge

/// A feed on screen: the view of a `FeedSession`. It binds the page slots (each to its
/// `PagePlayback`), runs the slides, forwards the pointer's and the rail's input to the session,
/// and opens the share menu; what a move, a pause or a like means is the session's.
@MainActor
final class FeedController: FeedSessionView {
    let view: FeedView
    let env: FeedDependencies
    let slots: [PageSlot]
    let pool: PlayerPool
    let session: FeedSession
    /// The volume and mute, kept in the preferences (FeedController+Sound).
    let sound: FeedSound
    /// What shows over the video (FeedController+Controls).
    let chrome: PlayerChrome
    var pointerMotion: MotionController?
    var lastStirUs: Int64 = 0
    /// Where the pointer last moved over the feed: GTK says it moved, where it was, when the page
    /// under it changes (a page change alone does not show the controls).
    var lastPointer: (x: Double, y: Double)?
    var progressTick: UInt32?

    let gestures: FeedGestures
    let animator: PageAnimator
    private var trimTimer: SourceHandle?

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
    /// The captions of a network's post on screen (nil: no network to ask).
    let captions: CaptionsSession?
    private let captionsMenu = CaptionsMenu()
    /// Home's switch, Why this video? and the Undo of a dismissed post (FeedController+Home).
    let homeSwitch = HomeSwitch()
    let why = WhyThisVideo()
    let undoToast = UndoToast()

    /// `players`: the feed's players when they were made (and the current post started) before
    /// the window; otherwise they are made here.
    init(_ deps: FeedDependencies, launchTimeUs: Int64, content: FeedContent = .library,
         players: FeedPlayers? = nil) throws {
        env = deps
        let players = try players ?? FeedPlayers(deps, content: content)
        pool = players.pool
        sound = FeedSound(preferences: deps.preferences, events: deps.events)
        chrome = PlayerChrome(timers: deps.timers)
        session = FeedSession(store: players.store, pages: players.playbacks, launchTimeUs: launchTimeUs,
                              dependencies: FeedSession.Dependencies(
                                  events: deps.events, clock: deps.clock, timers: deps.timers,
                                  playableURI: deps.playableURI, remoteVideos: deps.remoteVideos,
                                  watchSignals: deps.watchSignals, remotePosts: deps.remotePosts,
                                  actions: deps.actions, interests: deps.interests))
        captions = deps.remotePosts.map { reader in
            CaptionsSession(.init(reader: reader, timers: deps.timers, events: deps.events, preferences: deps.preferences,
                                  languages: deps.languages))
        }
        slots = zip(players.surfaces, players.playbacks).map {
            PageSlot(surface: $0, playback: $1, clock: deps.clock, avatarFile: { post, then in
                // A followed channel's picture is on the web: the cache the Following window uses.
                if let uri = post.author.avatarURI, uri.isWebAddress, let images = deps.webImages {
                    images.image(at: uri) { then($0?.path) }
                } else {
                    then(deps.filePath(post.author.avatarURI))
                }
            })
        }
        view = FeedView(slots: slots)
        gestures = FeedGestures(on: view.root, clock: deps.clock)
        animator = PageAnimator(widget: view.root, clock: deps.clock)
        session.view = self
        wire()
        bindSound()
        bindControls()
        installHome()
    }

    // MARK: - Setup

    private func wire() {
        captions?.position = { [weak self] in
            guard let position = self?.currentSlot?.player.position else { return nil }
            return Double(position) / 1_000_000_000
        }
        captions?.onChange = { [weak self] change in self?.showCaptions(change) }
        captionsMenu.onChoose = { [weak self] choice in self?.captions?.choose(choice) }
        view.sizeProbe.onResize { [weak self] width, height in self?.resized(width: width, height: height) }
        for (index, slot) in slots.enumerated() {
            slot.onFirstPaint = { [weak self] _ in self?.session.firstFramePainted(slot: index) }
            slot.onRemove = { [weak self] slot in self?.session.remove(slot.post) }
            slot.onRetry = { [weak self] _ in self?.session.retry(slot: index) }
            slot.rail.onLike = { [weak self] in self?.session.toggleLike(slot: index) }
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
            slot.rail.onCaptions = { [weak self, weak slot] in
                guard let self, let captions, let slot else { return }
                if let choices = captions.menu { captionsMenu.open(choices, at: slot.rail.captionsAnchor) } else { captions.toggle() }
            }
            slot.rail.onAvatar = { [weak self, weak slot] in
                guard let self, let post = slot?.post else { return }
                openProfile(of: post)
            }
            slot.overlay.onAuthor = { [weak self, weak slot] in
                guard let self, let post = slot?.post else { return }
                openProfile(of: post)
            }
        }
        bindDeliveryMarks()
        installGestures()
    }

    /// A creator's profile opened from their post: For You counts it.
    private func openProfile(of post: Post) {
        env.interests?.record(.openedProfile, post: post)
        onOpenProfile?(post.author)
    }

    private func installGestures() {
        gestures.onPage = { [weak self] delta in self?.session.move(by: delta) }
        gestures.onDrag = { [weak self] offset in self?.view.offset = offset }
        gestures.onRelease = { [weak self] delta, offset in self?.session.released(delta: delta, from: offset) }
        gestures.onClick = { [weak self] in
            self?.session.togglePause()
            return self?.session.isPaused ?? false
        }
        gestures.onDoubleClick = { [weak self] x, y in
            guard let self else { return }
            view.hearts.burst(atX: x, y: y, nowUs: env.clock.nowMicroseconds())
            session.likeFromDoubleClick()
        }
        gestures.isSettling = { [weak self] in self?.animator.isRunning ?? false }
        gestures.isPaused = { [weak self] in self?.session.isPaused ?? false }
        gestures.canGo = { [weak self] in (self?.session.canGoPrevious ?? false, self?.session.canGoNext ?? false) }
        gestures.pageHeight = { [weak self] in self?.view.pageHeight ?? 0 }
        gestures.currentOffset = { [weak self] in self?.view.offset ?? 0 }
        animator.onStep = { [weak self] offset in
            guard let self else { return }
            view.offset = offset
            session.pageInView(covering: view.pageHeight > 0 ? abs(offset) / view.pageHeight : 1)
        }
        animator.onFinished = { [weak self] delta in self?.session.slideFinished(delta: delta) }
    }

    private func resized(width: Int, height: Int) {
        view.setPageHeight(Double(height))
        homeSwitch.fit(width: width)
        if !animator.isRunning && !gestures.dragging { view.offset = 0 }
    }

    // MARK: - FeedSessionView

    var isDragging: Bool { gestures.dragging }

    func flash(_ message: String) { view.flash(message) }

    func arrange(_ order: [Int]) { view.arrange(order.map { slots[$0] }) }

    func slide(_ slide: PageSlide) {
        // Without animations (reduced motion) a page change is a cut: the next frame shows the
        // page in place. To another page the slide is quick to cover the middle; back to rest it
        // eases as a bounce.
        let length: (Int64) -> Int64 = { Style.animationsEnabled ? $0 : 0 }
        switch slide {
        case .toPage(let delta, let offset):
            animator.slide(from: offset, to: Double(delta) * view.pageHeight, delta: delta, durationUs: length(150_000),
                           easing: .quintOut)
        case .backToRest(let offset):
            animator.slide(from: offset, to: 0, delta: 0, durationUs: length(150_000), easing: .cubicOut)
        case .bounce(let delta):
            animator.slide(from: Double(delta) * min(40, view.pageHeight / 10), to: 0, delta: 0,
                           durationUs: length(200_000), easing: .cubicOut)
        }
    }

    func putPagesInPlace() { view.offset = 0 }

    func afterNextPaint(_ body: @escaping @MainActor () -> Void) { view.root.onNextPaint(body) }

    func releaseMemory(afterMilliseconds milliseconds: UInt32) {
        ProcessMemory.mapFrameSizedBlocks(true)
        trimTimer?.cancel()
        trimTimer = MainLoop.after(milliseconds: milliseconds) {
            ProcessMemory.mapFrameSizedBlocks(false)
            ProcessMemory.releaseFreeMemory()
        }
    }

    func currentChanged(_ post: Post) {
        onCurrentChanged?(post)
        captions?.show(post)
        showCaptions()
    }

    /// The captions' control and text on the current page only.
    private func showCaptions(_ change: CaptionsSession.Change? = nil) {
        guard let captions else { return }
        let current = currentSlot
        for slot in slots where slot !== current {
            slot.rail.showCaptions(available: false, on: false)
            slot.overlay.captions.isVisible = false
        }
        guard let current else { return }
        current.rail.showCaptions(available: captions.isAvailable, on: captions.isOn)
        let label = current.overlay.captions
        if case .failed(let message) = change {
            label.text = message
            label.isVisible = captions.isOn
            return
        }
        let text = captions.isOn ? captions.text.map(ShownText.visible) : nil
        label.isVisible = text != nil
        guard let text, text != label.text else { return }
        label.text = text
        // Screen readers hear each new caption (a description's change is announced).
        label.setAccessibleDescription(text)
    }

    func playbackChanged(playing: Bool) {
        chrome.setPaused(session.isPaused)
        onPlaybackChanged?(playing)
    }

    func firstFrameShown(slot index: Int) {
        onFirstFrame?()
        let slot = slots[index]
        guard let postID = slot.post?.id else { return }
        // Only a texture reference is taken here (the encoding is a worker's), but not while the
        // next page may be wanted.
        MainLoop.after(milliseconds: 600) { [weak self, weak slot] in
            guard let self, let slot, slot.post?.id == postID else { return }
            saveThumbnail(of: slot)
        }
    }

    // MARK: - What the window asks

    var postCount: Int { (try? env.repository.postCount()) ?? session.store.posts.count }
    var current: Post? { session.current }
    var currentSlot: PageSlot? { session.currentSlot.map { slots[$0] } }

    /// The post's still as a file URI, once one was saved (MPRIS art).
    func thumbnailURI(for post: Post) -> String? { env.stills.uri(forPostID: post.id) }

    private func saveThumbnail(of slot: PageSlot) {
        guard let post = slot.post, let texture = slot.surface.currentTexture else { return }
        env.stills.keep(texture, postID: post.id) { [weak self] in
            guard let self, post.id == session.current?.id else { return }
            onCurrentChanged?(post)
        }
    }

    func playableURI(for post: Post) -> String { env.playableURI(post.videoURI) }

    func shareCurrent() { if let post = session.current { share(post) } }

    private lazy var sharing: FeedSharing = {
        let sharing = FeedSharing(clipboard: view.root, events: env.events)
        sharing.flash = { [weak self] message in self?.view.flash(message) }
        sharing.record = { [weak self] postID in
            guard let self else { throw FeedSharing.Gone() }
            return try session.recordShare(postID: postID)
        }
        return sharing
    }()

    /// Closes what is open over the feed, now (the window is going away), and leaves the post
    /// on screen.
    func teardown() {
        sharing.dismiss()
        captionsMenu.dismiss()
        why.dismiss()
        session.close()
        // The last post's signal is kept before the app goes.
        env.interests?.writeWaiting()
    }

    /// The share menu is open: keys belong to it, not to paging.
    var isShareMenuOpen: Bool { sharing.isMenuOpen }
    /// The CC menu is open: keys belong to it too.
    var isCaptionsMenuOpen: Bool { captionsMenu.isOpen }

    /// Opens the share menu over the post's share button.
    private func share(_ post: Post) {
        let slot = slots.first { $0.post?.id == post.id && $0.index == session.store.index } ?? slots.first { $0.post?.id == post.id }
        // A post uploaded since it was loaded has its page on the server now (UploadService).
        let stored = post.pageURL == nil ? (try? env.repository.post(id: post.id)) ?? post : post
        sharing.share(stored, playableURI: env.playableURI(post.videoURI), anchor: slot?.rail.shareAnchor,
                      choices: post.id == session.current?.id ? homeChoices() : [])
    }
}
