import CGtk

/// The cairo context a `DrawingArea` hands to its draw handler. It is only valid during that
/// call: GTK owns the `cairo_t` and reuses nothing of it afterwards, so never keep one.
@MainActor
public struct CairoContext {
    private let cr: OpaquePointer

    init(_ cr: OpaquePointer) { self.cr = cr }

    public enum LineCap: Sendable { case butt, round, square }

    public func save() { cairo_save(cr) }
    public func restore() { cairo_restore(cr) }

    public func translate(x: Double, y: Double) { cairo_translate(cr, x, y) }
    public func scale(x: Double, y: Double) { cairo_scale(cr, x, y) }

    public func newPath() { cairo_new_path(cr) }
    public func newSubPath() { cairo_new_sub_path(cr) }
    public func closePath() { cairo_close_path(cr) }
    public func move(toX x: Double, y: Double) { cairo_move_to(cr, x, y) }
    public func line(toX x: Double, y: Double) { cairo_line_to(cr, x, y) }
    public func curve(toX x: Double, y: Double, control1X: Double, control1Y: Double,
                      control2X: Double, control2Y: Double) {
        cairo_curve_to(cr, control1X, control1Y, control2X, control2Y, x, y)
    }

    /// Angles in radians, 0 at 3 o'clock, growing clockwise (y points down).
    public func arc(centerX: Double, centerY: Double, radius: Double, from startAngle: Double, to endAngle: Double) {
        cairo_arc(cr, centerX, centerY, radius, startAngle, endAngle)
    }

    public func setSource(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        cairo_set_source_rgba(cr, red, green, blue, alpha)
    }

    public func setLineWidth(_ width: Double) { cairo_set_line_width(cr, width) }

    public func setLineCap(_ cap: LineCap) {
        switch cap {
        case .butt: cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        case .round: cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
        }
    }

    public func fill() { cairo_fill(cr) }
    public func stroke() { cairo_stroke(cr) }
}
