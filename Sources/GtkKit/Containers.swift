import CGtk
import CGtkShims
import GLibKit

/// GtkBox.
@MainActor
public final class Box: Widget {
    private var children: [Widget] = []

    public init(_ orientation: Orientation, spacing: Int32 = 0) {
        super.init(adopting: UnsafeMutableRawPointer(gtk_box_new(orientation.cValue, spacing)))
    }

    public func append(_ child: Widget) {
        children.append(child)
        gtk_box_append(handle.typed(GtkBox.self), child.widget)
    }

    public func remove(_ child: Widget) {
        gtk_box_remove(handle.typed(GtkBox.self), child.widget)
        children.removeAll { $0 === child }
    }

    public func removeAll() {
        for child in children { gtk_box_remove(handle.typed(GtkBox.self), child.widget) }
        children.removeAll()
    }

    /// Moves `child` right after `sibling` (or to the front when nil).
    public func reorder(_ child: Widget, after sibling: Widget?) {
        gtk_box_reorder_child_after(handle.typed(GtkBox.self), child.widget, sibling?.widget)
    }

    public var homogeneous: Bool {
        get { gtk_box_get_homogeneous(handle.typed(GtkBox.self)) != 0 }
        set { gtk_box_set_homogeneous(handle.typed(GtkBox.self), newValue ? 1 : 0) }
    }
}

/// A rectangle in a widget's coordinates, in logical pixels.
public struct WidgetRect: Equatable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// GtkOverlay: a main child with overlays stacked on top.
///
/// Only the main child is measured, so overlays never change the size the overlay asks for:
/// with `placeOverlays` they can be put anywhere (a page above the window, a sheet sliding
/// out of it) without the window's minimum size following them, as a GtkFixed's would.
@MainActor
public final class Overlay: Widget {
    /// By their GtkWidget: "get-child-position" asks for each overlay at every allocation, so a
    /// grid of 300 tiles looked up in a list spent a third of its scrolling there.
    private var children: [UnsafeMutableRawPointer: Widget] = [:]

    public init() { super.init(adopting: UnsafeMutableRawPointer(gtk_overlay_new())) }

    public func setChild(_ child: Widget) {
        mainChild = child
        gtk_overlay_set_child(OpaquePointer(handle.raw), child.widget)
    }

    /// Removes the main child; overlays stay (their wrappers keep their handlers alive).
    public func clearChild() {
        gtk_overlay_set_child(OpaquePointer(handle.raw), nil)
        mainChild = nil
    }

    private var mainChild: Widget?

    public func addOverlay(_ child: Widget) {
        children[child.handle.raw] = child
        gtk_overlay_add_overlay(OpaquePointer(handle.raw), child.widget)
    }

    public func removeOverlay(_ child: Widget) {
        gtk_overlay_remove_overlay(OpaquePointer(handle.raw), child.widget)
        children[child.handle.raw] = nil
    }

    /// Decides where overlay children go ("get-child-position"): asked during each size
    /// allocation with the child and the overlay's size; nil leaves the child to GTK's
    /// alignment rules. Call `queueAllocate()` when the answer changes (an animation step).
    public func placeOverlays(_ place: @escaping @MainActor (_ child: Widget, _ width: Int, _ height: Int) -> WidgetRect?) {
        typealias Handler = @MainActor (UnsafeMutableRawPointer, UnsafeMutablePointer<GdkRectangle>) -> Bool
        let handler: Handler = { [weak self] childPointer, allocation in
            guard let self, let child = children[childPointer],
                  let rect = place(child, width, height) else { return false }
            allocation.pointee = GdkRectangle(x: Int32(rect.x), y: Int32(rect.y),
                                              width: Int32(max(0, rect.width)), height: Int32(max(0, rect.height)))
            return true
        }
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
                                        UnsafeMutablePointer<GdkRectangle>?, UnsafeMutableRawPointer?) -> Int32 = { _, child, allocation, data in
            guard let data, let child, let allocation else { return 0 }
            let handler = CallbackBox<Handler>.from(data)
            return MainActor.assumeIsolated { handler(child, allocation) } ? 1 : 0
        }
        keep(Signals.connect(handle.raw, "get-child-position", handler: handler,
                             trampoline: unsafeBitCast(trampoline, to: GCallback.self)))
    }
}

/// GtkStack: one visible child at a time, by name.
@MainActor
public final class Stack: Widget {
    private var children: [String: Widget] = [:]

    public init() { super.init(adopting: UnsafeMutableRawPointer(gtk_stack_new())) }

    public func add(_ child: Widget, name: String, title: String) {
        children[name] = child
        gtk_stack_add_titled(OpaquePointer(handle.raw), child.widget, name, title)
    }

    public var visibleName: String? {
        get { gtk_stack_get_visible_child_name(OpaquePointer(handle.raw)).map { String(cString: $0) } }
        set { if let newValue { gtk_stack_set_visible_child_name(OpaquePointer(handle.raw), newValue) } }
    }

