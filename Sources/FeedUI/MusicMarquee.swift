import GLibKit
import GtkKit
import Localization

/// The music name, scrolling sideways while the video plays and holding while it is paused.
/// Names that fit stand still.
@MainActor
final class MusicMarquee {
    let root = Box(.horizontal, spacing: 6)
    private let scroller = ScrolledWindow()
    private let label = Label()
    private var tick: UInt32?
    private var lastFrameUs: Int64 = 0
    private var offset: Double = 0
    private var text = ""
    /// Width of one copy of the name plus the gap; nil until measured, 0 when it fits.
    private var cycleWidth: Double?

    private static let speed: Double = 30 // px per second
    private static let gap = "        "

    init() {
        root.addCSSClass("post-music")
        root.append(Image(iconName: "loopfeed-music-symbolic", pixelSize: 14))
        scroller.setExternalHorizontalScrolling()
        scroller.setSizeRequest(width: 180, height: -1)
        scroller.canTarget = false
        // Only moves on its own: nothing in it to reach with Tab.
        scroller.canFocus = false
        label.setXAlign(0)
        scroller.setChild(label)
        root.append(scroller)
    }

    func show(_ music: String) {
        text = music
        label.text = music
        // TRANSLATORS: for screen readers; {music} is the video's music line.
        label.setAccessibleLabel(tr("Music: {music}", ["music": music]))
        offset = 0
        scroller.horizontalOffset = 0
        cycleWidth = nil
    }

    /// Scrolls while playing, holds while paused.
    /// With reduced motion (gtk-enable-animations off) it never scrolls.
    func setRunning(_ running: Bool) {
        if running, tick == nil, Style.animationsEnabled {
            lastFrameUs = 0
            tick = scroller.addTickCallback { [weak self] now in self?.advance(now) ?? false }
        } else if !running, let id = tick {
            scroller.removeTickCallback(id)
            tick = nil
        }
    }

    private func advance(_ now: Int64) -> Bool {
        defer { lastFrameUs = now }
        guard lastFrameUs > 0, label.width > 0, scroller.width > 0 else { return true }
        if cycleWidth == nil {
            // Measured once laid out. A name that does not fit is shown twice in a row so the
            // wrap from the end back to the start is seamless.
            let single = Double(label.width)
            if single <= Double(scroller.width) {
                cycleWidth = 0
            } else {
                label.text = text + Self.gap + text
                cycleWidth = 0.5
                return true
            }
        }
        // A name that fits stands still: stop ticking (each tick would repaint the window).
        guard var cycle = cycleWidth, cycle != 0 else {
            tick = nil
            return false
        }
        if cycle == 0.5 {
            cycle = Double(label.width) / 2
            cycleWidth = cycle
        }
        offset += Self.speed * Double(now - lastFrameUs) / 1_000_000
        if offset >= cycle { offset -= cycle }
        // Only whole-pixel moves: a sub-pixel scroll would repaint the window for nothing.
        if offset.rounded() != scroller.horizontalOffset.rounded() { scroller.horizontalOffset = offset.rounded() }
        return true
    }
}
