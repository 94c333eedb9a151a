import CGtk
import CGtkShims
import CGLibShims
import GLibKit

/// A GtkApplicationWindow.
@MainActor
public final class Window: Widget {
    private var child: Widget?

    public init(application: Application) {
        let window = lf_window_new_application(application.handle.typed(GtkApplication.self))!
        // GTK owns toplevels (its window list holds the reference): add one of Swift's own.
        super.init(retaining: UnsafeMutableRawPointer(window))
    }

    private var window: UnsafeMutablePointer<GtkWindow> { handle.typed(GtkWindow.self) }

    public var title: String {
        get { gtk_window_get_title(window).map { String(cString: $0) } ?? "" }
        set { gtk_window_set_title(window, newValue) }
    }

    public func setChild(_ child: Widget) {
        self.child = child
        gtk_window_set_child(window, child.widget)
    }

    public func setDefaultSize(width: Int32, height: Int32) { gtk_window_set_default_size(window, width, height) }
    /// The size the window has when neither maximized nor fullscreen: GTK keeps it as the user
    /// resizes, so it is what to restore next time.
    public var defaultSize: (width: Int, height: Int) {
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(window, &width, &height)
        return (Int(width), Int(height))
    }
    public func maximize() { gtk_window_maximize(window) }
    public func present() { gtk_window_present(window) }
    /// Takes keyboard focus away from every control, and forgets where it was: the next Tab
    /// starts from the first control (GTK keeps each container's last focused child, and a Tab
    /// after a bare unset went on from there).
    public func clearFocus() { Self.clearFocus(of: window) }

    static func clearFocus(of window: UnsafeMutablePointer<GtkWindow>) {
        gtk_window_set_focus(window, nil)
        var widget = gtk_window_get_child(window)
        while let current = widget {
            widget = gtk_widget_get_focus_child(current)
            gtk_widget_set_focus_child(current, nil)
        }
    }
    public func close() { gtk_window_close(window) }
    public func destroy() { gtk_window_destroy(window) }
    public func fullscreen() { gtk_window_fullscreen(window) }
    public func unfullscreen() { gtk_window_unfullscreen(window) }
    public var isFullscreen: Bool { gtk_window_is_fullscreen(window) != 0 }
    public var isMaximized: Bool { gtk_window_is_maximized(window) != 0 }
    public var isActive: Bool { gtk_window_is_active(window) != 0 }
    public func setIconName(_ name: String) { gtk_window_set_icon_name(window, name) }

    /// The widget with keyboard focus, if it is editable text (entries, text views).
    public var focusIsInText: Bool {
        guard let focus = gtk_window_get_focus(window) else { return false }
        let type = String(cString: lf_object_type_name(UnsafeMutableRawPointer(focus)))
        return type == "GtkText" || type == "GtkTextView" || type == "GtkEntry" || type == "GtkSearchEntry"
    }

    /// Called when the user asks to close; return true to keep the window open.
    public func onCloseRequest(_ handler: @escaping @MainActor () -> Bool) {
        keep(Signals.connectCloseRequest(handle.raw, handler))
    }

    /// Called when the window is minimised, restored, maximised ... (once it is shown).
    public func onSurfaceStateChanged(_ handler: @escaping @MainActor () -> Void) {
        var connected = false
        on("map", after: true) { [weak self] in
            // The surface outlives unmap/map: connect to it once.
            guard let self, !connected, let surface = gtk_native_get_surface(OpaquePointer(handle.raw)) else {
                handler()
                return
            }
            connected = true
            keep(Signals.connectNotify(UnsafeMutableRawPointer(surface), property: "state") {
                MainActor.assumeIsolated { handler() }
            })
            handler()
        }
    }

    /// The surface's state: minimised windows stop playback.
    public var isMinimized: Bool {
        guard let surface = gtk_native_get_surface(OpaquePointer(handle.raw)) else { return false }
        return (gdk_toplevel_get_state(surface).rawValue & GDK_TOPLEVEL_STATE_MINIMIZED.rawValue) != 0
    }
}

extension Signals {
    /// GtkWindow's "close-request", for every window wrapper (its handler returns a gboolean).
    static func connectCloseRequest(_ window: UnsafeMutableRawPointer,
                                    _ handler: @escaping @MainActor () -> Bool) -> SignalConnection {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Int32 = { _, data in
            guard let data else { return 0 }
            let handler = CallbackBox<@MainActor () -> Bool>.from(data)
            return MainActor.assumeIsolated { handler() } ? 1 : 0
        }
        return connect(window, "close-request", handler: handler, trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }
}
