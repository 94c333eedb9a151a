import CGtk
import GLibKit

/// Asks for files or a folder with the desktop's file chooser (GtkFileChooserNative; GTK 4.8
/// has no GtkFileDialog). The words it shows come from the caller, translated.
@MainActor
public final class FileChooser {
    /// Which files the chooser offers first.
    public enum Kind: Sendable {
        case images, videos, audio
    }

    public enum Action: Sendable {
        /// One file, or several with `multiple`.
        case open(multiple: Bool)
        case selectFolder
        /// A file to write, its name suggested.
        case save(suggestedName: String)
    }

    /// What the chooser says: the accept and cancel buttons, the offered filter's name and
    /// the second "every file" filter's.
    public struct Labels: Sendable {
        public var accept: String
        public var cancel: String
        public var filter: String
        public var allFiles: String

        public init(accept: String, cancel: String, filter: String = "", allFiles: String = "") {
            self.accept = accept
            self.cancel = cancel
            self.filter = filter
            self.allFiles = allFiles
        }
    }

    private let chooser: GObjectHandle
    private var connection: SignalConnection?

    /// `kind`: the filter offered first (none for a folder).
    public init(title: String, parent: Widget, action: Action = .open(multiple: false), kind: Kind?, labels: Labels) {
        let gtkAction = switch action {
        case .open: GTK_FILE_CHOOSER_ACTION_OPEN
        case .selectFolder: GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER
        case .save: GTK_FILE_CHOOSER_ACTION_SAVE
        }
        let native: OpaquePointer = gtk_file_chooser_native_new(title, parent.handle.typed(GtkWindow.self), gtkAction,
                                                                labels.accept, labels.cancel)!
        chooser = GObjectHandle(adopting: UnsafeMutableRawPointer(native))
        if case .open(multiple: true) = action { gtk_file_chooser_set_select_multiple(native, 1) }
        if case .save(let name) = action { gtk_file_chooser_set_current_name(native, name) }
        guard let kind else { return }
        let filter = gtk_file_filter_new()!
        gtk_file_filter_set_name(filter, labels.filter)
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
        gtk_file_filter_set_name(all, labels.allFiles)
        gtk_file_filter_add_pattern(all, "*")
        gtk_file_chooser_add_filter(native, all)
        g_object_unref(UnsafeMutableRawPointer(all))
    }

    /// The chosen path, or nil when cancelled.
    public func choose(_ completion: @escaping @MainActor (String?) -> Void) {
        chooseAll { completion($0.first) }
    }

    /// Every chosen path (a multiple choice, or the folder), empty when cancelled.
    public func chooseAll(_ completion: @escaping @MainActor ([String]) -> Void) {
        typealias Handler = @MainActor (Int32) -> Void
        let raw = chooser.raw
        let handler: Handler = { response in
            guard response == GTK_RESPONSE_ACCEPT.rawValue,
                  let files = gtk_file_chooser_get_files(OpaquePointer(raw)) else { return completion([]) }
            defer { g_object_unref(UnsafeMutableRawPointer(files)) }
            var paths: [String] = []
            for index in 0..<g_list_model_get_n_items(files) {
                guard let file = g_list_model_get_item(files, index) else { continue }
                if let cPath = g_file_get_path(OpaquePointer(file)) {
                    paths.append(String(cString: cPath))
                    g_free(cPath)
                }
                g_object_unref(file)
            }
            completion(paths)
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
