import FeedCore
import FeedPresentation
import GLibKit
import GtkKit
import Localization
import VideoBridge

/// One page of the feed and the pooled player behind it. A slot is reused for many posts:
/// `load` swaps the post and the URI, never the pipeline. What it decides about the player
/// is `PagePlayback`'s; this type shows it.
@MainActor
final class PageSlot {
    let root = Overlay()
    let surface: VideoSurface
    private let playback: PagePlayback
    /// The pool's player for this page (FeedMedia's PlayerPool makes them).
    var player: any PagePlayer { playback.player }
    let overlay = PostOverlay()
    let rail = RailView()
    /// A dimmed, blurred copy of the video filling the sides of a wide window.
    private let backdrop = Picture()
    private let picture = Picture()
    private let scrim = Box(.vertical)
    private let errorCard = ErrorCard()
    private let spinner = Spinner()
    private let pauseIcon = Image(iconName: "loopfeed-play-symbolic", pixelSize: 72)
    /// Shown for as long as the sound is off.
    private let mutedIcon = Image(iconName: "audio-volume-muted-symbolic", pixelSize: 20)
    private var spinnerTimer: SourceHandle?
    /// Where the video, caption and rail go at the page's current size.
    private var layout = PageLayout(pageWidth: 0, pageHeight: 0, video: nil)
    /// The layout whose viewport and backdrop were last applied.
    private var appliedLayout: PageLayout?
    private var hasBackdrop = false
    /// What the video's description says (set only when it changes: each change is announced).
    private var announcedPlaying = false

    /// The feed index and post this slot holds; nil when empty.
    var index: Int? { playback.index }
    var post: Post? { playback.post }
    var error: MediaError? { playback.error }
    /// True once a frame of the current post has been drawn (the page is not blank).
    var hasFrame: Bool { playback.hasFrame }

    var onReady: ((PageSlot, PixelSize?) -> Void)?
    var onError: ((PageSlot, MediaError) -> Void)?
    var onLoop: ((PageSlot, LoopPass, _ framesPresented: Int) -> Void)?
    var onFirstPaint: ((PageSlot, Int, Int) -> Void)?
    /// Remove from feed, on the error card of a file that is gone.
    var onRemove: ((PageSlot) -> Void)?
    /// Try Again was pressed on the error card: the post loads again.
    var onRetry: ((PageSlot) -> Void)?

    /// `playback` may already hold a post (the current one, started before the window): the
    /// page then shows how far it has come.
    init(surface: VideoSurface, playback: PagePlayback) {
        self.surface = surface
        self.playback = playback
        root.addCSSClass("feed-page")
        root.setOverflowHidden()
        backdrop.addCSSClass("page-backdrop")
        backdrop.setFit(.cover)
        backdrop.canTarget = false
        backdrop.setExpand(horizontal: true, vertical: true)
        backdrop.isVisible = false
        root.setChild(backdrop)
        picture.setPaintable(surface.paintable)
        picture.setAccessibleLabel(tr("Video"))
        // TRANSLATORS: for screen readers, said after "Video by …" while it plays or stands still.
        picture.setAccessibleDescription(tr("Paused"))
        picture.canTarget = false
        root.addOverlay(picture)
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
        mutedIcon.addCSSClass("muted-indicator")
        mutedIcon.setAlign(horizontal: .start, vertical: .start)
        mutedIcon.setMargins(top: 14, start: 14)
        mutedIcon.canTarget = false
        mutedIcon.isVisible = false
        mutedIcon.setAccessibleLabel(tr("Sound off"))
        mutedIcon.tooltip = tr("Sound off (M)")
        root.addOverlay(mutedIcon)
        root.placeOverlays { [weak self] child, width, height in self?.place(child, width: width, height: height) }
        overlay.root.isVisible = false
        rail.root.isVisible = false
        errorCard.onRetry = { [weak self] in
            guard let self, playback.retry() else { return }
            errorCard.hide()
            startSpinnerTimer()
            onRetry?(self)
        }
        errorCard.onRemove = { [weak self] in
            guard let self else { return }
            onRemove?(self)
        }
        wire()
        showPlaybackSoFar()
    }

    /// What an adopted playback reached before this page existed: its error, or its shape and
    /// a spinner while it loads.
    private func showPlaybackSoFar() {
        guard playback.post != nil else { return }
        if let error = playback.error {
            showError(error)
            return
        }
        if let shape = playback.videoShape { picture.setFit(VideoFit.forVideo(shape) == .cover ? .cover : .contain) }
        if playback.isLoading { startSpinnerTimer() }
    }

    // MARK: - Layout

    /// Where each part goes for a page of this size (asked during the page's allocation).
    private func place(_ child: Widget, width: Int, height: Int) -> WidgetRect? {
        let layout = PageLayout(pageWidth: width, pageHeight: height, video: videoShape)
        if layout != self.layout {
            self.layout = layout
            // The player's scaling and the backdrop follow, but not from inside an allocation.
            MainLoop.invoke { [weak self] in self?.applyLayout() }
        }
        let video = layout.video
        if child === overlay.root { return rect(layout.caption) }
        if child === rail.root { return rect(layout.rail) }
        if child === scrim {
            // Only the lower part darkens (under the caption): the rest would be a blended layer
            // of nothing over every frame.
            let top = Int(Double(video.height) * 0.55)
            return WidgetRect(x: video.x, y: top, width: video.width, height: video.height - top)
        }
        return rect(video)
    }

    private func rect(_ r: PageRect) -> WidgetRect { WidgetRect(x: r.x, y: r.y, width: r.width, height: r.height) }

