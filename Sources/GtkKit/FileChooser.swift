import CGtk
import CGtkShims
import Foundation
import GLibKit

/// Asks for files or a folder with GTK's file chooser (GTK 4.8 has no GtkFileDialog). The words
/// it shows come from the caller, translated.
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

    /// The GtkFileChooser: a GtkFileChooserDialog of our own (whose Enter takes every selected
    /// file and opens a typed folder), or in a sandbox, where only the desktop's portal can reach
    /// the user's files, a GtkFileChooserNative.
    /// Set once at launch by the composition root, from the environment: whether only the
    /// desktop's portal reaches the user's files (a Flatpak, a Snap, GTK_USE_PORTAL=1).
    public static var usesPortal = false

    private let chooser: GObjectHandle
    private let isDialog: Bool
    private var closed = false
    private var connection: SignalConnection?

    /// `kind`: the filter offered first (none for a folder). `startFolder`: where it opens (GTK
    /// opened in Recent, where a folder of videos is not).
    public init(title: String, parent: Widget, action: Action = .open(multiple: false), kind: Kind?, labels: Labels,
                startFolder: String? = nil) {
        let gtkAction = switch action {
        case .open: GTK_FILE_CHOOSER_ACTION_OPEN
        case .selectFolder: GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER
        case .save: GTK_FILE_CHOOSER_ACTION_SAVE
        }
        let sandboxed = Self.usesPortal
        isDialog = !sandboxed
        let raw: UnsafeMutableRawPointer
        if sandboxed {
            raw = UnsafeMutableRawPointer(gtk_file_chooser_native_new(title, parent.handle.typed(GtkWindow.self), gtkAction,
                                                                      labels.accept, labels.cancel)!)
        } else {
            raw = UnsafeMutableRawPointer(lf_file_chooser_dialog_new(title, parent.handle.typed(GtkWindow.self), gtkAction,
                                                                     labels.accept, labels.cancel)!)
        }
        // A dialog is a toplevel (GTK's window list holds it); a native dialog is ours alone.
        chooser = sandboxed ? GObjectHandle(adopting: raw) : GObjectHandle(retaining: raw)
        let native = OpaquePointer(raw)
        if case .open(multiple: true) = action { gtk_file_chooser_set_select_multiple(native, 1) }
        if case .save(let name) = action { gtk_file_chooser_set_current_name(native, name) }
        if let startFolder {
            let folder = g_file_new_for_path(startFolder)
            _ = gtk_file_chooser_set_current_folder(native, folder, nil)
            g_object_unref(UnsafeMutableRawPointer(folder))
        }
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
        let isDialog = isDialog
        let handler: Handler = { [weak self] response in
            var paths: [String] = []
            if response == GTK_RESPONSE_ACCEPT.rawValue, let files = gtk_file_chooser_get_files(OpaquePointer(raw)) {
                for index in 0..<g_list_model_get_n_items(files) {
                    guard let file = g_list_model_get_item(files, index) else { continue }
                    if let cPath = g_file_get_path(OpaquePointer(file)) {
                        paths.append(String(cString: cPath))
                        g_free(cPath)
                    }
                    g_object_unref(file)
                }
                g_object_unref(UnsafeMutableRawPointer(files))
            }
            // A dialog stays up after it answers: it goes now, before the caller (who may let
            // this chooser go) hears the answer.
            if isDialog { self?.close() ?? gtk_window_destroy(raw.assumingMemoryBound(to: GtkWindow.self)) }
            completion(paths)
        }
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Void = { _, response, data in
            guard let data else { return }
            let handler = CallbackBox<Handler>.from(data)
            MainActor.assumeIsolated { handler(response) }
        }
        connection?.disconnect()
        connection = Signals.connect(raw, "response", handler: handler, trampoline: unsafeBitCast(trampoline, to: GCallback.self))
        // Modal: the page behind must not change (start recording, open another clip) while
        // the user is choosing.
        if isDialog {
            gtk_window_present(raw.assumingMemoryBound(to: GtkWindow.self))
        } else {
            let dialog = raw.assumingMemoryBound(to: GtkNativeDialog.self)
            gtk_native_dialog_set_modal(dialog, 1)
            gtk_native_dialog_show(dialog)
        }
    }

    /// Closes it (a dialog answered, or the window going away).
    public func close() {
        guard !closed else { return }
        closed = true
        connection?.disconnect()
        connection = nil
        if isDialog {
            gtk_window_destroy(chooser.raw.assumingMemoryBound(to: GtkWindow.self))
        } else {
            gtk_native_dialog_destroy(chooser.raw.assumingMemoryBound(to: GtkNativeDialog.self))
        }
    }
}
