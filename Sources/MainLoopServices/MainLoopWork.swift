public import FeedCore
public import Foundation
import GLibKit

/// `BackgroundWork` for the app: the work runs on a worker queue and its result comes back
/// through GLib's main loop (which owns the main thread: `DispatchQueue.main` never runs here).
public struct MainLoopWork: BackgroundWork {
    private let queue: DispatchQueue

    /// `label` names the worker threads; work on one `MainLoopWork` runs one piece at a time.
    public init(label: String, qos: DispatchQoS = .userInitiated) {
        queue = DispatchQueue(label: label, qos: qos)
    }

    public func run<Output: Sendable>(_ work: @escaping @Sendable () -> Output,
                                      then deliver: @escaping @MainActor @Sendable (Output) -> Void) {
        queue.async {
            let output = work()
            MainLoop.invoke { deliver(output) }
        }
    }
}
