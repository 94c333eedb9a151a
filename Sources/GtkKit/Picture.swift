import CGtk

/// GtkPicture showing a paintable, or an image file.
@MainActor
public final class Picture: Widget {
    public init() {
        super.init(adopting: UnsafeMutableRawPointer(gtk_picture_new()))
        gtk_picture_set_can_shrink(picture, 1)
    }

    private var picture: OpaquePointer { OpaquePointer(handle.raw) }

    /// Shows a paintable (set once; a frame paintable changes its contents in place). The
    /// picture keeps a reference of its own.
    public func setPaintable(_ paintable: (any Paintable)?) {
        gtk_picture_set_paintable(picture, paintable?.paintableObject)
    }

    /// Loads an image file (PNG, JPEG, SVG) at its natural size.
    public func setFile(path: String?) {
        gtk_picture_set_filename(picture, path)
    }

    public enum Fit { case fill, contain, cover, scaleDown }

    public func setFit(_ fit: Fit) {
        let value: GtkContentFit
        switch fit {
        case .fill: value = GTK_CONTENT_FIT_FILL
        case .contain: value = GTK_CONTENT_FIT_CONTAIN
        case .cover: value = GTK_CONTENT_FIT_COVER
        case .scaleDown: value = GTK_CONTENT_FIT_SCALE_DOWN
        }
        gtk_picture_set_content_fit(picture, value)
    }
}
