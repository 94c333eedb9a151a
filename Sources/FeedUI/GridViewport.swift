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

    /// Tells each of `tiles` whether it is near the screen.
    func markNearScreen(_ tiles: [some NearScreenTile], _ layout: GridLayout) {
        let near = tilesNearScreen(layout, count: tiles.count)
        for (index, tile) in tiles.enumerated() { tile.nearScreen = near.contains(index) }
    }

    /// The pixels a tile shows: its still is decoded to cover them and no larger.
    func stillSize(_ layout: GridLayout) -> PixelSize {
        let scale = max(1, grid.scaleFactor)
        return PixelSize(width: layout.tile.width * scale, height: layout.tile.height * scale)
    }

    /// What to decode for when the grid is gone before the still arrives: about the largest tile.
    static let largestStill = PixelSize(width: GridLayout.maximumTile, height: 312)
}

/// A grid's tile that draws its still only near the screen.
@MainActor
protocol NearScreenTile: AnyObject {
    var nearScreen: Bool { get set }
}

extension Picture {
    /// Shows the still at `path`, decoded off the main thread to cover `size` and painted as
    /// frames are; the file as it is when it can't be decoded that way. `shown` runs once the
    /// picture has it (what it covers can go then, not before).
    func showStill(at path: String, covering size: PixelSize, shown: @escaping @MainActor @Sendable () -> Void) {
        Texture.readStill(at: path, covering: size.width, size.height) { [weak self] still in
            guard let self else { return }
            if let still {
                let paintable = FramePaintable()
                paintable.show(still)
                setPaintable(paintable)
            } else {
                setFile(path: path)
            }
            shown()
        }
    }
}
