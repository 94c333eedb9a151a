import FeedCore
import GtkKit

/// The feed's slide from one page to the next (or back to rest): a `SnapAnimation` of the
/// pages' offset, stepped by the frame clock of the widget it moves.
@MainActor
final class PageAnimator {
    private let widget: Widget
    private let clock: MonotonicClock
    private var snap: (animation: SnapAnimation, delta: Int)?
    private var tick: UInt32?
    /// A cut (no length: reduced motion) waits one frame before it finishes, so the page is
    /// drawn in place first and the pool is reassigned after, not in the same frame.
    private var cutShownOnce = false
    /// Each step's offset.
    var onStep: (Double) -> Void = { _ in }
    /// The slide is over; `delta` is the page it moved to (0: back to rest).
    var onFinished: (_ delta: Int) -> Void = { _ in }

    init(widget: Widget, clock: MonotonicClock) {
        self.widget = widget
        self.clock = clock
    }

    var isRunning: Bool { snap != nil }

    /// Slides from `offset` to `target` (a page away for a page change, 0 to rest) in `durationUs`.
    func slide(from offset: Double, to target: Double, delta: Int, durationUs: Int64,
               easing: SnapAnimation.Easing = .cubicOut) {
        snap = (SnapAnimation(from: offset, to: target, startUs: clock.nowMicroseconds(), durationUs: durationUs,
                              easing: easing), delta)
        cutShownOnce = false
        // A cut is in place at once, for the next paint.
        onStep(durationUs <= 0 ? target : offset)
        guard tick == nil else { return }
        tick = widget.addTickCallback { [weak self] _ in self?.step() ?? false }
    }

    private func step() -> Bool {
        guard let (animation, delta) = snap else {
            tick = nil
            return false
        }
        if animation.durationUs <= 1, !cutShownOnce {
            cutShownOnce = true
            return true
        }
        let seen = FrameTiming.seenUs(drawnBy: widget, clock: clock)
        onStep(animation.value(atUs: seen))
        guard animation.isFinished(atUs: seen) else { return true }
        snap = nil
        tick = nil
        onFinished(delta)
        return false
    }
}
