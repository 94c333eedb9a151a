import CGtk
import CGtkShims
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

/// A GtkDrawingArea whose content a Swift handler draws with cairo.
@MainActor
public final class DrawingArea: Widget {
    public init() {
        super.init(adopting: UnsafeMutableRawPointer(gtk_drawing_area_new()))
    }

    /// A drawn control that screen readers know as a button (a plain drawing area is an
    /// image to them; GTK sets the role only when the widget is made).
    public init(actingAsButton: Void) {
        super.init(adopting: UnsafeMutableRawPointer(lf_drawing_area_new_button()))
    }

    private var area: UnsafeMutablePointer<GtkDrawingArea> { handle.typed(GtkDrawingArea.self) }

    /// The size the area asks for, in logical pixels (its minimum and natural size).
    public var contentWidth: Int {
        get { Int(gtk_drawing_area_get_content_width(area)) }
        set { gtk_drawing_area_set_content_width(area, Int32(newValue)) }
    }

    public var contentHeight: Int {
        get { Int(gtk_drawing_area_get_content_height(area)) }
        set { gtk_drawing_area_set_content_height(area, Int32(newValue)) }
    }

    /// Draws the content whenever GTK asks (after `queueDraw`, a resize, a map). The handler
    /// lives in GTK until it is replaced or the widget is finalized; capture the owner weakly.
    public func setDrawHandler(_ handler: @escaping @MainActor (_ context: CairoContext, _ width: Int, _ height: Int) -> Void) {
        typealias Handler = @MainActor (CairoContext, Int, Int) -> Void
        let box = CallbackBox<Handler>(handler)
        // GtkDrawingAreaDrawFunc: (GtkDrawingArea *, cairo_t *, int width, int height, gpointer).
        gtk_drawing_area_set_draw_func(area, { _, cr, width, height, data in
            guard let data, let cr else { return }
            let handler = CallbackBox<Handler>.from(data)
            MainActor.assumeIsolated { handler(CairoContext(cr), Int(width), Int(height)) }
        }, box.retainedPointer(), { data in
            guard let data else { return }
            AnyCallbackBox.release(data)
        })
    }
}
