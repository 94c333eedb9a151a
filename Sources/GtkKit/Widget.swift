package import CGtk
import CGtkShims
public import GLibKit

/// A GTK widget owned by Swift. GTK objects live on the main thread only.
@MainActor
open class Widget {
    public let handle: GObjectHandle
    /// Signal handlers this wrapper connected; disconnected when it goes away.
    private var connections: [SignalConnection] = []
    private var controllers: [EventController] = []

    public init(adopting pointer: UnsafeMutableRawPointer) {
        handle = GObjectHandle(adopting: pointer)
    }

    /// For objects GTK keeps a reference to itself (toplevel windows): Swift adds its own.
    public init(retaining pointer: UnsafeMutableRawPointer) {
        handle = GObjectHandle(retaining: pointer)
    }

    isolated deinit {
        for connection in connections { connection.disconnect() }
    }

    package var widget: UnsafeMutablePointer<GtkWidget> { handle.typed(GtkWidget.self) }

    /// Keeps a connection for disconnection on teardown.
    public func keep(_ connection: SignalConnection) { connections.append(connection) }

    /// Whether the point (in this widget's coordinates) is on a button or a slider inside it: a
    /// click there is the control's, not this widget's (a button takes the press only when it is
    /// released, so a gesture on an ancestor sees the press first).
    public func hasControl(atX x: Double, y: Double) -> Bool {
        var picked = gtk_widget_pick(widget, x, y, GTK_PICK_DEFAULT)
        while let current = picked, current != widget {
            let instance = UnsafeMutableRawPointer(current).assumingMemoryBound(to: GTypeInstance.self)
            if g_type_check_instance_is_a(instance, gtk_button_get_type()) != 0
                || g_type_check_instance_is_a(instance, gtk_range_get_type()) != 0 { return true }
            picked = gtk_widget_get_parent(current)
        }
        return false
    }

    public func addCSSClass(_ name: String) { gtk_widget_add_css_class(widget, name) }
    public func removeCSSClass(_ name: String) { gtk_widget_remove_css_class(widget, name) }
    public func setCSSClass(_ name: String, _ on: Bool) { on ? addCSSClass(name) : removeCSSClass(name) }

    public var isVisible: Bool {
        get { gtk_widget_get_visible(widget) != 0 }
        set { gtk_widget_set_visible(widget, newValue ? 1 : 0) }
    }

    public var sensitive: Bool {
        get { gtk_widget_get_sensitive(widget) != 0 }
        set { gtk_widget_set_sensitive(widget, newValue ? 1 : 0) }
    }

    public var canTarget: Bool {
        get { gtk_widget_get_can_target(widget) != 0 }
        set { gtk_widget_set_can_target(widget, newValue ? 1 : 0) }
    }

    public var canFocus: Bool {
        get { gtk_widget_get_can_focus(widget) != 0 }
        set { gtk_widget_set_can_focus(widget, newValue ? 1 : 0) }
    }

    public var opacity: Double {
        get { gtk_widget_get_opacity(widget) }
        set { gtk_widget_set_opacity(widget, newValue) }
    }

    public var tooltip: String? {
        get { gtk_widget_get_tooltip_text(widget).map { String(cString: $0) } }
        set { gtk_widget_set_tooltip_text(widget, newValue) }
    }

    /// The name screen readers announce.
    public func setAccessibleLabel(_ label: String) { lf_accessible_set_label(handle.raw, label) }
    /// What screen readers say a slider's value is, in words.
    public func setAccessibleValueText(_ text: String) { lf_accessible_set_value_text(handle.raw, text) }
    /// Says to screen readers whether a toggle is on (liked, recording); they announce the change.
    public func setAccessiblePressed(_ pressed: Bool) { lf_accessible_set_pressed(handle.raw, pressed ? 1 : 0) }

    public func setExpand(horizontal: Bool? = nil, vertical: Bool? = nil) {
        if let horizontal { gtk_widget_set_hexpand(widget, horizontal ? 1 : 0) }
        if let vertical { gtk_widget_set_vexpand(widget, vertical ? 1 : 0) }
    }

    public func setAlign(horizontal: Align? = nil, vertical: Align? = nil) {
        if let horizontal { gtk_widget_set_halign(widget, horizontal.cValue) }
        if let vertical { gtk_widget_set_valign(widget, vertical.cValue) }
    }

    public func setMargins(top: Int32? = nil, bottom: Int32? = nil, start: Int32? = nil, end: Int32? = nil) {
        if let top { gtk_widget_set_margin_top(widget, top) }
        if let bottom { gtk_widget_set_margin_bottom(widget, bottom) }
        if let start { gtk_widget_set_margin_start(widget, start) }
        if let end { gtk_widget_set_margin_end(widget, end) }
    }

    public func setSizeRequest(width: Int32, height: Int32) { gtk_widget_set_size_request(widget, width, height) }

