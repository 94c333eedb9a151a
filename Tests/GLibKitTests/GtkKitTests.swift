import CGLib
import CGtk
import Foundation
import GLibKit
import GtkKit
import TestSupport
import XCTest

/// GTK needs a display. Without DISPLAY these tests are skipped; the documented test command
/// runs the suite under Xvfb, where they run.
@MainActor
enum GtkTestSupport {
    private static var initialized = false
    private static var application: Application?

    static func requireDisplay() throws {
        guard let display = getenv("DISPLAY"), display.pointee != 0 else {
            throw XCTSkip("GTK widget test skipped: DISPLAY is not set (run the suite under xvfb-run)")
        }
        if !initialized {
            // Without a session bus GDBus would autolaunch a stray dbus-daemon through X11
            // (for accessibility and GApplication). Tests get none: point GDBus at nothing.
            if getenv("DBUS_SESSION_BUS_ADDRESS") == nil {
                setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/loopfeed-test-bus", 1)
            }
            gtk_init()
            initialized = true
        }
    }

    /// A registered (started-up) GtkApplication: windows may only join one after startup.
    static func registeredApplication() throws -> Application {
        try requireDisplay()
        if let application { return application }
        let app = Application(id: "io.github.loopfeed.GLibKitTests", unique: false)
        var error: UnsafeMutablePointer<GError>?
        let ok = g_application_register(app.handle.typed(GApplication.self), nil, &error)
        if let error {
            let message = String(cString: error.pointee.message)
            g_error_free(error)
            XCTFail("g_application_register failed: \(message)")
        }
        XCTAssertNotEqual(ok, 0)
        application = app
        return app
    }

    /// Emits a signal that takes no arguments and returns nothing ("clicked").
    static func emit(_ signal: String, on object: GObjectHandle) {
        var instance = GValue()
        g_value_init(&instance, G_TYPE_FROM_INSTANCE_FOR_TESTS(object))
        g_value_set_object(&instance, object.raw)
        let id = g_signal_lookup(signal, G_TYPE_FROM_INSTANCE_FOR_TESTS(object))
        precondition(id != 0, "no signal \(signal)")
        g_signal_emitv(&instance, id, 0, nil)
        g_value_unset(&instance)
    }

    private static func G_TYPE_FROM_INSTANCE_FOR_TESTS(_ object: GObjectHandle) -> GType {
        g_type_from_name(object.typeName)
    }
}

final class GtkKitTests: XCTestCase {
    func testDroppingAWidgetWrapperFinalizesItsObject() throws {
        try onMain {
            try GtkTestSupport.requireDisplay()
            let criticals = collectingGLibCriticals {
                var label: Label? = Label("hello")
                XCTAssertEqual(g_object_is_floating(label!.handle.raw), 0, "the wrapper must sink the floating widget")
                XCTAssertEqual(label!.handle.referenceCount, 1)
                XCTAssertEqual(label!.text, "hello")
                let weak = GWeakReference(label!.handle.raw)
                label = nil
                XCTAssertFalse(weak.isAlive, "the GtkLabel leaked after its wrapper was dropped")
            }
            XCTAssertEqual(criticals, [])
        }
    }

    func testABoxChildStaysAliveWhileParentedAndDiesWithItsParent() throws {
        try onMain {
            try GtkTestSupport.requireDisplay()
            let criticals = collectingGLibCriticals {
                var box: Box? = Box(.vertical, spacing: 4)
                let weakBox = GWeakReference(box!.handle.raw)
                let weakChild: GWeakReference
                do {
                    let child = Label("child")
                    weakChild = GWeakReference(child.handle.raw)
                    box!.append(child)
                    XCTAssertEqual(child.handle.referenceCount, 2, "the wrapper and the parent each hold one")
                    XCTAssertEqual(gtk_widget_get_parent(child.handle.typed(GtkWidget.self)).map(UnsafeMutableRawPointer.init),
                                   box!.handle.raw)
                }
                // The local wrapper is gone; the child must live on inside its parent.
                XCTAssertTrue(weakChild.isAlive)
                XCTAssertNotNil(gtk_widget_get_first_child(box!.handle.typed(GtkWidget.self)))
                box = nil
                XCTAssertFalse(weakBox.isAlive, "the box leaked")
                XCTAssertFalse(weakChild.isAlive, "the child leaked with its parent gone")
            }
            XCTAssertEqual(criticals, [])
        }
    }

