import FeedCore
import GLibKit

/// `Timers` on GLib's main loop for the client under test (the app's own is the composition
/// root's, out of these tests' reach).
struct MainLoopTimers: Timers {
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
