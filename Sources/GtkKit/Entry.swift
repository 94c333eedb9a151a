import CGtk
import CGtkShims
import CGLibShims
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

    /// Moves the cursor to the end (GTK selects the whole text when an entry takes focus).
    public func moveCursorToEnd() { gtk_editable_set_position(OpaquePointer(handle.raw), -1) }

    /// A password's field: its text shown as dots, and input methods told it is a password.
    public func hideText() {
        gtk_entry_set_visibility(handle.typed(GtkEntry.self), 0)
        gtk_entry_set_input_purpose(handle.typed(GtkEntry.self), GTK_INPUT_PURPOSE_PASSWORD)
    }

    public func setMaxLength(_ length: Int32) { gtk_entry_set_max_length(handle.typed(GtkEntry.self), length) }
    public func onActivate(_ handler: @escaping @MainActor () -> Void) { on("activate", handler) }
    public func onChanged(_ handler: @escaping @MainActor () -> Void) { on("changed", handler) }
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
        // Escape closes it, as a dialog does (through close-request, so onCloseRequest hears it).
        let escape = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_add_shortcut(escape,
                                             gtk_shortcut_new(gtk_shortcut_trigger_parse_string("Escape"),
                                                              gtk_named_action_new("window.close")))
        gtk_widget_add_controller(widget, escape)
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
    public var title: String { gtk_window_get_title(handle.typed(GtkWindow.self)).map { String(cString: $0) } ?? "" }

    /// Called when the user closes it from its title bar (or Escape); return true to keep it open.
    public func onCloseRequest(_ handler: @escaping @MainActor () -> Bool) {
        keep(Signals.connectCloseRequest(handle.raw, handler))
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
