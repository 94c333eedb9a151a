public import FeedCore

/// Timers that fire only when a test moves time on.
@MainActor
public final class ManualTimers: Timers {
    private final class Token: TimerToken {
        let dueMs: UInt64
        let body: @MainActor () -> Void
        var cancelled = false
        init(dueMs: UInt64, body: @escaping @MainActor () -> Void) {
            self.dueMs = dueMs
            self.body = body
        }
        func cancel() { cancelled = true }
    }

    private var nowMs: UInt64 = 0
    private var pending: [Token] = []

    public init() {}

    public var waiting: Int { pending.filter { !$0.cancelled }.count }

    public func after(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) -> TimerToken {
        let token = Token(dueMs: nowMs + UInt64(milliseconds), body: body)
        pending.append(token)
        return token
    }

    /// Moves time on, firing what falls due, in order.
    public func advance(milliseconds: UInt32) {
        nowMs += UInt64(milliseconds)
        let due = pending.filter { $0.dueMs <= nowMs }.sorted { $0.dueMs < $1.dueMs }
        pending.removeAll { $0.dueMs <= nowMs }
        for token in due where !token.cancelled { token.body() }
    }
}
