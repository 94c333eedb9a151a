/// Something a `Picture` can show: a GdkPaintable (a texture, a frame paintable). Typed so that
/// a widget or a pipeline element cannot be handed to a picture by mistake.
@MainActor
public protocol Paintable: AnyObject {
    /// The GdkPaintable, owned by the conforming object.
    var paintableObject: OpaquePointer { get }
}
