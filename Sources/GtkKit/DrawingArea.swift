import CGtk
import CShims
import GLibKit

/// An empty GtkDrawingArea used as a size probe: GTK 4 widgets have no size-allocate signal,
/// but a drawing area reports every resize.
@MainActor
public final class SizeProbe: Widget {
    public init() {
        super.init(adopting: UnsafeMutableRawPointer(gtk_drawing_area_new()))
        canTarget = false
        setExpand(horizontal: true, vertical: true)
    }

    /// Width and height in logical pixels after each allocation. The handler runs just after
    /// the allocation, not inside it: resizing or scrolling other widgets from within size
    /// allocation queues work GTK drops, leaving them undrawn.
    public func onResize(_ handler: @escaping @MainActor (_ width: Int, _ height: Int) -> Void) {
        typealias Handler = @MainActor (Int, Int) -> Void
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, Int32, Int32, UnsafeMutableRawPointer?) -> Void = { _, width, height, data in
            guard let data else { return }
            let handler = CallbackBox<Handler>.from(data)
            MainLoop.invoke { handler(Int(width), Int(height)) }
        }
        keep(Signals.connect(handle.raw, "resize", handler: handler as Handler,
                             trampoline: unsafeBitCast(trampoline, to: GCallback.self)))
    }
}
