import CGLib
import Dispatch
import Synchronization

/// Context threads that end together and are joined: a player's thread is one of its runtime's
/// (FeedMedia's `MediaRuntime`), which at exit stops every player and then waits for their
/// threads, so GStreamer is freed only once none of them can touch it.
///
/// A member that ends on its own (its player was let go) leaves the group as it ends and is
/// detached, so a long session keeps no finished thread behind; `join` waits for the rest,
/// each on its own end (no polling), and joins them.
public final class ThreadGroup: Sendable {
    /// A thread of the group: its GThread (one reference, the group's), its name, and the
    /// semaphore it signals as its loop has finished.
    private struct Member {
        /// The GThread's address (GLib's threads are reference-counted and may be joined or
        /// released from any thread; an address is what crosses threads).
        let address: UInt
        let name: String
        let ended: DispatchSemaphore

        var thread: UnsafeMutablePointer<GThread> { UnsafeMutablePointer(bitPattern: address)! }
    }

    private let members = Mutex<[Int: Member]>([:])
    private let nextID = Atomic<Int>(0)

    public init() {}

    /// The names of the threads still running ("player", "sound"), one per thread, sorted.
    public var runningNames: [String] {
        members.withLock { $0.values.map(\.name) }.sorted()
    }

    /// Waits up to `seconds` in all for every thread of the group to end (their owners were
    /// told to stop them) and joins those that did. Returns the names of those still running
    /// (empty when every one was joined); they are detached and no longer the group's.
    public func join(within seconds: Double) -> [String] {
        let waiting = members.withLock { members in
            defer { members.removeAll() }
            return Array(members.values)
        }
        let deadline = DispatchTime.now() + seconds
        var running: [String] = []
        for member in waiting {
            if member.ended.wait(timeout: deadline) == .success {
                g_thread_join(member.thread)
            } else {
                running.append(member.name)
                g_thread_unref(member.thread)
            }
        }
        return running.sorted()
    }

    /// An id for a thread about to be made.
    func reserveID() -> Int {
        nextID.add(1, ordering: .relaxed).newValue
    }

    /// Takes the reference to `thread` that g_thread_new gave; `ended` is what the thread
    /// signals as it ends.
    func add(_ thread: UnsafeMutablePointer<GThread>, id: Int, name: String, ended: DispatchSemaphore) {
        let member = Member(address: UInt(bitPattern: thread), name: name, ended: ended)
        members.withLock { $0[id] = member }
    }

    /// Called by the thread `id` itself as it ends: if `join` has not taken it, it leaves the
    /// group and is detached (GLib frees it once the thread has returned).
    func ended(_ id: Int) {
        guard let member = members.withLock({ $0.removeValue(forKey: id) }) else { return }
        g_thread_unref(member.thread)
    }
}
