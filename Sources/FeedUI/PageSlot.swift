import FeedCore
import FeedMedia
import GLibKit
import GtkKit
import VideoBridge

/// One page of the feed and the pooled player behind it. A slot is reused for many posts:
/// `load` swaps the post and the URI, never the pipeline.
@MainActor
final class PageSlot {
    let root = Overlay()
    let surface = VideoSurface()
    let player: LoopingPlayer
    let overlay = PostOverlay()
    let rail = RailView()
    private let picture = Picture()
    private let scrim = Box(.vertical)
    private let errorCard = ErrorCard()
    private let spinner = Spinner()
    private let pauseIcon = Image(iconName: "loopfeed-play-symbolic", pixelSize: 72)
    private var spinnerTimer: SourceHandle?

    /// The feed index and post this slot holds; nil when empty.
    private(set) var index: Int?
    private(set) var post: Post?
    private(set) var error: MediaError?
    /// True once a frame of the current post has been drawn (the page is not blank).
    private(set) var hasFrame = false

    var onReady: ((PageSlot, PixelSize?) -> Void)?
    var onError: ((PageSlot, MediaError) -> Void)?
    var onLoop: ((PageSlot, LoopPass, _ framesPresented: Int) -> Void)?
    /// New frames painted on screen since the last loop (frames presented per pass).
    private var framesPresented = 0
    var onFirstPaint: ((PageSlot, Int, Int) -> Void)?

    init(audioSinkDescription: String?) throws {
        player = try LoopingPlayer(receiver: surface, audioSinkDescription: audioSinkDescription)
        root.addCSSClass("feed-page")
        picture.setPaintable(surface.paintable)
        picture.setExpand(horizontal: true, vertical: true)
        picture.setAccessibleLabel("Video")
        picture.canTarget = false
        root.setChild(picture)
        root.setOverflowHidden()
        scrim.addCSSClass("post-scrim")
        scrim.canTarget = false
        root.addOverlay(scrim)
        root.addOverlay(overlay.root)
        root.addOverlay(rail.root)
        root.addOverlay(errorCard.root)
        spinner.setAlign(horizontal: .center, vertical: .center)
        spinner.setSizeRequest(width: 48, height: 48)
        spinner.isVisible = false
        spinner.canTarget = false
        root.addOverlay(spinner)
        pauseIcon.setAlign(horizontal: .center, vertical: .center)
        pauseIcon.addCSSClass("pause-indicator")
        pauseIcon.canTarget = false
        pauseIcon.isVisible = false
        root.addOverlay(pauseIcon)
        overlay.root.isVisible = false
        rail.root.isVisible = false
        wire()
    }

    private func wire() {
        surface.onPainted = { [weak self] isFirst, width, height in
            guard let self else { return }
            hasFrame = true
            framesPresented += 1
            if isFirst { onFirstPaint?(self, width, height) }
        }
        player.onReady = { [weak self] size in
            guard let self else { return }
            stopSpinner()
            if let size { picture.setFit(VideoFit.forVideo(size) == .cover ? .cover : .contain) }
            onReady?(self, size)
        }
        player.onError = { [weak self] error in
            guard let self else { return }
            stopSpinner()
            self.error = error
            surface.clear()
            errorCard.show(message: error.message)
            onError?(self, error)
        }
        player.onLoop = { [weak self] pass in
            guard let self else { return }
            onLoop?(self, pass, framesPresented)
            framesPresented = 0
        }
    }

    /// Size of the page in logical pixels; the player scales frames to it in device pixels.
    func setSize(width: Int, height: Int, scale: Int) {
        root.setSizeRequest(width: Int32(width), height: Int32(height))
        player.viewport = PixelSize(width: width * scale, height: height * scale)
    }

    /// Shows `post` and starts loading it paused on its first frame.
    func load(_ post: Post, index: Int, uri: String, avatarPath: String?) {
        let samePost = self.post?.id == post.id && self.index == index
        self.index = index
        self.post = post
        overlay.show(post)
        overlay.root.isVisible = true
        rail.show(post, avatarPath: avatarPath)
        rail.root.isVisible = true
        guard !samePost else { return }
        error = nil
        hasFrame = false
        errorCard.hide()
        pauseIcon.isVisible = false
        // The previous post's frame must not show under this post's caption.
        surface.clear()
        if let size = post.displaySize { picture.setFit(VideoFit.forVideo(size) == .cover ? .cover : .contain) }
        player.load(uri: uri)
        startSpinnerTimer()
    }

    func update(_ post: Post) {
        guard post.id == self.post?.id else { return }
        self.post = post
        rail.update(post)
    }

    /// Empties the slot (no post at this position).
    func clear() {
        index = nil
        post = nil
        error = nil
        hasFrame = false
        player.unload()
        surface.clear()
        overlay.root.isVisible = false
        rail.root.isVisible = false
        errorCard.hide()
        pauseIcon.isVisible = false
        stopSpinner()
    }

    /// Becomes the page on screen: plays with sound.
    func activate() {
        needsRewind = false
        pauseIcon.isVisible = false
        framesPresented = 0
        player.play()
        overlay.music.setRunning(true)
    }

    /// Leaves the screen: pauses and rewinds to the first frame.
    func deactivate() {
        player.rewind()
        needsRewind = false
        pauseIcon.isVisible = false
        overlay.music.setRunning(false)
    }

    /// Leaves the screen now and rewinds later (`rewindIfLeft`): a flushing seek waits for
    /// the streaming threads, which would hold up the next page's first frame.
    func leave() {
        player.pause()
        needsRewind = true
        pauseIcon.isVisible = false
        overlay.music.setRunning(false)
    }

    private(set) var needsRewind = false

    func rewindIfLeft() {
        if needsRewind { deactivate() }
    }

    var isPlaying: Bool { player.wantsPlaying }

    /// `showIndicator`: the play icon marks a pause the user chose (not a hidden window).
    func setPaused(_ paused: Bool, showIndicator: Bool = true) {
        paused ? player.pause() : player.play()
        overlay.music.setRunning(!paused)
        pauseIcon.isVisible = paused && showIndicator && error == nil
    }

    private func startSpinnerTimer() {
        spinnerTimer?.cancel()
        spinner.isVisible = false
        // Only a slow load shows a spinner: a fast one would just flicker.
        spinnerTimer = MainLoop.after(milliseconds: 300) { [weak self] in
            guard let self, player.phase == .loading else { return }
            spinner.isVisible = true
            spinner.spinning = true
        }
    }

    private func stopSpinner() {
        spinnerTimer?.cancel()
        spinner.spinning = false
        spinner.isVisible = false
    }
}
