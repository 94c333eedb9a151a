import CGLib
import Foundation
import Synchronization
import XCTest

/// Counts deinits of `Sentinel`s: a closure box that captured one is released exactly when
/// the counter moves.
final class DeinitCounter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func increment() { count.withLock { $0 += 1 } }
}

final class Sentinel: Sendable {
    let counter: DeinitCounter
    init(_ counter: DeinitCounter) { self.counter = counter }
    func touch() {}
    deinit { counter.increment() }
}

/// Runs the default main context for `seconds` (for "nothing more happens" checks).
@MainActor
func spinMainLoop(seconds: Double) {
    _ = MainLoopSpin.run(seconds: seconds)
}

private enum MainLoopSpin {
    @MainActor static func run(seconds: Double) -> Bool {
        let deadline = Int64(g_get_monotonic_time()) + Int64(seconds * 1_000_000)
        while Int64(g_get_monotonic_time()) < deadline {
            if g_main_context_iteration(nil, 0) == 0 { g_usleep(1_000) }
        }
        return true
    }
}

/// Collects CRITICAL and WARNING messages logged through `g_log` (GLib-GObject ref-count
/// assertions and every `g_return_if_fail` land here) while `body` runs.
private let capturedLogMessages = Mutex<[String]>([])

@MainActor
func collectingGLibCriticals(_ body: () throws -> Void) rethrows -> [String] {
    capturedLogMessages.withLock { $0.removeAll() }
    let previous = g_log_set_default_handler({ domain, level, message, _ in
        let serious = G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_LEVEL_WARNING.rawValue | G_LOG_LEVEL_ERROR.rawValue
        if level.rawValue & serious != 0 {
            let text = (domain.map { String(cString: $0) } ?? "") + ": " + (message.map { String(cString: $0) } ?? "")
            capturedLogMessages.withLock { $0.append(text) }
        }
        g_log_default_handler(domain, level, message, nil)
    }, nil)
    defer { g_log_set_default_handler(previous, nil) }
    try body()
    return capturedLogMessages.withLock { $0 }
}

