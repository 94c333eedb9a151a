import FeedCore
import GLibKit
import GtkKit
import Localization

/// The music name under the caption, as wide as the caption leaves it. A name that fits stands
/// still and shows once; a longer one scrolls sideways while the video plays and holds while it
/// is paused (`MarqueeMotion`). With reduced motion it never scrolls.
@MainActor
final class MusicMarquee {
    let root = Box(.horizontal, spacing: 6)
    private let scroller = ScrolledWindow()
    private let label = Label()
    private var tick: UInt32?
    private var lastFrameUs: Int64 = 0
    private var offset: Double = 0
    private var text = ""
    private var running = false
    /// How the name moves in the box as it is now; nil until measured.
    private var motion: MarqueeMotion?

    private static let speed: Double = 30 // px per second
    private static let gap = "        "

    init() {
        root.addCSSClass("post-music")
        root.append(Image(iconName: "loopfeed-music-symbolic", pixelSize: 14))
        scroller.setExternalHorizontalScrolling()
        scroller.setExpand(horizontal: true)
        scroller.canTarget = false
        // Only moves on its own: nothing in it to reach with Tab, and a screen reader reads the
        // name from the label (a scroll pane GTK makes focusable had no name: issue 21).
        scroller.canFocus = false
        scroller.focusable = false
        label.setXAlign(0)
        scroller.setChild(label)
        root.append(scroller)
    }

    func show(_ music: String) {
        text = music
        label.text = music
        // TRANSLATORS: for screen readers; {music} is the video's music line.
        label.setAccessibleLabel(tr("Music: {music}", ["music": music]))
        restart()
    }

    /// The box changed size: whether the name fits is measured again.
    func boxChanged() { restart() }

    /// Scrolls while playing, holds while paused.
    func setRunning(_ running: Bool) {
        self.running = running
        if running { startTicking() } else { stopTicking() }
    }

    private func restart() {
        motion = nil
        offset = 0
        label.text = text
        scroller.horizontalOffset = 0
        if running { startTicking() }
    }

    private func startTicking() {
        // With reduced motion (gtk-enable-animations off) it never scrolls.
        guard tick == nil, Style.animationsEnabled else { return }
        lastFrameUs = 0
        tick = scroller.addTickCallback { [weak self] now in self?.advance(now) ?? false }
    }

    private func stopTicking() {
        guard let id = tick else { return }
        scroller.removeTickCallback(id)
        tick = nil
    }

    private func advance(_ now: Int64) -> Bool {
        defer { lastFrameUs = now }
        guard lastFrameUs > 0, scroller.width > 0 else { return true }
        let motion = self.motion ?? measure()
        // A name that fits stands still: no more ticks (each would repaint the window).
        guard motion.showsTwice else {
            tick = nil
            return false
        }
        offset = motion.offset(after: offset, elapsedUs: now - lastFrameUs, speed: Self.speed)
        // Only whole-pixel moves: a sub-pixel scroll would repaint the window for nothing.
        if offset.rounded() != scroller.horizontalOffset.rounded() { scroller.horizontalOffset = offset.rounded() }
        return true
    }

    /// Measured once laid out; a name that scrolls is shown twice in a row from then on.
    private func measure() -> MarqueeMotion {
        label.text = text
        let single = Double(label.naturalWidth)
        label.text = text + Self.gap + text
        let plan = MarqueeMotion.plan(nameWidth: single, doubledWidth: Double(label.naturalWidth),
                                      boxWidth: Double(scroller.width))
        if !plan.showsTwice { label.text = text }
        motion = plan
        return plan
    }
}
