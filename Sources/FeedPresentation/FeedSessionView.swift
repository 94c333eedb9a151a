public import FeedCore

/// A slide of the feed's pages that FeedSession asks its view to run; the view says when it is
/// over (`FeedSession.slideFinished`).
public enum PageSlide: Equatable, Sendable {
    /// To the page `delta` away (+1 below, -1 above), from where the pages are (`offset`, in
    /// pixels: 0 at rest, or where a drag left them).
    case toPage(delta: Int, fromOffset: Double)
    /// Back to rest from `offset` (a drag that did not page).
    case backToRest(fromOffset: Double)
    /// A short nudge in `delta`'s direction where there is no page: the end is felt.
    case bounce(delta: Int)

    /// The page the slide ends on, relative to where it began (0: the same).
    public var delta: Int {
        if case .toPage(let delta, _) = self { delta } else { 0 }
    }
}

/// What FeedSession asks of the feed's view: the widgets, the paints and the animation are the
/// view's. Slots are named by their place in `FeedSession.pages`.
@MainActor
public protocol FeedSessionView: AnyObject {
    /// A drag is moving the pages now (the pages are the user's until it ends).
    var isDragging: Bool { get }
    /// A short message over the feed.
    func flash(_ message: String)
    /// The slots from top to bottom: above, current, below.
    func arrange(_ slots: [Int])
    /// Runs the slide; `FeedSession.slideFinished` when it is over.
    func slide(_ slide: PageSlide)
    /// The pages at rest, the current one in the middle.
    func putPagesInPlace()
    /// Calls `body` once the next frame has been painted.
    func afterNextPaint(_ body: @escaping @MainActor () -> Void)
    /// Pages are changing: memory their pipelines free goes back to the system, at once for
    /// frame-sized blocks and the rest after `milliseconds` (a later call replaces an earlier one).
    func releaseMemory(afterMilliseconds milliseconds: UInt32)
    /// The current post changed, or changed its details (media controls show it).
    func currentChanged(_ post: Post)
    /// The feed started or stopped playing (screensaver, media controls).
    func playbackChanged(playing: Bool)
    /// The current post's first frame was reported: `slot` shows it.
    func firstFrameShown(slot: Int)
}
