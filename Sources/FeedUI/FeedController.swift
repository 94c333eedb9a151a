public import FeedCore
import FeedMedia
import GLibKit
import GtkKit
import VideoBridge

/// Everything the feed needs from outside, injected by the composition root.
public struct FeedEnvironment {
    public var repository: FeedRepository
    public var events: EventSink?
    public var clock: MonotonicClock
    /// Turns a stored video URI (`bundle:`, `file:`, `http:`) into one GStreamer can open.
    public var playableURI: (String) -> String
    /// A gst-launch description for the audio sink; nil for the default.
    public var audioSinkDescription: String?
    /// Posts named on the command line: shown first, in order.
    public var pinnedPosts: [Post]
    public var pageSize: Int

    public init(repository: FeedRepository, events: EventSink?, clock: MonotonicClock,
                playableURI: @escaping (String) -> String, audioSinkDescription: String?,
                pinnedPosts: [Post], pageSize: Int = 10) {
        self.repository = repository
        self.events = events
        self.clock = clock
        self.playableURI = playableURI
        self.audioSinkDescription = audioSinkDescription
        self.pinnedPosts = pinnedPosts
        self.pageSize = pageSize
    }
}

/// The Home feed's store: which post is current, its player, and the events it reports.
@MainActor
final class FeedController {
    let view: FeedView
    private let env: FeedEnvironment
    private let surface: VideoSurface
    private let player: LoopingPlayer
    private(set) var pager: FeedPager
    /// When the input that led to the current page happened (launch for the first post).
    private var inputTimeUs: Int64
    private var spinnerTimer: SourceHandle?
    private var userPaused = false
    var onError: ((String) -> Void)?

    init(environment: FeedEnvironment, launchTimeUs: Int64) throws {
        env = environment
        surface = VideoSurface()
        player = try LoopingPlayer(receiver: surface, audioSinkDescription: environment.audioSinkDescription)
        view = FeedView(surface: surface)
        pager = FeedPager(posts: environment.pinnedPosts, hasMore: true)
        inputTimeUs = launchTimeUs
        wire()
    }

    private func wire() {
        view.sizeProbe.onResize { [weak self] width, height in
            guard let self else { return }
            let scale = view.root.scaleFactor
            player.viewport = PixelSize(width: width * scale, height: height * scale)
        }
        surface.onPainted = { [weak self] isFirst, width, height in
            guard let self, isFirst, let post = pager.current else { return }
            let shown = player.displaySize ?? PixelSize(width: width, height: height)
            env.events?.emit(.firstFrame(postID: post.id, index: pager.index,
                                         latencyUs: env.clock.nowMicroseconds() - inputTimeUs,
                                         width: shown.width, height: shown.height))
        }
        player.onReady = { [weak self] size in
            guard let self else { return }
            stopSpinner()
            if let size {
                view.setFit(forDisplaySize: size)
                recordVideoSize(size)
            }
        }
        player.onError = { [weak self] error in
            guard let self else { return }
            stopSpinner()
            surface.clear()
            view.errorCard.show(message: error.message)
            env.events?.emit(.error(kind: error.kind.rawValue, message: error.message, postID: pager.current?.id))
        }
        player.onLoop = { [weak self] seamUs, intervalUs in
            guard let self, let post = pager.current else { return }
            _ = intervalUs
            env.events?.emit(.loop(postID: post.id, seamUs: seamUs))
        }
    }

    /// Loads the first page from the store and shows the first post.
    func start() {
        loadMoreIfNeeded()
        guard pager.current != nil else {
            view.flash("No videos yet")
            return
        }
        showCurrent()
    }

    var postCount: Int { (try? env.repository.postCount()) ?? pager.posts.count }

    func move(by delta: Int) {
        inputTimeUs = env.clock.nowMicroseconds()
        var result = pager.move(by: delta)
        if result == .waitingForMore {
            loadMoreIfNeeded(force: true)
            result = pager.move(by: delta)
        }
        switch result {
        case .moved:
            showCurrent()
        case .atEnd, .waitingForMore:
            view.flash("You’re all caught up")
        case .atStart:
            break
        }
        loadMoreIfNeeded()
    }

    func goToFirst() {
        guard pager.index != 0 else { return }
        inputTimeUs = env.clock.nowMicroseconds()
        if case .moved = pager.jump(to: 0) { showCurrent() }
    }

    func togglePause() {
        guard player.phase == .ready || player.phase == .loading else { return }
        userPaused = player.wantsPlaying
        userPaused ? player.pause() : player.play()
    }

    /// Stops sound and decoding while the window is hidden; resumes unless the user paused.
    func setWindowVisible(_ visible: Bool) {
        if visible {
            if !userPaused { player.play() }
        } else if player.wantsPlaying {
            player.pause()
        }
    }

    private func showCurrent() {
        guard let post = pager.current else { return }
        view.show(post)
        userPaused = false
        player.load(uri: env.playableURI(post.videoURI))
        player.play()
        startSpinnerTimer()
        env.events?.emit(.page(index: pager.index, postID: post.id, uri: post.videoURI, liked: post.liked,
                               likeCount: post.likeCount, commentCount: post.commentCount))
    }

    private func loadMoreIfNeeded(force: Bool = false) {
        guard force || pager.needsMore, pager.hasMore else { return }
        do {
            let pinned = Set(env.pinnedPosts.map(\.id))
            let batch = try env.repository.feedPage(after: storeKey, limit: env.pageSize)
            storeKey = batch.last.map(FeedKey.init) ?? storeKey
            pager.append(batch.filter { !pinned.contains($0.id) }, reachedEnd: batch.count < env.pageSize)
        } catch {
            env.events?.emit(.error(kind: "storage", message: "Couldn’t load more posts: \(error)", postID: nil))
            onError?("Couldn’t load more posts")
        }
    }

    /// Keyset position in the store, separate from the pager (which starts with pinned posts).
    private var storeKey: FeedKey?

    private func recordVideoSize(_ size: PixelSize) {
        guard var post = pager.current, post.displaySize == nil else { return }
        post.width = size.width
        post.height = size.height
        pager.update(post)
        try? env.repository.updateVideoInfo(postID: post.id, width: size.width, height: size.height,
                                            rotation: 0, duration: post.duration)
    }

    private func startSpinnerTimer() {
        spinnerTimer?.cancel()
        view.spinner.isVisible = false
        spinnerTimer = MainLoop.after(milliseconds: 300) { [weak self] in
            guard let self, player.phase == .loading else { return }
            view.spinner.isVisible = true
            view.spinner.spinning = true
        }
    }

    private func stopSpinner() {
        spinnerTimer?.cancel()
        view.spinner.spinning = false
        view.spinner.isVisible = false
    }
}
