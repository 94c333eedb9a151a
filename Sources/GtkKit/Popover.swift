import CGtk
import CGtkShims
import GLibKit

/// GtkPopover: a bubble pointing at a widget. It is parented to that widget only while shown
/// (a popover left parented to a button outlives it badly: GTK warns when the button dies with
/// a child it does not know about).
@MainActor
public final class Popover: Widget {
    private var child: Widget?
    private var anchor: Widget?
    /// Called once the popover has closed (Esc, a click outside, `popdown`).
    public var onClosed: (() -> Void)?

    public init() {
        super.init(adopting: UnsafeMutableRawPointer(gtk_popover_new()))
        on("closed") { [weak self] in self?.closed() }
    }

    private var popover: UnsafeMutablePointer<GtkPopover> { handle.typed(GtkPopover.self) }

    public func setChild(_ child: Widget) {
        self.child = child
        gtk_popover_set_child(popover, child.widget)
    }

    public var isOpen: Bool { anchor != nil }

    public enum Side { case top, bottom, left, right }

    /// Which side of the widget it opens on (GTK flips it when there is no room).
    public func setSide(_ side: Side) {
        let value: GtkPositionType
        switch side {
        case .top: value = GTK_POS_TOP
        case .bottom: value = GTK_POS_BOTTOM
        case .left: value = GTK_POS_LEFT
        case .right: value = GTK_POS_RIGHT
        }
        gtk_popover_set_position(popover, value)
    }

    /// Shows the popover pointing at `widget`; keyboard focus moves into it.
    public func popup(at widget: Widget) {
        openings += 1
        if let anchor, anchor !== widget { detach() }
        if anchor == nil {
            gtk_widget_set_parent(self.widget, widget.widget)
            anchor = widget
        }
        gtk_popover_popup(popover)
    }

    public func popdown() { gtk_popover_popdown(popover) }

    /// Bumped by each `popup`, so a detach queued by an earlier close leaves a newer opening be.
    private var openings = 0

    private func closed() {
        // "closed" comes while GTK still works on the popover: let it go on the next idle.
        let opening = openings
        MainLoop.invoke { [weak self] in
            guard let self, opening == openings else { return }
            detach()
            onClosed?()
        }
    }

    /// Closes it and lets go of its widget now (teardown: its anchor may be freed next).
    public func dismiss() {
        if anchor != nil { gtk_popover_popdown(popover) }
        openings += 1
        detach()
    }

    private func detach() {
        guard anchor != nil else { return }
        gtk_widget_unparent(widget)
        anchor = nil
    }

    isolated deinit {
        if anchor != nil { gtk_widget_unparent(widget) }
    }
}
