import CGtk

/// GtkProgressBar: a fraction of 0...1.
@MainActor
public final class ProgressBar: Widget {
    public init() {
        super.init(adopting: UnsafeMutableRawPointer(gtk_progress_bar_new()))
    }

    private var bar: OpaquePointer { OpaquePointer(handle.raw) }

    public var fraction: Double {
        get { gtk_progress_bar_get_fraction(bar) }
        set { gtk_progress_bar_set_fraction(bar, min(1, max(0, newValue))) }
    }

    /// Moves back and forth: progress whose end is not known yet.
    public func pulse() { gtk_progress_bar_pulse(bar) }
}
