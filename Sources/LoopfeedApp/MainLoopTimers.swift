import FeedCore
import GLibKit

/// `Timers` on GLib's main loop.
struct MainLoopTimers: Timers {
    init() {}

    private final class Token: TimerToken {
        var source: SourceHandle?
        func cancel() { source?.cancel() }
    }

    func after(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) -> TimerToken {
        let token = Token()
        token.source = MainLoop.after(milliseconds: milliseconds, body)
        return token
    }
}
