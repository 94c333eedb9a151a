import CGLib
import Foundation
import Synchronization

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

    /// Context threads whose loop has not finished yet, by name.
    private static let running = Mutex<[String: Int]>([:])

    /// The names of the context threads still running ("player", "sound"), one per thread.
    public static var runningNames: [String] {
        running.withLock { $0.sorted { $0.key < $1.key }.flatMap { Array(repeating: $0.key, count: $0.value) } }
    }

    /// Waits until the loops of every context thread called one of `names` have finished
    /// (their owners stopped them), up to `timeout` seconds; true when none is left. For a clean
    /// exit that frees GStreamer.
    public static func waitUntilStopped(named names: Set<String>, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while running.withLock({ $0.filter { names.contains($0.key) }.values.reduce(0, +) }) > 0 {
            if Date() >= deadline { return false }
            usleep(2_000)
        }
        return true
    }

    public init(name: String) {
        self.name = name
        Self.running.withLock { $0[name, default: 0] += 1 }
        context = g_main_context_new()
        let loop = g_main_loop_new(context, 0)!
        let running = RunningLoop(context: context, loop: loop, name: name)
        g_main_loop_unref(loop)
        self.running = running
        let thread = g_thread_new(name, { data in
            guard let data else { return nil }
            let running = Unmanaged<RunningLoop>.fromOpaque(data).takeRetainedValue()
            g_main_context_push_thread_default(running.context)
            g_main_loop_run(running.loop)
            g_main_context_pop_thread_default(running.context)
            ContextThread.running.withLock { names in
                names[running.name, default: 1] -= 1
                if names[running.name] == 0 { names.removeValue(forKey: running.name) }
            }
            return nil
        }, Unmanaged.passRetained(running).toOpaque())
        // Detached: the thread ends by itself once the loop quits (see `stop`).
        g_thread_unref(thread)
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
    let name: String
    init(context: OpaquePointer, loop: OpaquePointer, name: String) {
        self.context = g_main_context_ref(context)
        self.loop = g_main_loop_ref(loop)
        self.name = name
    }
    deinit {
        g_main_loop_unref(loop)
        g_main_context_unref(context)
    }
}
