import FeedCore
import GLibKit
import GtkKit

/// The feed's pointer input turned into what it means: a wheel notch or touchpad swipe is one
/// page (`ScrollPaging`), a drag moves the pages and pages or springs back on release
/// (`SwipeGesture`), a click waits out the double-click time and pauses, a double-click only
/// likes. What those do is the owner's.
@MainActor
final class FeedGestures {
    private let clock: MonotonicClock
    private var scrollPaging = ScrollPaging()
    private let swipe = SwipeGesture()
    private var velocity = VelocityTracker()
    private(set) var dragging = false
    private var dragIgnored = false
    private var pendingClick: SourceHandle?
    /// When a single click last paused (a late second press of a double-click takes it back).
    private var pausedByClickUs: Int64?

    /// A page forward (+1) or back (-1) asked by the wheel.
    var onPage: (Int) -> Void = { _ in }
    /// The pages' offset while dragging (negative shows the page above).
    var onDrag: (Double) -> Void = { _ in }
    /// Released after a drag: page `delta` (or 0, back to rest) from `offset`.
    var onRelease: (_ delta: Int, _ offset: Double) -> Void = { _, _ in }
    /// A single click: play or pause; returns whether the feed is paused now.
    var onClick: () -> Bool = { false }
    /// A double-click at (x, y).
    var onDoubleClick: (_ x: Double, _ y: Double) -> Void = { _, _ in }
    /// The feed's state the gestures need.
    var isSettling: () -> Bool = { false }
    var isPaused: () -> Bool = { false }
    var canGo: () -> (back: Bool, forward: Bool) = { (false, false) }
    var pageHeight: () -> Double = { 0 }
    var currentOffset: () -> Double = { 0 }

    /// The feed's widget the gestures are on.
    private weak var widget: Widget?

    init(on widget: Widget, clock: MonotonicClock) {
        self.clock = clock
        self.widget = widget
        let scroll = ScrollController()
        scroll.setPhase(.capture)
        scroll.onScroll { [weak self] dy, unit in
            guard let self else { return true }
            let direction = scrollPaging.scroll(dy: dy, unit: unit == .wheel ? .wheel : .pixels, nowUs: clock.nowMicroseconds())
            if direction != 0 { onPage(direction) }
            return true
        }
        scroll.onScrollEnd { [weak self] in self?.scrollPaging.scrollEnded() }
        widget.addController(scroll)

        let drag = DragGesture()
        drag.onBegin { [weak self] _, _ in self?.dragBegan() }
        drag.onUpdate { [weak self] dx, dy in self?.dragMoved(dx: dx, dy: dy) }
        drag.onEnd { [weak self] _, dy in self?.dragEnded(dy: dy) }
        widget.addController(drag)

        let click = ClickGesture()
        click.onPressed { [weak self] n, x, y in self?.pressed(n: n, x: x, y: y) }
        // A press on a rail button reaches the page too; the button claims it on release, and
        // that press must not pause the video a moment later.
        click.onCancel { [weak self] in
            self?.pendingClick?.cancel()
            self?.pendingClick = nil
        }
        widget.addController(click)
    }

    private func dragBegan() {
        dragIgnored = isSettling()
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
        velocity.add(y: dy, atUs: clock.nowMicroseconds())
        let can = canGo()
        onDrag(-swipe.visibleOffset(dragY: dy, canGoBack: can.back, canGoForward: can.forward, pageHeight: pageHeight()))
    }

    private func dragEnded(dy: Double) {
        guard dragging, !dragIgnored else { return }
        dragging = false
        onRelease(swipe.decide(dragY: dy, velocityY: velocity.velocity), currentOffset())
    }

    private func pressed(n: Int, x: Double, y: Double) {
        // A press on the rail's buttons, the "+", the bar or the volume is theirs: it never
        // pauses nor likes.
        if widget?.hasControl(atX: x, y: y) == true { return }
        if n == 2 {
            pendingClick?.cancel()
            pendingClick = nil
            // On a loaded machine the second press can arrive after the single click's wait
            // ran out and paused: a double-click never pauses, so that pause is taken back.
            if let paused = pausedByClickUs, clock.nowMicroseconds() - paused < 1_000_000, isPaused() {
                _ = onClick()
            }
            pausedByClickUs = nil
            onDoubleClick(x, y)
            return
        }
        guard n == 1 else { return }
        // A single click waits out the double-click time so a double-click never pauses.
        pendingClick?.cancel()
        // Just below input: when the main loop was busy, a second press that is already waiting
        // is seen before the single click is taken for a pause. Not at idle priority: while a
        // video plays on a slow machine the loop is never idle (frames and paints come first),
        // and a click then never paused at all.
        pendingClick = MainLoop.after(milliseconds: Self.doubleClickMilliseconds, priority: MainLoop.priorityJustBelowInput) { [weak self] in
            guard let self else { return }
            pendingClick = nil
            guard !dragging else { return }
            let paused = onClick()
            pausedByClickUs = paused ? clock.nowMicroseconds() : nil
        }
    }

    private static var doubleClickMilliseconds: UInt32 { UInt32(max(150, min(600, Style.doubleClickTime))) }
}
