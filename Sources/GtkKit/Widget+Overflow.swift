import CGtk

extension Widget {
    /// Lets children draw (and be picked) outside this widget's bounds. GtkFixed clips by
    /// default, which hides a child moved past the Fixed's edge.
    public func setOverflowVisible() { gtk_widget_set_overflow(widget, GTK_OVERFLOW_VISIBLE) }
}