    /// The video's shape as shown (known from the library or from the player once prerolled).
    private var videoShape: PixelSize? { playback.videoShape }

    private func applyLayout() {
        guard layout != appliedLayout else { return }
        appliedLayout = layout
        guard layout.video.width > 0, layout.video.height > 0 else { return }
        player.viewport = layout.viewport(scale: root.scaleFactor)
        updateBackdrop()
    }

    /// Shows the blurred copy beside a column that leaves sides, made once per post from its
    /// first frame.
    private func updateBackdrop() {
        let wanted = layout.hasSides && hasFrame && error == nil
        if wanted, !hasBackdrop, let texture = surface.makeBackdrop() {
            backdrop.setPaintable(texture)
            hasBackdrop = true
        }
        backdrop.isVisible = wanted && hasBackdrop
    }

    private func clearBackdrop() {
        backdrop.setPaintable(nil)
        backdrop.isVisible = false
        hasBackdrop = false
    }

    /// Lays the page out again (the video's shape became known).
    private func relayout() { root.queueAllocate() }

    /// The lasting "sound off" mark.
    func setMuted(_ muted: Bool) { mutedIcon.isVisible = muted }

    private func wire() {
        surface.onPainted = { [weak self] isFirst, width, height in
            guard let self else { return }
            _ = playback.framePainted()
            if isFirst {
                if layout.hasSides { updateBackdrop() }
                onFirstPaint?(self, width, height)
            }
        }
        playback.onReady = { [weak self] size in
            guard let self else { return }
            stopSpinner()
            if let size { picture.setFit(VideoFit.forVideo(size) == .cover ? .cover : .contain) }
            relayout()
            onReady?(self, size)
        }
        playback.onError = { [weak self] error in
            guard let self else { return }
            showError(error)
            onError?(self, error)
        }
        playback.onLoop = { [weak self] pass, framesPresented in
            guard let self else { return }
            onLoop?(self, pass, framesPresented)
        }
    }

    private func showError(_ error: MediaError) {
        stopSpinner()
        // What was drawn before the error is gone: the page has no frame any more.
        surface.clear()
        clearBackdrop()
        let isOwnFile = post?.videoURI.hasPrefix("file://") == true
        errorCard.show(message: error.message, removable: error.isAboutTheFile && isOwnFile,
                       retryable: error.isRetryable)
    }

    /// Shows `post` and starts loading it paused on its first frame.
    func load(_ post: Post, index: Int, uri: String, avatarPath: String?) {
        let isNew = playback.load(post, index: index, uri: uri)
        // TRANSLATORS: for screen readers; {author} is the @handle of who posted the video.
        picture.setAccessibleLabel(tr("Video by {author}", ["author": post.author.atHandle]))
        overlay.show(post)
        overlay.root.isVisible = true
        rail.show(post, avatarPath: avatarPath)
        rail.root.isVisible = true
        guard isNew else { return }
        errorCard.hide()
        pauseIcon.isVisible = false
        // The previous post's frame must not show under this post's caption.
        surface.clear()
        clearBackdrop()
        if let size = post.displaySize { picture.setFit(VideoFit.forVideo(size) == .cover ? .cover : .contain) }
        relayout()
        startSpinnerTimer()
    }

    func update(_ post: Post) {
        if playback.update(post) { rail.update(post) }
    }

    /// Shows the post's text and author again (a new handle, name or avatar); the video stays.
    func show(_ post: Post, avatarPath: String?) {
        guard playback.update(post) else { return }
        overlay.show(post)
        rail.show(post, avatarPath: avatarPath)
    }

    /// Empties the slot (no post at this position).
    func clear() {
        playback.clear()
        surface.clear()
        clearBackdrop()
        overlay.root.isVisible = false
        rail.root.isVisible = false
        errorCard.hide()
        pauseIcon.isVisible = false
        stopSpinner()
    }

    /// Becomes the page on screen: plays with sound.
    func activate() {
        playback.activate()
        pauseIcon.isVisible = false
        overlay.music.setRunning(true)
        announcePlaying()
    }

    /// Leaves the screen: pauses and rewinds to the first frame.
    func deactivate() {
        playback.deactivate()
        pauseIcon.isVisible = false
        overlay.music.setRunning(false)
        announcePlaying()
    }

    /// Leaves the screen now and rewinds later (`rewindIfLeft`).
    func leave() {
        playback.leave()
        pauseIcon.isVisible = false
        overlay.music.setRunning(false)
        announcePlaying()
    }

    func rewindIfLeft() {
        if playback.needsRewind { deactivate() }
    }

    var isPlaying: Bool { playback.isPlaying }

    /// `showIndicator`: the play icon marks a pause the user chose (not a hidden window).
    func setPaused(_ paused: Bool, showIndicator: Bool = true) {
        pauseIcon.isVisible = playback.setPaused(paused, showIndicator: showIndicator)
        overlay.music.setRunning(!paused)
        announcePlaying()
    }

    /// Screen readers hear "Playing" or "Paused" on the video (its description changes).
    private func announcePlaying() {
        let playing = playback.isPlaying
        guard playing != announcedPlaying else { return }
        announcedPlaying = playing
        picture.setAccessibleDescription(playing ? tr("Playing") : tr("Paused"))
    }

    private func startSpinnerTimer() {
        spinnerTimer?.cancel()
        spinner.isVisible = false
        // Only a slow load shows a spinner: a fast one would just flicker.
        spinnerTimer = MainLoop.after(milliseconds: 300) { [weak self] in
            guard let self, playback.isLoading else { return }
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
