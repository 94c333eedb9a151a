import FeedCore
import GLibKit
import GtkKit

/// Which tiles of a grid are within a screen of what its scroller shows. Only those draw their
/// stills: GTK 4.8's cairo renderer copies every picture's texture into a cairo surface at every
/// paint, on screen or not, so a grid of 311 stills took 85 ms a paint while it scrolled.
@MainActor
final class GridViewport {
    private unowned let grid: Widget
    private weak var scroller: ScrolledWindow?
    /// The scroller moved or changed size: the grid asks again which tiles are near.
    var onChange: (() -> Void)?

    init(grid: Widget) {
        self.grid = grid
    }

    private var scheduled = false

    func follow(_ scroller: ScrolledWindow) {
        self.scroller = scroller
        scroller.onVerticalOffsetChanged { [weak self] in self?.schedule() }
        scroller.onVerticalRangeChanged { [weak self] in self?.schedule() }
    }

    /// The adjustment changes while GTK lays the window out, where showing or hiding a picture
    /// would leave widgets unallocated: the grid is told just after, before the next frame.
    private func schedule() {
        guard !scheduled else { return }
        scheduled = true
        MainLoop.invoke { [weak self] in
            guard let self else { return }
            scheduled = false
            onChange?()
        }
    }

    /// The tiles on screen and a quarter of a screen around it; all of them until the grid is
    /// followed and laid out. The band is worked out again before each paint that scrolls, so the
    /// margin need only cover a tile coming into view within one frame.
    func tilesNearScreen(_ layout: GridLayout, count: Int) -> Range<Int> {
        guard let scroller, scroller.height > 0, let top = grid.position(of: scroller)?.y else { return 0..<count }
        let screen = scroller.height
        let y = Int(top.rounded())
        return layout.indices(between: y - screen / 4, and: y + screen + screen / 4, count: count)
    }
}
