import CGtk
import CGtkShims

/// GtkFixed: children at explicit positions, with optional transforms (for animations).
@MainActor
public final class Fixed: Widget {
    private var children: [ObjectIdentifier: Widget] = [:]

    public init() { super.init(adopting: UnsafeMutableRawPointer(gtk_fixed_new())) }

    private var fixed: UnsafeMutablePointer<GtkFixed> { handle.typed(GtkFixed.self) }

    public func put(_ child: Widget, x: Double, y: Double) {
        children[ObjectIdentifier(child)] = child
        gtk_fixed_put(fixed, child.widget, x, y)
    }

    public func move(_ child: Widget, x: Double, y: Double) { gtk_fixed_move(fixed, child.widget, x, y) }

    public func remove(_ child: Widget) {
        gtk_fixed_remove(fixed, child.widget)
        children[ObjectIdentifier(child)] = nil
    }

    /// Places `child` at (x, y), rotated by `degrees` and scaled around its centre.
    public func setTransform(_ child: Widget, x: Double, y: Double, width: Double, height: Double,
                             degrees: Double, scale: Double) {
        var point = graphene_point_t(x: Float(x + width / 2), y: Float(y + height / 2))
        var transform = gsk_transform_translate(nil, &point)
        transform = gsk_transform_rotate(transform, Float(degrees))
        transform = gsk_transform_scale(transform, Float(scale), Float(scale))
        var back = graphene_point_t(x: Float(-width / 2), y: Float(-height / 2))
        transform = gsk_transform_translate(transform, &back)
        gtk_fixed_set_child_transform(fixed, child.widget, transform)
        gsk_transform_unref(transform)
    }
}
