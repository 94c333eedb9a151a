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

    /// Moves time on as a real clock would: one timer at a time, earliest first, at its own
    /// time, so the timers those set fire too when they fall due within (a body sent in chunks
    /// a few milliseconds apart). `elapse(milliseconds: 0)` fires everything due now.
    public func elapse(milliseconds: UInt32) {
        let end = nowMs + UInt64(milliseconds)
        while true {
            pending.removeAll(where: \.cancelled)
            guard let next = pending.enumerated().filter({ $0.element.dueMs <= end })
                .min(by: { ($0.element.dueMs, $0.offset) < ($1.element.dueMs, $1.offset) }) else { break }
            pending.remove(at: next.offset)
            nowMs = max(nowMs, next.element.dueMs)
            next.element.body()
        }
        nowMs = end
    }

    /// Milliseconds since the timers were made.
    public var now: UInt64 { nowMs }
}
