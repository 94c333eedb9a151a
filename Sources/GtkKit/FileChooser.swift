import CGtk
import GLibKit

/// Asks for a file with the desktop's file chooser (GtkFileChooserNative; GTK 4.8 has no
/// GtkFileDialog). `completion` gets the chosen path, or nil when cancelled.
@MainActor
public final class FileChooser {
    /// Which files the chooser offers first ("All files" is always a second choice).
    public enum Kind: Sendable {
        case images, videos, audio

        var title: String {
            switch self {
            case .images: "Images"
            case .videos: "Videos"
            case .audio: "Sounds"
            }
        }
    }

    private let chooser: GObjectHandle
    private var connection: SignalConnection?

    public init(title: String, parent: Widget, kind: Kind) {
        let native: OpaquePointer = gtk_file_chooser_native_new(title, parent.handle.typed(GtkWindow.self),
                                                                GTK_FILE_CHOOSER_ACTION_OPEN, "_Open", "_Cancel")!
        chooser = GObjectHandle(adopting: UnsafeMutableRawPointer(native))
        let filter = gtk_file_filter_new()!
        gtk_file_filter_set_name(filter, kind.title)
        switch kind {
        case .images:
            gtk_file_filter_add_pixbuf_formats(filter)
        case .videos:
            gtk_file_filter_add_mime_type(filter, "video/*")
        case .audio:
            gtk_file_filter_add_mime_type(filter, "audio/*")
        }
        gtk_file_chooser_add_filter(native, filter)
        g_object_unref(UnsafeMutableRawPointer(filter))
        let all = gtk_file_filter_new()!
        gtk_file_filter_set_name(all, "All files")
        gtk_file_filter_add_pattern(all, "*")
        gtk_file_chooser_add_filter(native, all)
        g_object_unref(UnsafeMutableRawPointer(all))
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
        let dialog = raw.assumingMemoryBound(to: GtkNativeDialog.self)
        // Modal: the page behind must not change (start recording, open another clip) while
        // the user is choosing.
        gtk_native_dialog_set_modal(dialog, 1)
        gtk_native_dialog_show(dialog)
    }
}