    public var width: Int { Int(gtk_widget_get_width(widget)) }
    public var height: Int { Int(gtk_widget_get_height(widget)) }
    public var scaleFactor: Int { Int(gtk_widget_get_scale_factor(widget)) }

    /// Where `other`'s top-left corner is in this widget's coordinates; nil while the two are not
    /// laid out in the same window.
    public func position(of other: Widget) -> (x: Double, y: Double)? {
        var origin = graphene_point_t()
        var result = graphene_point_t()
        graphene_point_init(&origin, 0, 0)
        guard gtk_widget_compute_point(other.widget, widget, &origin, &result) != 0 else { return nil }
        return (Double(result.x), Double(result.y))
    }

    @discardableResult public func grabFocus() -> Bool { gtk_widget_grab_focus(widget) != 0 }
    /// Whether keyboard focus is on this widget or one inside it.
    public var containsFocus: Bool {
        gtk_widget_get_state_flags(widget).rawValue & GTK_STATE_FLAG_FOCUS_WITHIN.rawValue != 0
    }
    public func queueDraw() { gtk_widget_queue_draw(widget) }

    /// The width it would like, whatever it was given.
    public var naturalWidth: Int {
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        return Int(natural)
    }
    /// Asks for a new size allocation without a new measurement (children moved, same size).
    public func queueAllocate() { gtk_widget_queue_allocate(widget) }

    /// Adds an event controller. GTK takes a reference of its own (the call is transfer full),
    /// so the wrapper's reference stays balanced.
    public func addController(_ controller: EventController) {
        // The wrapper owns the signal connections: it lives as long as the widget does.
        controllers.append(controller)
        g_object_ref(controller.handle.raw)
        gtk_widget_add_controller(widget, OpaquePointer(controller.handle.raw))
    }

    /// Runs `body` on each frame-clock tick until it returns false.
    @discardableResult
    public func addTickCallback(_ body: @escaping @MainActor (_ frameTimeMicroseconds: Int64) -> Bool) -> UInt32 {
        let box = CallbackBox(body)
        return gtk_widget_add_tick_callback(widget, { _, clock, data in
            guard let data, let clock else { return 0 }
            let body = CallbackBox<@MainActor (Int64) -> Bool>.from(data)
            let time = Int64(gdk_frame_clock_get_frame_time(clock))
            return MainActor.assumeIsolated { body(time) } ? 1 : 0
        }, box.retainedPointer(), { data in
            guard let data else { return }
            AnyCallbackBox.release(data)
        })
    }

    /// Calls `body` once, right after the frame clock's next paint of this widget's window.
    public func onNextPaint(_ body: @escaping @MainActor () -> Void) {
        guard let clock = gtk_widget_get_frame_clock(widget) else { return }
        var connection: SignalConnection?
        connection = Signals.connect(UnsafeMutableRawPointer(clock), "after-paint") {
            MainActor.assumeIsolated {
                connection?.disconnect()
                connection = nil
                body()
            }
        }
        queueDraw()
    }

    /// The time between two frames of this widget's window, as its frame clock knows it (nil
    /// before the widget is realized or while the clock has no idea).
    public var frameIntervalMicroseconds: Int64? {
        guard let clock = gtk_widget_get_frame_clock(widget) else { return nil }
        var interval: gint64 = 0
        var presentation: gint64 = 0
        gdk_frame_clock_get_refresh_info(clock, gdk_frame_clock_get_frame_time(clock), &interval, &presentation)
        return interval > 0 ? Int64(interval) : nil
    }

    public func setOverflowHidden() { gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN) }

    /// Copies text to the clipboard.
    public func copyToClipboard(_ text: String) {
        gdk_clipboard_set_text(gtk_widget_get_clipboard(widget), text)
    }

    /// Puts files on the clipboard, as a file manager's Copy does (file URIs).
    public func copyFilesToClipboard(_ uris: [String]) {
        let strings = uris.map { strdup($0) }
        defer { strings.forEach { free($0) } }
        strings.map { UnsafePointer($0) }.withUnsafeBufferPointer {
            lf_clipboard_set_files(gtk_widget_get_clipboard(widget), $0.baseAddress, Int32($0.count))
        }
    }

    public func removeTickCallback(_ id: UInt32) { gtk_widget_remove_tick_callback(widget, UInt32(id)) }

    /// Connects a signal that passes only the instance.
    public func on(_ signal: String, after: Bool = false, _ handler: @escaping @MainActor () -> Void) {
        keep(Signals.connect(handle.raw, signal, after: after) { MainActor.assumeIsolated { handler() } })
    }
}

public enum Align: Sendable {
    case fill, start, end, center

    var cValue: GtkAlign {
        switch self {
        case .fill: GTK_ALIGN_FILL
        case .start: GTK_ALIGN_START
        case .end: GTK_ALIGN_END
        case .center: GTK_ALIGN_CENTER
        }
    }
}

public enum Orientation: Sendable {
    case horizontal, vertical
    var cValue: GtkOrientation { self == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL }
}
