public import FeedCore
import GLibKit

/// `Timers` on GLib's main loop: the app's (made by the composition root) and the tests' that
/// run a real main loop (the HTTP client's, the video cache's).
public struct MainLoopTimers: Timers {
    public init() {}

    private final class Token: TimerToken {
        var source: SourceHandle?
        func cancel() { source?.cancel() }
    }

    public func after(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) -> TimerToken {
        let token = Token()
        token.source = MainLoop.after(milliseconds: milliseconds, body)
        return token
    }
}
