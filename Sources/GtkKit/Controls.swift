import CGtk
import CGtkShims
import GLibKit

/// GtkLabel.
@MainActor
public final class Label: Widget {
    public init(_ text: String = "") {
        super.init(adopting: UnsafeMutableRawPointer(gtk_label_new(text)))
    }

    private var label: OpaquePointer { OpaquePointer(handle.raw) }

    /// Plain text, never interpreted as markup.
    public var text: String {
        get { String(cString: gtk_label_get_text(label)) }
        set { gtk_label_set_text(label, newValue) }
    }

    /// Pango markup; callers escape untrusted parts with `Markup.escape`.
    public func setMarkup(_ markup: String) { gtk_label_set_markup(label, markup) }

    public func setWrap(_ wrap: Bool, maxLines: Int32 = -1) {
        gtk_label_set_wrap(label, wrap ? 1 : 0)
        gtk_label_set_wrap_mode(label, PANGO_WRAP_WORD_CHAR)
        if maxLines > 0 {
            gtk_label_set_lines(label, maxLines)
            gtk_label_set_ellipsize(label, PANGO_ELLIPSIZE_END)
        }
    }

    public func setEllipsizeEnd() { gtk_label_set_ellipsize(label, PANGO_ELLIPSIZE_END) }
    public func setXAlign(_ x: Float) { gtk_label_set_xalign(label, x) }
    public func setSingleLine(maxWidthChars: Int32) {
        gtk_label_set_single_line_mode(label, 1)
        gtk_label_set_max_width_chars(label, maxWidthChars)
    }
    /// Wraps at about `chars` characters wide: a long message keeps to a readable column.
    public func setMaxWidthChars(_ chars: Int32) { gtk_label_set_max_width_chars(label, chars) }
    public func setSelectable(_ on: Bool) { gtk_label_set_selectable(label, on ? 1 : 0) }

    /// Where the text from UTF-8 byte `start` to `end` shows, in the label's coordinates (over
    /// the lines it is on only); nil when it shows nowhere.
    public func box(ofBytes start: Int, to end: Int) -> WidgetRect? {
        var box = graphene_rect_t()
        guard lf_label_range_box(handle.raw.assumingMemoryBound(to: GtkWidget.self), Int32(start), Int32(end), &box) != 0 else { return nil }
        let x = Int(box.origin.x.rounded(.down)), y = Int(box.origin.y.rounded(.down))
        return WidgetRect(x: x, y: y, width: Int((box.origin.x + box.size.width).rounded(.up)) - x,
                          height: Int((box.origin.y + box.size.height).rounded(.up)) - y)
    }

    /// The link that has keyboard focus (or was just clicked), by its URI; nil when none.
    public var currentURI: String? { gtk_label_get_current_uri(label).map { String(cString: $0) } }

    /// Called when a link in the markup (`<a href="...">`) is clicked; return true if handled.
    public func onActivateLink(_ handler: @escaping @MainActor (String) -> Bool) {
        typealias Handler = @MainActor (String) -> Bool
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Int32 = { _, uri, data in
            guard let data, let uri else { return 0 }
            let handler = CallbackBox<Handler>.from(data)
            let text = String(cString: uri)
            return MainActor.assumeIsolated { handler(text) } ? 1 : 0
        }
        keep(Signals.connect(handle.raw, "activate-link", handler: handler as Handler,
                             trampoline: unsafeBitCast(trampoline, to: GCallback.self)))
    }
}

/// GtkButton with an icon, a label or both.
@MainActor
public final class Button: Widget {
    public init(label: String? = nil, iconName: String? = nil) {
        let button: UnsafeMutablePointer<GtkWidget>
        if let iconName, label == nil {
            button = gtk_button_new_from_icon_name(iconName)
        } else {
            button = gtk_button_new_with_label(label ?? "")
        }
        super.init(adopting: UnsafeMutableRawPointer(button))
    }

    /// A button showing `child` (e.g. an icon above a label).
    public init(child: Widget) {
        super.init(adopting: UnsafeMutableRawPointer(gtk_button_new()))
        self.child = child
        gtk_button_set_child(handle.typed(GtkButton.self), child.widget)
    }

    private var child: Widget?

    public var label: String {
        get { gtk_button_get_label(handle.typed(GtkButton.self)).map { String(cString: $0) } ?? "" }
        set { gtk_button_set_label(handle.typed(GtkButton.self), newValue) }
    }

    public func setIconName(_ name: String) { gtk_button_set_icon_name(handle.typed(GtkButton.self), name) }
    public func setHasFrame(_ on: Bool) { gtk_button_set_has_frame(handle.typed(GtkButton.self), on ? 1 : 0) }

    public func onClicked(_ handler: @escaping @MainActor () -> Void) { on("clicked", handler) }
}

/// GtkImage from a themed icon name or a file.
@MainActor
public final class Image: Widget {
    public init(iconName: String, pixelSize: Int32 = 0) {
        super.init(adopting: UnsafeMutableRawPointer(gtk_image_new_from_icon_name(iconName)))
        if pixelSize > 0 { gtk_image_set_pixel_size(OpaquePointer(handle.raw), pixelSize) }
    }

    public func setIconName(_ name: String) { gtk_image_set_from_icon_name(OpaquePointer(handle.raw), name) }

    /// An image file drawn inside the pixel-size square, whatever its own size (avatars): unlike
    /// a Picture, an Image's natural size is its pixel size, so a 256 px file stays 48 px.
    public convenience init(file path: String?, pixelSize: Int32) {
        self.init(iconName: "avatar-default-symbolic", pixelSize: pixelSize)
        setFile(path)
    }

    public func setFile(_ path: String?) {
        if let path {
            gtk_image_set_from_file(OpaquePointer(handle.raw), path)
        } else {
            gtk_image_set_from_icon_name(OpaquePointer(handle.raw), "avatar-default-symbolic")
        }
    }
    public func setPixelSize(_ size: Int32) { gtk_image_set_pixel_size(OpaquePointer(handle.raw), size) }
}

/// GtkSpinner.
@MainActor
public final class Spinner: Widget {
    public init() { super.init(adopting: UnsafeMutableRawPointer(gtk_spinner_new())) }
    public var spinning: Bool {
        get { gtk_spinner_get_spinning(OpaquePointer(handle.raw)) != 0 }
        set { gtk_spinner_set_spinning(OpaquePointer(handle.raw), newValue ? 1 : 0) }
    }
}
