import CGLib
public import Foundation

/// Changes in one folder (not its subfolders), from a GFileMonitor with moves reported as
/// moves. Made on the main thread, whose loop delivers the changes.
@MainActor
public final class DirectoryMonitor {
    public enum Change: Sendable, Equatable {
        case created(URL)
        /// A file stopped changing for now (written and closed): safe to read.
        case changesDone(URL)
        case deleted(URL)
        case movedIn(URL)
        case movedOut(URL)
        case renamed(from: URL, to: URL)
        /// The file system the folder is on went away (unmounted: a drive unplugged).
        case unmounted(URL)
    }

    private let monitor: GObjectHandle
    private var connection: SignalConnection?

    /// nil when the folder can't be watched (gone, unreadable).
    public init?(folder: URL, onChange: @escaping @MainActor (Change) -> Void) {
        let file = g_file_new_for_path(folder.path)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        guard let made = try? GLibError.check({ g_file_monitor_directory(file, G_FILE_MONITOR_WATCH_MOVES, nil, $0) })
        else { return nil }
        monitor = GObjectHandle(adopting: UnsafeMutableRawPointer(made))
        typealias Handler = @MainActor (Change) -> Void
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, OpaquePointer?, GFileMonitorEvent,
                                        UnsafeMutableRawPointer?) -> Void = { _, file, other, event, data in
            guard let data, let url = DirectoryMonitor.url(file) else { return }
            let change: Change? = switch event {
            case G_FILE_MONITOR_EVENT_CREATED: .created(url)
            case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT: .changesDone(url)
            case G_FILE_MONITOR_EVENT_DELETED: .deleted(url)
            case G_FILE_MONITOR_EVENT_MOVED_IN: .movedIn(url)
            case G_FILE_MONITOR_EVENT_MOVED_OUT: .movedOut(url)
            case G_FILE_MONITOR_EVENT_RENAMED: DirectoryMonitor.url(other).map { .renamed(from: url, to: $0) }
            case G_FILE_MONITOR_EVENT_UNMOUNTED: .unmounted(url)
            default: nil
            }
            guard let change else { return }
            let handler = CallbackBox<Handler>.from(data)
            MainActor.assumeIsolated { handler(change) }
        }
        connection = Signals.connect(monitor.raw, "changed", handler: onChange as Handler,
                                     trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    isolated deinit {
        connection?.disconnect()
        g_file_monitor_cancel(monitor.typed(GFileMonitor.self))
    }

    nonisolated private static func url(_ file: OpaquePointer?) -> URL? {
        guard let file, let path = g_file_get_path(file) else { return nil }
        defer { g_free(path) }
        return URL(fileURLWithPath: String(cString: path))
    }
}
