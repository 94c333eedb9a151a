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
        if type == "GtkLabel", let uri = gtk_label_get_current_uri(OpaquePointer(focus)) { link = String(cString: uri) }
        var bounds = graphene_rect_t()
        let rootWidget = UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self)
        if gtk_widget_compute_bounds(focus, rootWidget, &bounds) == 0 { bounds = graphene_rect_t() }
        return FocusReport(widget: type, name: name, x: Int(bounds.origin.x.rounded()), y: Int(bounds.origin.y.rounded()),
                           width: Int(bounds.size.width.rounded()), height: Int(bounds.size.height.rounded()),
                           link: link, visible: gtk_widget_has_visible_focus(focus) != 0)
    }
}
