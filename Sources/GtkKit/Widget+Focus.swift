import CGtk
import CGtkShims
import CGLibShims
import GLibKit

/// The control with keyboard focus in a window, as the events log reports it: what it is, the name
/// a person reads on it, where it is in the window and whether GTK draws its focus ring.
public struct FocusReport: Sendable, Equatable {
    /// The GTK type ("GtkButton", "GtkLabel").
    public let widget: String
    /// Its tooltip, else the text of a label or a button's label.
    public let name: String
    /// Its box in the window's coordinates, in logical pixels.
    public let x: Int, y: Int, width: Int, height: Int
    /// In a label with links, the link that has focus (its URI); "" otherwise.
    public let link: String
    /// GTK shows focus (keyboard use): the ring is drawn.
    public let visible: Bool
}

extension Widget {
    /// Whether the widget itself takes keyboard focus (a drawn control must say so; GTK's own
    /// controls do already).
    public var focusable: Bool {
        get { gtk_widget_get_focusable(widget) != 0 }
        set { gtk_widget_set_focusable(widget, newValue ? 1 : 0) }
    }

    /// Keyboard focus is here and GTK shows it: the moment to draw a focus ring by hand.
    public var hasVisibleFocus: Bool { gtk_widget_has_visible_focus(widget) != 0 }

    /// Said by screen readers after the name ("Playing", what a focused link does); a tooltip
    /// sets it too, so a widget with a tooltip keeps that one.
    public func setAccessibleDescription(_ text: String) { lf_accessible_set_description(handle.raw, text) }

    /// Called when a property changes ("is-active", "focus-widget", ...).
    public func onNotify(_ property: String, _ handler: @escaping @MainActor () -> Void) {
        keep(Signals.connectNotify(handle.raw, property: property) { MainActor.assumeIsolated { handler() } })
    }

    /// Lets go of its window's focus when the focus is inside this widget: before hiding it, as
    /// GTK moves a hidden widget's focus on as a Tab would, to a control the user never chose
    /// (an offer's Sign in, which the next Enter then pressed).
    public func releaseFocusIfInside() {
        guard containsFocus, let root = gtk_widget_get_root(widget) else { return }
        Window.clearFocus(of: UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWindow.self))
    }

    /// Scrolls every scrolled window around the focus in this widget's window so the focused widget
    /// shows (GTK 4.8 follows only a viewport's own child). True when something scrolled: the
    /// focused widget is somewhere else after the next layout.
    @discardableResult
    public func scrollFocusIntoView() -> Bool {
        guard let root = gtk_widget_get_root(widget) else { return false }
        return lf_scroll_focus_into_view(UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWindow.self)) != 0
    }

    /// Keeps a window's focus ring shown from the first key that moves the focus (Tab, an arrow)
    /// until the pointer is pressed. GTK 4.8 hides it 3 s after the key that showed it, so a keyboard
    /// user who stops to watch loses track of where they are. A shortcut (R to record, L to like)
    /// after a click does not show it: the control the click focused would take Enter from Next.
    public func keepFocusRingWhileTyping() {
        let window = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkWindow.self)
        let mode = KeyboardMode()
        let keys = KeyController()
        keys.setPhase(.capture)
        keys.onKeyPressed { key in
            guard key.movesFocus else { return false }
            mode.keyboard = true
            if gtk_window_get_focus_visible(window) == 0 { gtk_window_set_focus_visible(window, 1) }
            return false
        }
        addController(keys)
        let click = ClickGesture(button: 0)
        click.setPhase(.capture)
        click.onPressed { _, _, _ in mode.keyboard = false }
        addController(click)
        onNotify("focus-visible") {
            if mode.keyboard, gtk_window_get_focus_visible(window) == 0 { gtk_window_set_focus_visible(window, 1) }
        }
    }

    /// The text of the first label inside `widget`, depth first.
    private static func firstLabelText(in widget: UnsafeMutablePointer<GtkWidget>) -> String? {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if String(cString: lf_object_type_name(UnsafeMutableRawPointer(current))) == "GtkLabel",
               let text = gtk_label_get_text(OpaquePointer(current)), text.pointee != 0 {
                return String(cString: text)
            }
            if let found = firstLabelText(in: current) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }

    /// The control with keyboard focus in this widget's window; nil when nothing has focus.
    public var focusInWindow: FocusReport? {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return nil }
        let type = String(cString: lf_object_type_name(UnsafeMutableRawPointer(focus)))
        var name = ""
        var link = ""
        if let tooltip = gtk_widget_get_tooltip_text(focus) {
            name = String(cString: tooltip)
        } else if type == "GtkLabel", let text = gtk_label_get_text(OpaquePointer(focus)) {
            name = String(String(cString: text).prefix(60))
        } else if type == "GtkButton",
                  let label = gtk_button_get_label(UnsafeMutableRawPointer(focus).assumingMemoryBound(to: GtkButton.self)) {
            name = String(cString: label)
        }
        // A control with no text of its own (a switch) is named by what a screen reader says for it.
        if name.isEmpty, let label = lf_accessible_label(UnsafeMutableRawPointer(focus)) { name = String(cString: label) }
        // A button showing a picture and text (a grid tile, an Inbox row) is named by its first label.
        if name.isEmpty, let text = Self.firstLabelText(in: focus) { name = String(text.prefix(60)) }
        if type == "GtkLabel", let uri = gtk_label_get_current_uri(OpaquePointer(focus)) { link = String(cString: uri) }
        let box = Self.boxInWindow(focus, root: root)
        return FocusReport(widget: type, name: name, x: Int(box.origin.x.rounded()), y: Int(box.origin.y.rounded()),
                           width: Int(box.size.width.rounded()), height: Int(box.size.height.rounded()),
                           link: link, visible: gtk_widget_has_visible_focus(focus) != 0)
    }

    /// Whether the widget is on screen (mapped): a window that is has a frame clock.
    public var isMapped: Bool { gtk_widget_get_mapped(widget) != 0 }

    /// Where `focus` is in its window's coordinates, also inside a popover (a surface of its own,
    /// placed relative to the window's).
    private static func boxInWindow(_ focus: UnsafeMutablePointer<GtkWidget>, root: OpaquePointer) -> graphene_rect_t {
        var bounds = graphene_rect_t()
        let rootWidget = UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self)
        guard let native = gtk_widget_get_native(focus) else { return bounds }
        let nativeWidget = UnsafeMutableRawPointer(native).assumingMemoryBound(to: GtkWidget.self)
        if nativeWidget == rootWidget {
            if gtk_widget_compute_bounds(focus, rootWidget, &bounds) == 0 { bounds = graphene_rect_t() }
            return bounds
        }
        guard gtk_widget_compute_bounds(focus, nativeWidget, &bounds) != 0, let surface = gtk_native_get_surface(native),
              let rootNative = gtk_widget_get_native(rootWidget) else { return graphene_rect_t() }
        var nx = 0.0, ny = 0.0, rx = 0.0, ry = 0.0
        gtk_native_get_surface_transform(native, &nx, &ny)
        gtk_native_get_surface_transform(rootNative, &rx, &ry)
        let popup = OpaquePointer(UnsafeMutableRawPointer(surface))
        bounds.origin.x += Float(Double(gdk_popup_get_position_x(popup)) + nx - rx)
        bounds.origin.y += Float(Double(gdk_popup_get_position_y(popup)) + ny - ry)
        return bounds
    }
}

/// Whether the keyboard was used last (not the pointer), for `keepFocusRingWhileTyping`.
@MainActor
private final class KeyboardMode {
    var keyboard = false
}
