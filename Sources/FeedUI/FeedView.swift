import FeedCore
import GLibKit
import GtkKit
import VideoBridge

/// The Home page: the current video filling the page, with its overlay, an error card and a
/// spinner for slow loads.
@MainActor
final class FeedView {
    let root = Overlay()
    let picture = Picture()
    let sizeProbe = SizeProbe()
    let postOverlay = PostOverlay()
    let errorCard = ErrorCard()
    let spinner = Spinner()
    private let scrim = Box(.vertical)
    private let endLabel = Label()
    private var endLabelTimer: SourceHandle?

    init(surface: VideoSurface) {
        root.addCSSClass("feed-page")
        root.setExpand(horizontal: true, vertical: true)
        picture.setPaintable(surface.paintable)
        picture.setExpand(horizontal: true, vertical: true)
        picture.setAccessibleLabel("Video")
        root.setChild(picture)
        root.addOverlay(sizeProbe)
        scrim.addCSSClass("post-scrim")
        scrim.canTarget = false
        root.addOverlay(scrim)
        root.addOverlay(postOverlay.root)
        root.addOverlay(errorCard.root)
        spinner.setAlign(horizontal: .center, vertical: .center)
        spinner.setSizeRequest(width: 48, height: 48)
        spinner.isVisible = false
        root.addOverlay(spinner)
        endLabel.addCSSClass("toast")
        endLabel.setAlign(horizontal: .center, vertical: .start)
        endLabel.isVisible = false
        root.addOverlay(endLabel)
    }

    func show(_ post: Post) {
        picture.setFit(post.isPortrait || post.displaySize == nil ? .cover : .contain)
        postOverlay.show(post)
        errorCard.hide()
    }

    func setFit(forDisplaySize size: PixelSize) {
        picture.setFit(VideoFit.forVideo(size) == .cover ? .cover : .contain)
    }

    /// A short message at the top ("You’re all caught up"), gone after two seconds.
    func flash(_ message: String) {
        endLabel.text = message
        endLabel.isVisible = true
        endLabelTimer?.cancel()
        endLabelTimer = MainLoop.after(milliseconds: 2000) { [weak self] in self?.endLabel.isVisible = false }
    }
}
