import CGtk
import CShims
import GLibKit

/// A one-line text field.
@MainActor
public final class Entry: Widget {
    public init(placeholder: String = "") {
        super.init(adopting: UnsafeMutableRawPointer(gtk_entry_new()))
        lf_object_set_string(handle.raw, "placeholder-text", placeholder)
    }

    public var text: String {
        get { String(cString: gtk_editable_get_text(OpaquePointer(handle.raw))) }
        set { gtk_editable_set_text(OpaquePointer(handle.raw), newValue) }
    }

    public func setMaxLength(_ length: Int32) { gtk_entry_set_max_length(handle.typed(GtkEntry.self), length) }
    public func onActivate(_ handler: @escaping @MainActor () -> Void) { on("activate", handler) }
}

/// A plain modal window (a dialog) over `parent`.
@MainActor
public final class DialogWindow: Widget {
    private var child: Widget?

    public init(title: String, parent: Window) {
        let window = gtk_window_new()!
        super.init(retaining: UnsafeMutableRawPointer(window))
        let w = handle.typed(GtkWindow.self)
        gtk_window_set_title(w, title)
        gtk_window_set_modal(w, 1)
        gtk_window_set_transient_for(w, parent.handle.typed(GtkWindow.self))
        gtk_window_set_destroy_with_parent(w, 1)
    }

    public func setChild(_ child: Widget) {
        self.child = child
        gtk_window_set_child(handle.typed(GtkWindow.self), child.widget)
    }

    public func setDefaultSize(width: Int32, height: Int32) {
        gtk_window_set_default_size(handle.typed(GtkWindow.self), width, height)
    }

    public func present() { gtk_window_present(handle.typed(GtkWindow.self)) }
    public func close() { gtk_window_destroy(handle.typed(GtkWindow.self)) }
}

/// Asks for an image file with the desktop's file chooser (GtkFileChooserNative; GTK 4.8 has
/// no GtkFileDialog). `completion` gets the chosen path, or nil when cancelled.
@MainActor
public final class ImageFileChooser {
    private let chooser: GObjectHandle
    private var connection: SignalConnection?

    public init(title: String, parent: Widget) {
        let native: OpaquePointer = gtk_file_chooser_native_new(title, parent.handle.typed(GtkWindow.self),
                                                                GTK_FILE_CHOOSER_ACTION_OPEN, "_Open", "_Cancel")!
        chooser = GObjectHandle(adopting: UnsafeMutableRawPointer(native))
        let filter = gtk_file_filter_new()!
        gtk_file_filter_set_name(filter, "Images")
        gtk_file_filter_add_pixbuf_formats(filter)
        gtk_file_chooser_add_filter(native, filter)
        g_object_unref(UnsafeMutableRawPointer(filter))
    }

    public func choose(_ completion: @escaping @MainActor (String?) -> Void) {
        typealias Handler = @MainActor (Int32) -> Void
        let raw = chooser.raw
        let handler: Handler = { response in
            var path: String?
            if response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(OpaquePointer(raw)) {
                if let cPath = g_file_get_path(file) {
                    path = String(cString: cPath)
                    g_free(cPath)
                }
                g_object_unref(UnsafeMutableRawPointer(file))
            }
            completion(path)
        }
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Void = { _, response, data in
            guard let data else { return }
            let handler = CallbackBox<Handler>.from(data)
            MainActor.assumeIsolated { handler(response) }
        }
        connection?.disconnect()
        connection = Signals.connect(raw, "response", handler: handler, trampoline: unsafeBitCast(trampoline, to: GCallback.self))
        gtk_native_dialog_show(raw.assumingMemoryBound(to: GtkNativeDialog.self))
    }
}

/// Whether GDK can load an image file (PNG, JPEG, ...), with the reason when not.
public enum ImageFile {
    public static func check(path: String) -> String? {
        var error: UnsafeMutablePointer<GError>?
        guard let texture = gdk_texture_new_from_filename(path, &error) else {
            let message = error?.pointee.message.map { String(cString: $0) } ?? "not an image"
            if let error { g_error_free(error) }
            return message
        }
        g_object_unref(UnsafeMutableRawPointer(texture))
        return nil
    }
}
