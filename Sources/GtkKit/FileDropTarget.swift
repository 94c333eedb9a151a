import CGtk
import GLibKit

/// Files and folders dropped on a widget (a GtkDropTarget taking a GdkFileList, which other
/// programs offer as text/uri-list): `onDrop` gets their paths; `onHover` says when a drag
/// carrying files is over the widget, so it can show where they would go.
@MainActor
public final class FileDropTarget: EventController {
    public init() {
        super.init(adopting: UnsafeMutableRawPointer(gtk_drop_target_new(gdk_file_list_get_type(), GDK_ACTION_COPY)))
    }

    private var target: OpaquePointer { OpaquePointer(handle.raw) }

    /// True as a drag of files enters, false as it leaves or drops.
    public func onHover(_ handler: @escaping @MainActor (Bool) -> Void) {
        typealias Handler = @MainActor (Bool) -> Void
        let enter: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> GdkDragAction = { _, _, _, data in
            guard let data else { return GDK_ACTION_COPY }
            let handler = CallbackBox<Handler>.from(data)
            MainActor.assumeIsolated { handler(true) }
            return GDK_ACTION_COPY
        }
        keep(Signals.connect(handle.raw, "enter", handler: handler as Handler, trampoline: unsafeBitCast(enter, to: GCallback.self)))
        keep(Signals.connect(handle.raw, "leave") { handler(false) })
    }

    /// The dropped files' local paths (those without one, from a remote location, are left out).
    /// Return false when nothing could be taken.
    public func onDrop(_ handler: @escaping @MainActor ([String]) -> Bool) {
        typealias Handler = @MainActor ([String]) -> Bool
        let drop: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<GValue>?, Double, Double, UnsafeMutableRawPointer?) -> Int32 = { _, value, _, _, data in
            guard let data, let value, let list = g_value_get_boxed(value) else { return 0 }
            var paths: [String] = []
            var node = gdk_file_list_get_files(OpaquePointer(list))
            let head = node
            while let current = node {
                if let file = current.pointee.data, let cPath = g_file_get_path(OpaquePointer(file)) {
                    paths.append(String(cString: cPath))
                    g_free(cPath)
                }
                node = current.pointee.next
            }
            // The list is ours, its files are the GdkFileList's.
            g_slist_free(head)
            let handler = CallbackBox<Handler>.from(data)
            return MainActor.assumeIsolated { handler(paths) } ? 1 : 0
        }
        keep(Signals.connect(handle.raw, "drop", handler: handler as Handler, trampoline: unsafeBitCast(drop, to: GCallback.self)))
    }
}
