import FeedCore
import GLibKit
import GtkKit

/// The Home page: the three page slots stacked one page height apart, the current one in the
/// middle at rest so the neighbours above and below are already laid out while dragging, with
/// the heart layer and a toast on top. The slots are overlays placed by code: nothing scrolls
/// them but the feed (a focused widget never drags a page into view), and their size never
/// becomes the window's minimum size.
@MainActor
final class FeedView {
    let root = Overlay()
    let sizeProbe = SizeProbe()
    let hearts = HeartLayer()
    /// The page's size comes from here: it asks for nothing and draws nothing.
    private let base = Box(.vertical)
    private let toast = Label()
    private var toastTimer: SourceHandle?
    private(set) var pageHeight: Double = 0

    init(slots: [PageSlot]) {
        root.setExpand(horizontal: true, vertical: true)
        root.setOverflowHidden()
        base.setExpand(horizontal: true, vertical: true)
        root.setChild(base)
        for slot in slots { root.addOverlay(slot.root) }
        root.addOverlay(sizeProbe)
        root.addOverlay(hearts.root)
        toast.addCSSClass("toast")
        // A long message (a skipped path) wraps in a column instead of running off the window.
        toast.setWrap(true)
        toast.setMaxWidthChars(36)
        toast.setMargins(start: 16, end: 16)
        toast.setAlign(horizontal: .center, vertical: .start)
        toast.isVisible = false
        toast.canTarget = false
        root.addOverlay(toast)
        root.placeOverlays { [weak self] child, width, height in
            guard let self, let position = ordered.firstIndex(where: { $0.root === child }) else { return nil }
            // Above (-1), in the middle (0) or below (+1), moved up by the offset.
            return WidgetRect(x: 0, y: (position - 1) * height - Int(wantedOffset.rounded()), width: width, height: height)
        }
    }

    private var ordered: [PageSlot] = []

    /// The slot above (-1), in the middle (0) or below (+1).
    func slot(at position: Int) -> PageSlot? {
        ordered.indices.contains(position + 1) ? ordered[position + 1] : nil
    }

    /// Puts the slots in this order from top to bottom; only the middle one takes focus.
    func arrange(_ ordered: [PageSlot]) {
        // Focus on a page that is leaving moves to the same control on the new one.
        let leaving = ordered.indices.contains(1) ? ordered.filter { $0 !== ordered[1] && $0.root.containsFocus } : []
        let focused = leaving.first.map {
            (rail: $0.rail.focusedButton, author: $0.overlay.authorHasFocus, caption: $0.overlay.root.containsFocus)
        }
        self.ordered = ordered
        for (position, slot) in ordered.enumerated() { slot.root.canFocus = position == 1 }
        root.queueAllocate()
        guard let focused, ordered.indices.contains(1) else { return }
        if let button = focused.rail {
            ordered[1].rail.focusButton(button)
        } else if focused.author {
            ordered[1].overlay.focusAuthor()
        } else if focused.caption {
            ordered[1].overlay.focusCaption()
        }
    }

    func setPageHeight(_ height: Double) { pageHeight = height }

    /// How far the pages are moved from their resting place: negative shows the page above,
    /// positive the page below.
    var offset: Double {
        get { wantedOffset }
        set {
            guard newValue != wantedOffset else { return }
            wantedOffset = newValue
            root.queueAllocate()
        }
    }

    private var wantedOffset: Double = 0

    /// A short message at the top ("You’re all caught up", "Link copied"), gone after 2 s.
    /// Shows `message` over the feed for as long as it takes to read (2 to 8 s).
    func flash(_ message: String) {
        toast.text = message
        toast.isVisible = true
        toastTimer?.cancel()
        let milliseconds = min(8_000, max(2_000, message.count * 60))
        toastTimer = MainLoop.after(milliseconds: UInt32(milliseconds)) { [weak self] in self?.toast.isVisible = false }
    }
}
