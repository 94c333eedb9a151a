import CGtk
import CGtkShims
import GLibKit

/// Clicks: `n` is 1 for a single press, 2 for the second press of a double-click.
@MainActor
public final class ClickGesture: EventController {
    public init(button: UInt32 = 1) {
        super.init(adopting: UnsafeMutableRawPointer(gtk_gesture_click_new()))
        gtk_gesture_single_set_button(OpaquePointer(handle.raw), button)
    }

    public func onPressed(_ handler: @escaping @MainActor (_ n: Int, _ x: Double, _ y: Double) -> Void) {
        connectPress("pressed", handler)
    }

    public func onReleased(_ handler: @escaping @MainActor (_ n: Int, _ x: Double, _ y: Double) -> Void) {
        connectPress("released", handler)
    }

    private func connectPress(_ signal: String, _ handler: @escaping @MainActor (Int, Double, Double) -> Void) {
        typealias Handler = @MainActor (Int, Double, Double) -> Void
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, Int32, Double, Double, UnsafeMutableRawPointer?) -> Void = { _, n, x, y, data in
            guard let data else { return }
            let handler = CallbackBox<Handler>.from(data)
            MainActor.assumeIsolated { handler(Int(n), x, y) }
        }
        keep(Signals.connect(handle.raw, signal, handler: handler as Handler,
                             trampoline: unsafeBitCast(trampoline, to: GCallback.self)))
    }
}

/// Drags: begin gives the start point, update and end the offset from it.
@MainActor
public final class DragGesture: EventController {
    public init() {
        super.init(adopting: UnsafeMutableRawPointer(gtk_gesture_drag_new()))
    }

    public func onBegin(_ handler: @escaping @MainActor (_ x: Double, _ y: Double) -> Void) { connectPoint("drag-begin", handler) }
    public func onUpdate(_ handler: @escaping @MainActor (_ dx: Double, _ dy: Double) -> Void) { connectPoint("drag-update", handler) }
    public func onEnd(_ handler: @escaping @MainActor (_ dx: Double, _ dy: Double) -> Void) { connectPoint("drag-end", handler) }

    private func connectPoint(_ signal: String, _ handler: @escaping @MainActor (Double, Double) -> Void) {
        typealias Handler = @MainActor (Double, Double) -> Void
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> Void = { _, x, y, data in
            guard let data else { return }
            let handler = CallbackBox<Handler>.from(data)
            MainActor.assumeIsolated { handler(x, y) }
        }
        keep(Signals.connect(handle.raw, signal, handler: handler as Handler,
                             trampoline: unsafeBitCast(trampoline, to: GCallback.self)))
    }

    /// Stops claiming the sequence (a click that did not move).
    public func reset() { gtk_event_controller_reset(OpaquePointer(handle.raw)) }
}

/// Vertical scrolling from wheels and touchpads.
@MainActor
public final class ScrollController: EventController {
    public enum Unit { case wheel, pixels }

    public init() {
        let flags = GtkEventControllerScrollFlags(rawValue: GTK_EVENT_CONTROLLER_SCROLL_VERTICAL.rawValue)
        super.init(adopting: UnsafeMutableRawPointer(gtk_event_controller_scroll_new(flags)))
    }

    /// Return true to stop the event. `unit` tells wheel notches from touchpad pixels.
    public func onScroll(_ handler: @escaping @MainActor (_ dy: Double, _ unit: Unit) -> Bool) {
        typealias Handler = @MainActor (Double, Unit) -> Bool
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> Int32 = { controller, _, dy, data in
            guard let data, let controller else { return 0 }
            let handler = CallbackBox<Handler>.from(data)
            let unit: Unit = gtk_event_controller_scroll_get_unit(OpaquePointer(controller)) == GDK_SCROLL_UNIT_WHEEL ? .wheel : .pixels
            return MainActor.assumeIsolated { handler(dy, unit) } ? 1 : 0
        }
        keep(Signals.connect(handle.raw, "scroll", handler: handler as Handler,
                             trampoline: unsafeBitCast(trampoline, to: GCallback.self)))
    }

    public func onScrollEnd(_ handler: @escaping @MainActor () -> Void) {
        keep(Signals.connect(handle.raw, "scroll-end") { MainActor.assumeIsolated { handler() } })
    }
}

/// Pointer motion (for hiding the cursor and following the pointer).
@MainActor
public final class MotionController: EventController {
    public init() { super.init(adopting: UnsafeMutableRawPointer(gtk_event_controller_motion_new())) }

    public func onMotion(_ handler: @escaping @MainActor (_ x: Double, _ y: Double) -> Void) {
        connectPoint("motion", handler)
    }

    /// The pointer came over the widget.
    public func onEnter(_ handler: @escaping @MainActor (_ x: Double, _ y: Double) -> Void) {
        connectPoint("enter", handler)
    }

    /// The pointer left the widget.
    public func onLeave(_ handler: @escaping @MainActor () -> Void) { keep(Signals.connect(handle.raw, "leave", handler)) }

    private func connectPoint(_ signal: String, _ handler: @escaping @MainActor (Double, Double) -> Void) {
        typealias Handler = @MainActor (Double, Double) -> Void
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> Void = { _, x, y, data in
            guard let data else { return }
            let handler = CallbackBox<Handler>.from(data)
            MainActor.assumeIsolated { handler(x, y) }
        }
        keep(Signals.connect(handle.raw, signal, handler: handler as Handler,
                             trampoline: unsafeBitCast(trampoline, to: GCallback.self)))
    }
}
