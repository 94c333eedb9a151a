import CGLib
import CGtk
import GLibKit
import GtkKit
import TestSupport
import XCTest

/// `Overlay.placeOverlays` puts overlay children where the closure says, and whatever it says
/// never changes the size the overlay asks for (a GtkFixed's children would).
final class OverlayPlacementTests: XCTestCase {
    func testPlacedChildrenGetTheirRectAndNeverWidenTheOverlay() throws {
        try onMain {
            let app = try GtkTestSupport.registeredApplication()
            let criticals = collectingGLibCriticals {
                let window = GtkKit.Window(application: app)
                let overlay = Overlay()
                let base = Box(.vertical)
                base.setSizeRequest(width: 60, height: 40)
                overlay.setChild(base)
                let placed = Box(.vertical)
                placed.setSizeRequest(width: 10, height: 10)
                let left = Box(.vertical)
                overlay.addOverlay(placed)
                overlay.addOverlay(left)
                let record = PlacementRecord()
                overlay.placeOverlays { child, width, height in
                    record.asked.append("\(width)x\(height)")
                    record.children.append(child === placed ? "placed" : child === left ? "left" : "other")
                    guard child === placed else { return nil }
                    // Far outside the overlay, and taller than it: a page below the window.
                    return WidgetRect(x: 20 + record.shift, y: height + 5, width: width * 3, height: 900)
                }
                window.setChild(overlay)
                window.setDefaultSize(width: 200, height: 150)
                window.present()
                let deadline = g_get_monotonic_time() + 2_000_000
                while placed.width == 0 && g_get_monotonic_time() < deadline { spinMainLoop(seconds: 0.02) }
                XCTAssertEqual(record.asked.first, "200x150", "the closure is asked with the overlay's own size")
                XCTAssertEqual(placed.width, 600)
                XCTAssertEqual(placed.height, 900)
                XCTAssertEqual(Self.origin(of: placed, in: overlay), [20, 155])
                XCTAssertGreaterThan(left.width, 0, "a child the closure declines keeps GTK's placement")

                var minimum: Int32 = 0, natural: Int32 = 0
                gtk_widget_measure(overlay.handle.typed(GtkWidget.self), GTK_ORIENTATION_HORIZONTAL, -1,
                                   &minimum, &natural, nil, nil)
                XCTAssertEqual(minimum, 60, "only the main child sets the overlay's minimum width")
                gtk_widget_measure(overlay.handle.typed(GtkWidget.self), GTK_ORIENTATION_VERTICAL, -1,
                                   &minimum, &natural, nil, nil)
                XCTAssertEqual(minimum, 40, "a child placed below the overlay must not make it taller")

                record.shift = 30
                overlay.queueAllocate()
                let moved = g_get_monotonic_time() + 2_000_000
                while Self.origin(of: placed, in: overlay).first != 50 && g_get_monotonic_time() < moved {
                    spinMainLoop(seconds: 0.02)
                }
                XCTAssertEqual(Self.origin(of: placed, in: overlay), [50, 155], "queueAllocate places it again")
                XCTAssertFalse(record.children.contains("other"), "the closure is handed the wrappers that were added")

                overlay.removeOverlay(left)
                record.children.removeAll()
                record.shift = 40
                overlay.queueAllocate()
                let again = g_get_monotonic_time() + 2_000_000
                while Self.origin(of: placed, in: overlay).first != 60 && g_get_monotonic_time() < again {
                    spinMainLoop(seconds: 0.02)
                }
                XCTAssertEqual(Set(record.children), ["placed"], "a removed overlay is asked about no more")
                window.destroy()
                spinMainLoop(seconds: 0.05)
            }
            XCTAssertEqual(criticals, [])
        }
    }

    /// What the placement closure was asked, and how far it moves the child.
    @MainActor
    private final class PlacementRecord {
        var asked: [String] = []
        var children: [String] = []
        var shift = 0
    }

    @MainActor
    private static func origin(of child: Widget, in parent: Widget) -> [Int] {
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(child.handle.typed(GtkWidget.self), parent.handle.typed(GtkWidget.self), &bounds) != 0 else {
            return []
        }
        return [Int(bounds.origin.x), Int(bounds.origin.y)]
    }
}
