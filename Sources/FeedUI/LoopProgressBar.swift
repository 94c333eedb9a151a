import FeedCore
import GtkKit
import Localization

/// The progress bar along the bottom of the video: where the loop is, and a click or a drag
/// along it seeks there (what that does is FeedSession's). It shows and goes with
/// `PlayerChrome`. Not a Tab stop: Left and Right seek from anywhere. A screen reader finds a
/// slider named for what it is, its value the time ("0:07 / 0:15").
@MainActor
final class LoopProgressBar {
    let root = Scale(minimum: 0, maximum: 1, step: 0.1)
    /// A click or a drag: the point (0...1) to go to.
    var onSeek: ((Double) -> Void)?
    /// The pointer is on the bar (the controls stay while it is).
    var onPointer: ((Bool) -> Void)?

    private var durationSeconds = 1.0
    /// When the user last moved it: the player's position waits until their seek has landed.
    private var userChangeUs: Int64 = 0
    private var spoken = ""
    private let motion = MotionController()
    private let clock: MonotonicClock

    init(clock: MonotonicClock) {
        self.clock = clock
        root.addCSSClass("loop-progress")
        root.addCSSClass("player-control")
        root.canFocus = false
        root.setAlign(vertical: .end)
        // TRANSLATORS: for screen readers, the progress bar under a video.
        root.setAccessibleLabel(tr("Position in the video"))
        root.onUserChange { [weak self] seconds in
            guard let self else { return }
            userChangeUs = clock.nowMicroseconds()
            onSeek?(durationSeconds > 0 ? seconds / durationSeconds : 0)
        }
        motion.onEnter { [weak self] _, _ in self?.onPointer?(true) }
        motion.onLeave { [weak self] in self?.onPointer?(false) }
        root.addController(motion)
        setShown(false)
    }

    /// Where the loop is now (nothing while it can't seek).
    func show(positionNs: UInt64, durationNs: UInt64) {
        let seconds = Double(durationNs) / 1e9
        if seconds != durationSeconds {
            durationSeconds = seconds
            root.setRange(minimum: 0, maximum: seconds)
        }
        // A drag's seek takes a moment to land: meanwhile the bar stays where the user put it.
        guard clock.nowMicroseconds() - userChangeUs > 400_000 else { return }
        root.value = min(seconds, Double(positionNs) / 1e9)
        let words = LoopSeek.clock(positionNs: positionNs, durationNs: durationNs)
        if words != spoken {
            spoken = words
            root.setAccessibleValueText(words)
        }
    }

    func setShown(_ shown: Bool) {
        root.setCSSClass("shown", shown)
        // Out of the way when hidden: a click there pauses the video as anywhere else.
        root.canTarget = shown
    }
}
