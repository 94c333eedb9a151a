import Foundation
import GLibKit

/// Where the networks' answers are read: a thread page of comments or a 10 MB answer of hostile
/// JSON takes longer than a frame, so the app reads off the main thread and answers on the main
/// loop; tests may read on the spot, so a fake server's answer is final at once.
public protocol NetworkDocumentDecoding: Sendable {
    @MainActor
    func decode<Value: Sendable>(_ read: @escaping @Sendable () -> Value, then: @escaping @Sendable @MainActor (Value) -> Void)
}

/// Reads on one background queue, one answer after another (never both cores from the video),
/// and answers on the main loop.
public struct BackgroundNetworkDecoding: NetworkDocumentDecoding {
    private static let queue = DispatchQueue(label: "io.github.loopfeed.network-documents", qos: .utility)

    public init() {}

    @MainActor
    public func decode<Value: Sendable>(_ read: @escaping @Sendable () -> Value,
                                        then: @escaping @Sendable @MainActor (Value) -> Void) {
        Self.queue.async {
            let value = read()
            MainLoop.invoke { then(value) }
        }
    }
}

/// Reads at once, on the caller's thread (tests over a scripted server).
public struct ImmediateNetworkDecoding: NetworkDocumentDecoding {
    public init() {}

    @MainActor
    public func decode<Value: Sendable>(_ read: @escaping @Sendable () -> Value,
                                        then: @escaping @Sendable @MainActor (Value) -> Void) {
        then(read())
    }
}
