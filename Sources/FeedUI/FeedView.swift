import FeedCore
import GLibKit
import GtkKit

/// The Home page: a column of page slots in a scroller moved by code (never by a scrollbar),
/// with the heart layer and a toast on top. The current page sits in the middle position at
/// rest, so the neighbours above and below are already laid out while dragging.
@MainActor
final class FeedView {
    let root = Overlay()
    let sizeProbe = SizeProbe()
    let hearts = HeartLayer()
    private let scroller = ScrolledWindow()
    private let column = Box(.vertical)
    private let toast = Label()
    private var toastTimer: SourceHandle?
    private(set) var pageHeight: Double = 0

    init(slots: [PageSlot]) {
        root.addCSSClass("feed-page")
        root.setExpand(horizontal: true, vertical: true)
        root.setOverflowHidden()
        scroller.setExternalVerticalScrolling()
        scroller.setExpand(horizontal: true, vertical: true)
        for slot in slots { column.append(slot.root) }
        scroller.setChild(column)
        scroller.onVerticalRangeChanged { [weak self] in
            // "changed" comes during size allocation: setting the value there would queue an
            // allocation GTK drops, leaving the scroller undrawn. Apply it right after instead.
            MainLoop.invoke { [weak self] in
                guard let self else { return }
                scroller.verticalOffset = pageHeight + wantedOffset
            }
        }
        root.setChild(scroller)
        root.addOverlay(sizeProbe)
        root.addOverlay(hearts.root)
        toast.addCSSClass("toast")
        toast.setAlign(horizontal: .center, vertical: .start)
        toast.isVisible = false
        toast.canTarget = false
        root.addOverlay(toast)
    }

    private var ordered: [PageSlot] = []

    /// The slot above (-1), in the middle (0) or below (+1).
    func slot(at position: Int) -> PageSlot? {
        ordered.indices.contains(position + 1) ? ordered[position + 1] : nil
    }

    /// Puts the slots in this order from top to bottom.
    func arrange(_ ordered: [PageSlot]) {
        self.ordered = ordered
        var previous: PageSlot?
        for slot in ordered {
            column.reorder(slot.root, after: previous?.root)
            previous = slot
        }
    }

    func setPageHeight(_ height: Double) { pageHeight = height }

    /// Scroll position relative to the resting place of the middle page: negative shows the
    /// page above, positive the page below.
    var offset: Double {
        get { wantedOffset }
        set {
            wantedOffset = newValue
            scroller.verticalOffset = pageHeight + newValue
        }
    }

    /// Kept so it can be applied again once the column has its new size: until then the
    /// adjustment clamps to the old range.
    private var wantedOffset: Double = 0

    /// A short message at the top ("You’re all caught up", "Link copied"), gone after 2 s.
    func flash(_ message: String) {
        toast.text = message
        toast.isVisible = true
        toastTimer?.cancel()
        toastTimer = MainLoop.after(milliseconds: 2000) { [weak self] in self?.toast.isVisible = false }
    }
}
