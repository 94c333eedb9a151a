import FeedCore
import FeedPresentation
import GLibKit
import GtkKit
import Localization
import VideoBridge

/// One page of the feed and the pooled player behind it. A slot is reused for many posts: a
/// load swaps the post and the URI, never the pipeline. What happens to the player is
/// `PagePlayback`'s (driven by FeedSession); this type shows each change (`show(_:)`).
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
    /// Along the bottom of the video.
    let progress: LoopProgressBar
    /// At the top-left of the video: the sound button (the sound-off mark) and the volume.
    let sound = SoundControl()
    /// What shows over the video besides it (FeedController follows `PlayerChrome`).
    private var chrome = PlayerChrome.Shown()
    private var spinnerTimer: SourceHandle?
    /// Where the video, caption and rail go at the page's current size.
    private var layout = PageLayout(pageWidth: 0, pageHeight: 0, video: nil)
    /// The layout whose viewport and backdrop were last applied.
    private var appliedLayout: PageLayout?
    private var hasBackdrop = false
    /// What the video's description says (set only when it changes: each change is announced).
    private var announcedPlaying = false
    /// The author as the caption and rail show them: handle, name, picture (a change of one shows
    /// them again; a like changes the author's counts, which the page does not show).
    private var shownAuthor: [String?]?
    /// The avatar picture's file for a post's author, told at once for a file and when it has
    /// come for a picture on the web (nil: none, the default avatar).
    private let avatarFile: (Post, @escaping @MainActor (String?) -> Void) -> Void

    /// The feed index and post this slot holds; nil when empty.
    var index: Int? { playback.index }
    var post: Post? { playback.post }
    var error: MediaError? { playback.error }
    /// True once a frame of the current post has been drawn (the page is not blank).
    var hasFrame: Bool { playback.hasFrame }

    /// The first frame of the post was painted.
    var onFirstPaint: ((PageSlot) -> Void)?
    /// Remove from feed, on the error card of a file that is gone.
    var onRemove: ((PageSlot) -> Void)?
    /// Try Again was pressed on the error card: the post loads again.
    var onRetry: ((PageSlot) -> Void)?

    /// `playback` may already hold a post (the current one, started before the window): the
    /// page then shows how far it has come.
    init(surface: VideoSurface, playback: PagePlayback, clock: MonotonicClock,
         avatarFile: @escaping (Post, @escaping @MainActor (String?) -> Void) -> Void) {
        self.surface = surface
        self.playback = playback
        self.avatarFile = avatarFile
        progress = LoopProgressBar(clock: clock)
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
        root.addOverlay(progress.root)
        root.addOverlay(sound.root)
        root.placeOverlays { [weak self] child, width, height in self?.place(child, width: width, height: height) }
        overlay.root.isVisible = false
        rail.root.isVisible = false
        errorCard.onRetry = { [weak self] in
            guard let self else { return }
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
        if child === progress.root {
            // A thin line at the very bottom, in a taller strip that is easy to hit.
            let strip = min(24, video.height)
            return WidgetRect(x: video.x, y: video.y + video.height - strip, width: video.width, height: strip)
        }
        if child === scrim {
            // Only the lower part darkens (under the caption): the rest would be a blended layer
            // of nothing over every frame. It darkens from nothing with no edge where it starts
            // (Theme's eased gradient): a plain linear one showed its top as a band on a bright video.
            let top = video.y + Int(Double(video.height) * 0.45)
            return WidgetRect(x: video.x, y: top, width: video.width, height: video.y + video.height - top)
        }
        return rect(video)
    }

    private func rect(_ r: PageRect) -> WidgetRect { WidgetRect(x: r.x, y: r.y, width: r.width, height: r.height) }

    /// The video's shape as shown (known from the library or from the player once prerolled).
    private var videoShape: PixelSize? { playback.videoShape }

    private func applyLayout() {
        guard layout != appliedLayout else { return }
        appliedLayout = layout
        overlay.music.boxChanged()
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

    /// What shows over the video besides it: the post's details, the bar, the sound controls.
    func showChrome(_ shown: PlayerChrome.Shown) {
        chrome = shown
        let hasPost = playback.post != nil
        overlay.root.isVisible = hasPost && shown.info
        rail.root.isVisible = hasPost && shown.info
        // The scrim only keeps the caption readable: fullscreen is the video alone.
        scrim.isVisible = shown.info
        progress.setShown(shown.progress && playback.canSeek)
        sound.setShown(button: shown.volume || shown.muteMark, slider: shown.volume)
    }

    private func wire() {
        surface.onPainted = { [weak self] isFirst, _, _ in
            guard let self else { return }
            _ = playback.framePainted()
            if isFirst {
                if layout.hasSides { updateBackdrop() }
                onFirstPaint?(self)
            }
        }
        playback.onShow = { [weak self] change in self?.show(change) }
    }

    private func show(_ change: PagePlayback.Change) {
        switch change {
        case .loaded(let isNew):
            guard let post = playback.post else { return }
            showPost(post)
            if isNew { showLoading(post) }
        case .updated:
            guard let post = playback.post else { return }
            // A new handle, name or avatar shows everywhere; otherwise only the counts change.
            if Self.shown(post.author) != shownAuthor {
                showPost(post)
            } else {
                rail.update(post)
                // What the player learnt (whether there is sound) changes the music line.
                overlay.showMusic(post)
            }
        case .cleared:
            showNothing()
        case .playing(let playing, let pauseMark):
            pauseIcon.isVisible = pauseMark
            overlay.music.setRunning(playing)
            announcePlaying()
        case .ready(let size):
            stopSpinner()
            progress.setShown(chrome.progress && playback.canSeek)
            if let size { picture.setFit(VideoFit.forVideo(size) == .cover ? .cover : .contain) }
            relayout()
        case .failed(let error):
            showError(error)
        case .retrying:
            errorCard.hide()
            startSpinnerTimer()
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

    /// The post's caption, author and counts.
    private func showPost(_ post: Post) {
        shownAuthor = Self.shown(post.author)
        // TRANSLATORS: for screen readers; {author} is the @handle of who posted the video.
        picture.setAccessibleLabel(tr("Video by {author}", ["author": post.author.atHandle]))
        overlay.show(post)
        overlay.root.isVisible = chrome.info
        rail.show(post)
        let shown = shownAuthor
        // A picture that comes after the page moved on to someone else's post is not shown.
        avatarFile(post) { [weak self] path in
            guard let self, shownAuthor == shown else { return }
            rail.setAvatar(path)
        }
        rail.root.isVisible = chrome.info
    }

    private static func shown(_ author: Author) -> [String?] { [author.handle, author.name, author.avatarURI] }

    /// A new post loading, paused on its first frame when it comes.
    private func showLoading(_ post: Post) {
        errorCard.hide()
        pauseIcon.isVisible = false
        // The previous post's frame must not show under this post's caption.
        surface.clear()
        clearBackdrop()
        if let size = post.displaySize { picture.setFit(VideoFit.forVideo(size) == .cover ? .cover : .contain) }
        relayout()
        startSpinnerTimer()
    }

    /// An empty slot (no post at this position).
    private func showNothing() {
        shownAuthor = nil
        surface.clear()
        clearBackdrop()
        overlay.root.isVisible = false
        rail.root.isVisible = false
        errorCard.hide()
        pauseIcon.isVisible = false
        stopSpinner()
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