    func testRemovingABoxChildUnparentsItAndKeepsItUsable() throws {
        try onMain {
            try GtkTestSupport.requireDisplay()
            let criticals = collectingGLibCriticals {
                let box = Box(.horizontal)
                var child: Label? = Label("x")
                let weakChild = GWeakReference(child!.handle.raw)
                box.append(child!)
                box.remove(child!)
                XCTAssertNil(gtk_widget_get_parent(child!.handle.typed(GtkWidget.self)))
                XCTAssertEqual(child!.handle.referenceCount, 1)
                // Re-parenting a removed child works (it was not destroyed).
                box.append(child!)
                box.removeAll()
                XCTAssertNil(gtk_widget_get_first_child(box.handle.typed(GtkWidget.self)))
                child = nil
                XCTAssertFalse(weakChild.isAlive)
            }
            XCTAssertEqual(criticals, [])
        }
    }

    func testButtonClickHandlerFiresAndIsReleasedWithTheWrapper() throws {
        try onMain {
            try GtkTestSupport.requireDisplay()
            let counter = DeinitCounter()
            let clicks = Locked(0)
            let criticals = collectingGLibCriticals {
                var button: Button? = Button(label: "Tap")
                let weak = GWeakReference(button!.handle.raw)
                do {
                    let sentinel = Sentinel(counter)
                    button!.onClicked { sentinel.touch(); clicks.mutate { $0 += 1 } }
                }
                GtkTestSupport.emit("clicked", on: button!.handle)
                XCTAssertEqual(clicks.value, 1)
                XCTAssertEqual(button!.label, "Tap")
                button = nil
                XCTAssertFalse(weak.isAlive)
            }
            XCTAssertEqual(counter.value, 1, "the click handler box leaked")
            XCTAssertEqual(criticals, [])
        }
    }

    func testDroppedWrapperDisconnectsWhileGtkStillHoldsTheWidget() throws {
        try onMain {
            try GtkTestSupport.requireDisplay()
            let counter = DeinitCounter()
            let clicks = Locked(0)
            let box = Box(.vertical)
            let raw: UnsafeMutableRawPointer
            do {
                let button = Button(label: "Tap")
                raw = button.handle.raw
                do {
                    let sentinel = Sentinel(counter)
                    button.onClicked { sentinel.touch(); clicks.mutate { $0 += 1 } }
                }
                box.append(button)
            }
            // Box keeps the wrapper, so the handler is still connected.
            let handle = GObjectHandle(retaining: raw)
            GtkTestSupport.emit("clicked", on: handle)
            XCTAssertEqual(clicks.value, 1)
            box.removeAll()
            // Now only `handle` holds the GtkButton: the wrapper is gone and disconnected its handler.
            XCTAssertEqual(handle.referenceCount, 1)
            XCTAssertEqual(counter.value, 1, "the wrapper's deinit must disconnect its handlers")
            GtkTestSupport.emit("clicked", on: handle)
            XCTAssertEqual(clicks.value, 1)
        }
    }

    func testEventControllerReferencesAreBalanced() throws {
        try onMain {
            try GtkTestSupport.requireDisplay()
            let criticals = collectingGLibCriticals {
                var widget: Label? = Label("keys")
                var controller: KeyController? = KeyController()
                let weakController = GWeakReference(controller!.handle.raw)
                XCTAssertEqual(controller!.handle.referenceCount, 1)
                controller!.onKeyPressed { _ in false }
                controller!.setPhase(.capture)
                widget!.addController(controller!)
                XCTAssertEqual(controller!.handle.referenceCount, 2, "the widget holds one, the wrapper one")
                widget = nil
                XCTAssertTrue(weakController.isAlive)
                XCTAssertEqual(controller!.handle.referenceCount, 1, "the widget must give its reference back")
                controller = nil
                XCTAssertFalse(weakController.isAlive, "the controller leaked")
            }
            XCTAssertEqual(criticals, [])
        }
    }

    func testWindowReferencesAreBalanced() throws {
        try onMain {
            let app = try GtkTestSupport.registeredApplication()
            let criticals = collectingGLibCriticals {
                var window: GtkKit.Window? = GtkKit.Window(application: app)
                let weakWindow = GWeakReference(window!.handle.raw)
                window!.title = "Loopfeed test"
                XCTAssertEqual(window!.title, "Loopfeed test")
                let child = Label("content")
                let weakChild = GWeakReference(child.handle.raw)
                window!.setChild(child)
                window!.setDefaultSize(width: 200, height: 100)
                window!.present()
                spinMainLoop(seconds: 0.1)
                XCTAssertTrue(window!.isVisible)
                window!.destroy()
                spinMainLoop(seconds: 0.05)
                XCTAssertTrue(weakWindow.isAlive, "Swift's own reference keeps the destroyed window object")
                XCTAssertEqual(window!.handle.referenceCount, 1, "GTK must have dropped all of its references")
                window = nil
                XCTAssertFalse(weakWindow.isAlive, "the window leaked")
                _ = child
                XCTAssertTrue(weakChild.isAlive)
            }
            XCTAssertEqual(criticals, [])
        }
    }
}
