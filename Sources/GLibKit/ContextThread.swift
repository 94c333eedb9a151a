import CGLib
import Foundation

/// A thread running its own GMainContext: what is sent to it runs there, one piece at a time, in
/// the order it was sent. It is also a Swift `SerialExecutor`, so an actor can live on it and
/// the compiler keeps that actor's state on this thread. Clapper's player thread: seeks and
/// state changes can block inside GStreamer, and they must block this thread, never the window's.
///
/// `@unchecked Sendable`: its fields are set once in `init`, and GMainContext and GMainLoop are
/// thread-safe GLib objects (GLib locks the context for every call used here).
public final class ContextThread: SerialExecutor, @unchecked Sendable {
    /// The thread's GMainContext, for sources other Kit modules attach to it (a bus watch).
    package let context: OpaquePointer
    private let running: RunningLoop
    public let name: String

    /// `group`: the group that joins this thread at exit (a player's runtime); without one the
    /// thread is detached and ends by itself once stopped (a worker that only waits for work).
    public init(name: String, group: ThreadGroup? = nil) {
        self.name = name
        context = g_main_context_new()
        let loop = g_main_loop_new(context, 0)!
        let running = RunningLoop(context: context, loop: loop, group: group.map { ($0, $0.reserveID()) })
        g_main_loop_unref(loop)
        self.running = running
        let thread = g_thread_new(name, { data in
            guard let data else { return nil }
            let running = Unmanaged<RunningLoop>.fromOpaque(data).takeRetainedValue()
            g_main_context_push_thread_default(running.context)
            g_main_loop_run(running.loop)
            g_main_context_pop_thread_default(running.context)
            running.finished()
            return nil
        }, Unmanaged.passRetained(running).toOpaque())!
        if let (group, id) = running.group {
            group.add(thread, id: id, name: name, ended: running.ended)
            running.added.signal()
        } else {
            // Detached: the thread ends by itself once the loop quits (see `stop`).
            g_thread_unref(thread)
        }
    }

    deinit {
        stop()
        // The running loop holds its own reference until the thread has finished.
        g_main_context_unref(context)
    }

    /// Runs `body` on the thread, after everything sent before it.
    public func invoke(_ body: @escaping @Sendable () -> Void) {
        // Invoked from another thread, this attaches an idle source; sources of one priority
        // are dispatched in the order they were attached.
        let source = g_idle_source_new()
        g_source_set_priority(source, 0)
        attachOnce(source, body)
    }

    /// Runs `body` on the thread once `milliseconds` have passed (a GLib timeout on its context).
    public func after(milliseconds: UInt32, _ body: @escaping @Sendable () -> Void) {
        attachOnce(g_timeout_source_new(milliseconds), body)
    }

    /// Attaches `source` to the thread's context, calling `body` the first time it fires.
    private func attachOnce(_ source: UnsafeMutablePointer<GSource>?, _ body: @escaping @Sendable () -> Void) {
        let box = CallbackBox<@Sendable () -> Void>(body)
        g_source_set_callback(source, { data in
            guard let data else { return 0 }
            CallbackBox<@Sendable () -> Void>.from(data)()
            return 0 // G_SOURCE_REMOVE
        }, box.retainedPointer(), { data in
            guard let data else { return }
            AnyCallbackBox.release(data)
        })
        g_source_attach(source, context)
        g_source_unref(source)
    }

    /// Whether the calling code runs on this thread (inside its loop).
    public var isCurrent: Bool { g_main_context_is_owner(context) != 0 }

    /// Ends the loop once what was sent before has run; the thread then exits.
    public func stop() {
        let running = running
        invoke { g_main_loop_quit(running.loop) }
    }

    // MARK: SerialExecutor

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        invoke { job.runSynchronously(on: executor) }
    }

    public func checkIsolated() {
        precondition(isCurrent, "expected to run on the \(name) thread")
    }
}

/// What the thread's function needs; retained for the thread's lifetime.
private final class RunningLoop: @unchecked Sendable {
    // GMainContext and GMainLoop are thread-safe; the pointers never change.
    let context: OpaquePointer
    let loop: OpaquePointer
    /// The group that joins the thread, and the thread's id there.
    let group: (ThreadGroup, Int)?
    /// Signalled once `init` has added the thread to its group.
    let added = DispatchSemaphore(value: 0)
    /// Signalled as the loop has finished (the group's `join` waits on it).
    let ended = DispatchSemaphore(value: 0)

    init(context: OpaquePointer, loop: OpaquePointer, group: (ThreadGroup, Int)?) {
        self.context = g_main_context_ref(context)
        self.loop = g_main_loop_ref(loop)
        self.group = group
    }

    /// On the thread, its last work: leaves its group (unless the group is joining it) and says
    /// it has ended.
    func finished() {
        if let (group, id) = group {
            // A loop stopped at once may end before `init` has added the thread.
            added.wait()
            group.ended(id)
        }
        ended.signal()
    }

    deinit {
        g_main_loop_unref(loop)
        g_main_context_unref(context)
    }
}
