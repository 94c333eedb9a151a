import FeedCore
import GLibKit
import GtkKit

/// Where a grid's tiles go: the `GridLayout` for the width the grid is given, and each tile's
/// index by its button. GTK asks for every tile's place at each allocation of the grid, which
/// happens on every scrolled frame that shows or hides a still: a tile found by searching the
/// list made that quadratic, a third of the main thread while 311 tiles scrolled.
@MainActor
final class TilePlaces {
    private(set) var layout = GridLayout(width: 450)
    private var indexOfButton: [ObjectIdentifier: Int] = [:]
    /// The width gave a new layout: the grid's height and the tiles near the screen follow.
    var onLayoutChange: (() -> Void)?

    init(placing grid: Overlay) {
        grid.placeOverlays { [weak self] child, width, _ in
            guard let self, let index = indexOfButton[ObjectIdentifier(child)] else { return nil }
            let layout = GridLayout(width: width)
            if layout != self.layout {
                self.layout = layout
                // Not from inside the allocation.
                MainLoop.invoke { [weak self] in self?.onLayoutChange?() }
            }
            let frame = layout.frame(of: index)
            return WidgetRect(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
        }
    }

    func add(_ button: Widget, at index: Int) {
        indexOfButton[ObjectIdentifier(button)] = index
    }

    func removeAll() {
        indexOfButton.removeAll()
    }
}
