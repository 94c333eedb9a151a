import CGLibShims

/// Watches the main loop from a thread of its own (debug and test builds): when the loop has
/// not come round for longer than the threshold, the main thread's stack goes to stderr, and
/// once the stall is over `onStall` hears how long it lasted. A flushing seek issued on the main
/// thread once froze the window for good; this is how such a stall is caught in the act.
public enum MainLoopWatchdog {
    /// Call once, on the main thread, before the main loop runs. `onStall` runs on the
    /// watchdog's thread.
    public static func start(stallMilliseconds: Int32, onStall: @escaping @Sendable (_ milliseconds: Int64) -> Void) {
        // The box lives as long as the process: the app's watchdog never stops (a test's box
        // is one small leak per test).
        let box = Unmanaged.passRetained(StallBox(onStall)).toOpaque()
        lf_watchdog_start(stallMilliseconds, { milliseconds, data in
            guard let data else { return }
            Unmanaged<StallBox>.fromOpaque(data).takeUnretainedValue().handler(Int64(milliseconds))
        }, box)
    }

    /// Stops watching and waits for the watchdog's thread (tests: the app's runs until exit).
    public static func stop() {
        lf_watchdog_stop()
    }
}

private final class StallBox: Sendable {
    let handler: @Sendable (Int64) -> Void
    init(_ handler: @escaping @Sendable (Int64) -> Void) { self.handler = handler }
}
