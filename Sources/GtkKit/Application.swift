import CGtk
import CGtkShims
public import GLibKit

/// GtkApplication. `run()` hands the main thread to GLib until the last window closes.
@MainActor
public final class Application {
    public let handle: GObjectHandle
    private var connections: [SignalConnection] = []

    /// `unique`: a second launch with the same id activates the first instance instead.
    public init(id: String, unique: Bool) {
        // The locale was set up already (Localization.setUp): GTK's own setlocale(LC_ALL, "")
        // would bring back the user's LC_NUMERIC, and "0,5" in a pipeline does not parse.
        gtk_disable_setlocale()
        let flags = unique ? G_APPLICATION_DEFAULT_FLAGS : G_APPLICATION_NON_UNIQUE
        handle = GObjectHandle(adopting: UnsafeMutableRawPointer(gtk_application_new(id, flags)))
    }

    private var app: UnsafeMutablePointer<GtkApplication> { handle.typed(GtkApplication.self) }
    private var gapp: UnsafeMutablePointer<GApplication> { handle.typed(GApplication.self) }

    /// Called in the primary instance at start and on every later launch.
    public func onActivate(_ handler: @escaping @MainActor () -> Void) {
        connections.append(Signals.connect(handle.raw, "activate") { MainActor.assumeIsolated { handler() } })
    }

    public func onShutdown(_ handler: @escaping @MainActor () -> Void) {
        connections.append(Signals.connect(handle.raw, "shutdown") { MainActor.assumeIsolated { handler() } })
    }

    /// The command line is parsed by Loopfeed itself, so GLib gets none of it.
    public func run() -> Int32 { g_application_run(gapp, 0, nil) }

    public func quit() { g_application_quit(gapp) }

    /// Shortcut for an action such as "app.quit" or "win.fullscreen".
    public func setAccelerators(_ accelerators: [String], forAction action: String) {
        var cStrings = accelerators.map { strdup($0) }
        cStrings.append(nil)
        defer { for pointer in cStrings { free(pointer) } }
        cStrings.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                gtk_application_set_accels_for_action(app, action, $0)
            }
        }
    }

    /// Adds a parameterless action "app.<name>".
    public func addAction(_ name: String, _ handler: @escaping @MainActor () -> Void) {
        let action = GObjectHandle(adopting: UnsafeMutableRawPointer(g_simple_action_new(name, nil)!))
        // "activate" passes the action's parameter (NULL here) before the user data.
        connections.append(Signals.connectIgnoringArgument(action.raw, "activate") { MainActor.assumeIsolated { handler() } })
        g_action_map_add_action(OpaquePointer(handle.raw), OpaquePointer(action.raw))
    }

    /// Registers with the session bus now rather than in `run()`, so the caller knows before
    /// the main loop whether this process is the primary instance (`isRemote`). False when the
    /// bus could not be reached; `run()` then tries again and reports it.
    @discardableResult
    public func register() -> Bool { g_application_register(gapp, nil, nil) != 0 }

    /// Whether this process is a remote instance forwarding to an already running one.
    public var isRemote: Bool { g_application_get_is_remote(gapp) != 0 }

    /// Inhibits the screensaver (idle) while playing; returns a cookie, 0 when refused.
    public func inhibitIdle(window: Window, reason: String) -> UInt32 {
        gtk_application_inhibit(app, window.handle.typed(GtkWindow.self), GTK_APPLICATION_INHIBIT_IDLE, reason)
    }

    public func uninhibit(_ cookie: UInt32) { if cookie != 0 { gtk_application_uninhibit(app, cookie) } }
}