    /// Homogeneous (GTK's default) measures every page, shown or not, on each layout.
    public func setHomogeneous(_ homogeneous: Bool) {
        gtk_stack_set_hhomogeneous(OpaquePointer(handle.raw), homogeneous ? 1 : 0)
        gtk_stack_set_vhomogeneous(OpaquePointer(handle.raw), homogeneous ? 1 : 0)
    }

    public func setTransition(crossfade durationMs: UInt32) {
        gtk_stack_set_transition_type(OpaquePointer(handle.raw), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        gtk_stack_set_transition_duration(OpaquePointer(handle.raw), durationMs)
    }
}

/// GtkScrolledWindow.
@MainActor
public final class ScrolledWindow: Widget {
    private var child: Widget?

    public init() { super.init(adopting: UnsafeMutableRawPointer(gtk_scrolled_window_new())) }

    public func setChild(_ child: Widget) {
        self.child = child
        lf_scrolled_window_set_child(OpaquePointer(handle.raw), child.widget)
    }

    /// Scrollable from code but without a scrollbar (the feed pages itself).
    public func setExternalVerticalScrolling() {
        gtk_scrolled_window_set_policy(OpaquePointer(handle.raw), GTK_POLICY_NEVER, GTK_POLICY_EXTERNAL)
        gtk_scrolled_window_set_kinetic_scrolling(OpaquePointer(handle.raw), 0)
    }

    /// Scrollable sideways from code, without a scrollbar (a marquee).
    public func setExternalHorizontalScrolling() {
        gtk_scrolled_window_set_policy(OpaquePointer(handle.raw), GTK_POLICY_EXTERNAL, GTK_POLICY_NEVER)
        gtk_scrolled_window_set_kinetic_scrolling(OpaquePointer(handle.raw), 0)
    }

    public var horizontalOffset: Double {
        get { gtk_adjustment_get_value(gtk_scrolled_window_get_hadjustment(OpaquePointer(handle.raw))) }
        set { gtk_adjustment_set_value(gtk_scrolled_window_get_hadjustment(OpaquePointer(handle.raw)), newValue) }
    }

    /// Called when the vertical range changes (the content was resized).
    public func onVerticalRangeChanged(_ handler: @escaping @MainActor () -> Void) {
        let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(handle.raw))!
        keep(Signals.connect(UnsafeMutableRawPointer(adjustment), "changed") { MainActor.assumeIsolated { handler() } })
    }

    /// Called whenever the vertical scroll position changes.
    public func onVerticalOffsetChanged(_ handler: @escaping @MainActor () -> Void) {
        let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(handle.raw))!
        keep(Signals.connect(UnsafeMutableRawPointer(adjustment), "value-changed") { MainActor.assumeIsolated { handler() } })
    }

    /// Called when the list is scrolled to its bottom edge (to load more).
    public func onBottomReached(_ handler: @escaping @MainActor () -> Void) {
        typealias Handler = @MainActor () -> Void
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, GtkPositionType, UnsafeMutableRawPointer?) -> Void = { _, position, data in
            guard let data, position == GTK_POS_BOTTOM else { return }
            let handler = CallbackBox<Handler>.from(data)
            MainActor.assumeIsolated { handler() }
        }
        keep(Signals.connect(handle.raw, "edge-reached", handler: handler as Handler,
                             trampoline: unsafeBitCast(trampoline, to: GCallback.self)))
    }

    public var verticalOffset: Double {
        get { gtk_adjustment_get_value(gtk_scrolled_window_get_vadjustment(OpaquePointer(handle.raw))) }
        set { gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(OpaquePointer(handle.raw)), newValue) }
    }

    /// As tall as its child up to `height`, and scrolling beyond it (a text field that grows
    /// with what is written, but never past the window).
    public func growVertically(upTo height: Int) {
        gtk_scrolled_window_set_propagate_natural_height(OpaquePointer(handle.raw), 1)
        gtk_scrolled_window_set_max_content_height(OpaquePointer(handle.raw), Int32(height))
    }

    public func setPolicy(horizontal: Bool, vertical: Bool) {
        gtk_scrolled_window_set_policy(OpaquePointer(handle.raw),
                                       horizontal ? GTK_POLICY_AUTOMATIC : GTK_POLICY_NEVER,
                                       vertical ? GTK_POLICY_AUTOMATIC : GTK_POLICY_NEVER)
    }
}

/// One child no wider than `maximum`, centred in a wider space (GNOME's AdwClamp): a tab bar
/// or a profile keeps its shape in a wide window. Its minimum width is the child's, so it never
/// keeps a window from shrinking.
@MainActor
public final class Clamp: Widget {
    private var child: Widget?

    public init(maximum: Int) { super.init(adopting: UnsafeMutableRawPointer(lf_clamp_new(Int32(maximum)))) }

    public func setChild(_ child: Widget?) {
        self.child = child
        lf_clamp_set_child(OpaquePointer(handle.raw), child?.widget)
    }

    public func setMaximum(_ maximum: Int) { lf_clamp_set_maximum(OpaquePointer(handle.raw), Int32(maximum)) }
}
