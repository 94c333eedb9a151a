public import FeedCore
import GLibKit

/// `BackgroundWork` on a thread of its own at a lower CPU priority (nice 10), for long jobs
/// the user did not wait for (importing a thousand files): on two cores the page the user
/// pages to, and its streaming threads, go first. Threads this one starts (GstDiscoverer's)
/// inherit the priority. Results come back through the main loop.
public final class BackgroundPriorityWork: BackgroundWork {
    private let thread: ContextThread

    public init(name: String, niceness: Int32 = 10) {
        thread = ContextThread(name: name)
        thread.invoke { ThreadPriority.setCurrentNiceness(niceness) }
    }

    deinit { thread.stop() }

    public func run<Output: Sendable>(_ work: @escaping @Sendable () -> Output,
                                      then deliver: @escaping @MainActor @Sendable (Output) -> Void) {
        thread.invoke {
            let output = work()
            MainLoop.invoke { deliver(output) }
        }
    }
}
