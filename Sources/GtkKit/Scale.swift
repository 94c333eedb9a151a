import CGtk
import GLibKit

/// A horizontal GtkScale over a range, e.g. the trim handles of the recorder.
@MainActor
public final class Scale: Widget {
    public init(minimum: Double, maximum: Double, step: Double) {
        super.init(adopting: UnsafeMutableRawPointer(
            gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, minimum, maximum, step)))
        gtk_scale_set_draw_value(handle.typed(GtkScale.self), 0)
    }

    private var scale: UnsafeMutablePointer<GtkScale> { handle.typed(GtkScale.self) }
    private var range: UnsafeMutablePointer<GtkRange> { handle.typed(GtkRange.self) }

    public var value: Double {
        get { gtk_range_get_value(range) }
        set { gtk_range_set_value(range, newValue) }
    }

    public func setRange(minimum: Double, maximum: Double) {
        gtk_range_set_range(range, minimum, max(minimum + 0.001, maximum))
    }

    /// Shows the value next to the handle with `digits` decimals.
    public func showValue(digits: Int32) {
        gtk_scale_set_draw_value(scale, 1)
        gtk_scale_set_digits(scale, digits)
    }

    /// The user moved it (a click, a drag, the wheel or a key), with the value they moved it to;
    /// not when the value is set from code.
    public func onUserChange(_ handler: @escaping @MainActor (Double) -> Void) {
        typealias Handler = @MainActor (Double) -> Void
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, GtkScrollType, Double, UnsafeMutableRawPointer?) -> gboolean = { _, _, value, data in
            guard let data else { return 0 }
            let handler = CallbackBox<Handler>.from(data)
            MainActor.assumeIsolated { handler(value) }
            // GTK then moves the slider there itself.
            return 0
        }
        keep(Signals.connect(handle.raw, "change-value", handler: handler as Handler,
                             trampoline: unsafeBitCast(trampoline, to: GCallback.self)))
    }

    public func onValueChanged(_ handler: @escaping @MainActor (Double) -> Void) {
        let range = range
        on("value-changed") { handler(gtk_range_get_value(range)) }
    }
}
