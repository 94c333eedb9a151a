import CGLib
import CGtk
import GLibKit
import GtkKit
import TestSupport
import XCTest

final class ClampTests: XCTestCase {
    func testTheChildIsAtMostTheMaximumCentredAndTheMinimumIsTheChilds() throws {
        try onMain {
            let app = try GtkTestSupport.registeredApplication()
            let criticals = collectingGLibCriticals {
                let window = GtkKit.Window(application: app)
                let clamp = Clamp(maximum: 300)
                let child = Box(.horizontal)
                child.setSizeRequest(width: 120, height: 30)
                clamp.setChild(child)
                window.setChild(clamp)
                window.setDefaultSize(width: 800, height: 100)
                window.present()
                let deadline = g_get_monotonic_time() + 2_000_000
                while child.width == 0 && g_get_monotonic_time() < deadline { spinMainLoop(seconds: 0.02) }
                XCTAssertEqual(child.width, 300, "the child is clamped to the maximum")
                var bounds = graphene_rect_t()
                XCTAssertNotEqual(gtk_widget_compute_bounds(child.handle.typed(GtkWidget.self),
                                                            clamp.handle.typed(GtkWidget.self), &bounds), 0)
                XCTAssertEqual(Int(bounds.origin.x), 250, "and centred")
                var minimum: Int32 = 0, natural: Int32 = 0
                gtk_widget_measure(clamp.handle.typed(GtkWidget.self), GTK_ORIENTATION_HORIZONTAL, -1,
                                   &minimum, &natural, nil, nil)
                XCTAssertEqual(minimum, 120, "the clamp never asks for more than the child's minimum")
                XCTAssertLessThanOrEqual(natural, 300)
                clamp.setMaximum(100)
                spinMainLoop(seconds: 0.2)
                XCTAssertEqual(child.width, 120, "a maximum below the child's minimum gives the minimum")
                window.destroy()
                spinMainLoop(seconds: 0.05)
            }
            XCTAssertEqual(criticals, [])
        }
    }
}
