/// One-shot timers on the main thread, so stores can wait (an undo window) without a main loop
/// in their tests: the app's run on GLib's main loop, FeedTesting's fire when told.
@MainActor
public protocol Timers {
    @discardableResult
    func after(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) -> TimerToken
}

/// A timer that may still be called off.
@MainActor
public protocol TimerToken: AnyObject {
    func cancel()
}
