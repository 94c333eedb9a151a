import CGLib

/// A GLib source attached to the default main context; `cancel()` removes it if it has not
/// finished. It holds the GSource itself, not its id: GLib reuses ids once a source is gone, so
/// looking an id up after its source fired could remove someone else's. Not Sendable: it stays
/// with whoever scheduled the work (a page's timer, a test), which is the only one to cancel it.
public final class SourceHandle {
    private var source: UnsafeMutablePointer<GSource>?

    /// Takes over the caller's reference to an attached source.
    init(adopting source: UnsafeMutablePointer<GSource>) { self.source = source }

    /// Whether the work is still to come (not run to its end, not cancelled).
    public var isPending: Bool {
        guard let source else { return false }
        return g_source_is_destroyed(source) == 0
    }

    public func cancel() {
        guard let source else { return }
        // Destroying a source that already finished is a no-op on that very source.
        g_source_destroy(source)
        g_source_unref(source)
        self.source = nil
    }

    deinit {
        // Dropping the handle does not cancel the work: most callers never keep it.
        if let source { g_source_unref(source) }
    }
}

/// The GLib main loop owns the main thread under `g_application_run`, so neither
/// `DispatchQueue.main` nor `Task { @MainActor }` ever run there: hop with these instead.
public enum MainLoop {
    public static let priorityDefault: Int32 = 0
    /// After input events (GDK's are at the default priority), before frames and redraws.
    public static let priorityJustBelowInput: Int32 = 10
    public static let priorityHighIdle: Int32 = 100
    /// Below redraws (GTK's are at 120): only once what the window must show is shown.
    public static let priorityIdle: Int32 = 200

    /// Runs `body` once on the main thread from any thread, as soon as the loop is idle.
    /// Safe from GStreamer streaming threads: never runs `body` on the calling thread.
    @discardableResult
    public static func invoke(priority: Int32 = priorityDefault,
                              _ body: @escaping @Sendable @MainActor () -> Void) -> SourceHandle {
        let box = CallbackBox(body)
        let source = g_idle_source_new()!
        g_source_set_priority(source, priority)
        g_source_set_callback(source, { data in
            guard let data else { return 0 }
            let body = CallbackBox<@Sendable @MainActor () -> Void>.from(data)
            MainActor.assumeIsolated { body() }
            return 0 // G_SOURCE_REMOVE
        }, box.retainedPointer(), { data in
            guard let data else { return }
            AnyCallbackBox.release(data)
        })
        g_source_attach(source, nil)
        return SourceHandle(adopting: source)
    }

    /// Calls `body` every `milliseconds` on the main thread while it returns true.
    @MainActor @discardableResult
    public static func every(milliseconds: UInt32, priority: Int32 = priorityDefault,
                             _ body: @escaping @MainActor () -> Bool) -> SourceHandle {
        let box = CallbackBox(body)
        let source = g_timeout_source_new(milliseconds)!
        g_source_set_priority(source, priority)
        g_source_set_callback(source, { data in
            guard let data else { return 0 }
            let body = CallbackBox<@MainActor () -> Bool>.from(data)
            return MainActor.assumeIsolated { body() } ? 1 : 0
        }, box.retainedPointer(), { data in
            guard let data else { return }
            AnyCallbackBox.release(data)
        })
        g_source_attach(source, nil)
        return SourceHandle(adopting: source)
    }

    /// Calls `body` once after `milliseconds` on the main thread.
    /// `priority` below the default lets input events that are already waiting run first.
    @MainActor @discardableResult
    public static func after(milliseconds: UInt32, priority: Int32 = priorityDefault,
                             _ body: @escaping @MainActor () -> Void) -> SourceHandle {
        every(milliseconds: milliseconds, priority: priority) { body(); return false }
    }

    /// Calls `body` on the main thread when the process receives `signal` (SIGTERM, SIGINT).
    @MainActor @discardableResult
    public static func onUnixSignal(_ signal: Int32, _ body: @escaping @MainActor () -> Void) -> SourceHandle {
        let box = CallbackBox(body)
        let source = g_unix_signal_source_new(signal)!
        g_source_set_priority(source, priorityDefault)
        g_source_set_callback(source, { data in
            guard let data else { return 0 }
            let body = CallbackBox<@MainActor () -> Void>.from(data)
            MainActor.assumeIsolated { body() }
            return 1
        }, box.retainedPointer(), { data in
            guard let data else { return }
            AnyCallbackBox.release(data)
        })
        g_source_attach(source, nil)
        return SourceHandle(adopting: source)
    }

    /// Runs pending main-context work without blocking; for tests that have no running loop.
    public static func iterate(maxIterations: Int = 1000) {
        var count = 0
        while count < maxIterations, g_main_context_iteration(nil, 0) != 0 { count += 1 }
    }

    /// Iterates the default context until `condition` holds or `timeoutSeconds` pass; for tests.
    @MainActor
    public static func run(until condition: () -> Bool, timeoutSeconds: Double) -> Bool {
        let deadline = Int64(g_get_monotonic_time()) + Int64(timeoutSeconds * 1_000_000)
        while !condition() {
            if Int64(g_get_monotonic_time()) > deadline { return false }
            if g_main_context_iteration(nil, 0) == 0 { g_usleep(1_000) }
        }
        return true
    }
}
