public import FeedCore
public import Foundation
import Synchronization

/// `ClipJobs` whose probes wait until the test answers them (`finishProbe`). Joins, covers and
/// renders never answer (no store test needs them yet); files are not touched.
public final class FakeClipJobs: ClipJobs {
    private typealias Delivery = @Sendable @MainActor (Result<ClipFacts, ClipJobFailure>) -> Void
    private let probes = Mutex<[(URL, Delivery)]>([])

    public init() {}

    /// The files probed and not yet answered, oldest first.
    public var pendingProbes: [URL] { probes.withLock { $0.map(\.0) } }

    /// Answers the oldest probe of `file`.
    @MainActor
    public func finishProbe(_ file: URL, with result: Result<ClipFacts, ClipJobFailure>) {
        let deliver = probes.withLock { list -> Delivery? in
            guard let index = list.firstIndex(where: { $0.0 == file }) else { return nil }
            return list.remove(at: index).1
        }
        deliver?(result)
    }

    public func probe(_ file: URL, then deliver: @escaping @Sendable @MainActor (Result<ClipFacts, ClipJobFailure>) -> Void) {
        probes.withLock { $0.append((file, deliver)) }
    }

    public func join(segmentsIn folder: URL, then deliver: @escaping @Sendable @MainActor (Result<ClipFacts, ClipJobFailure>) -> Void) {}

    public func covers(of clip: URL, at times: [Double], edit: ClipEdit, width: Int, into folder: URL, ticket: WorkTicket,
                       then deliver: @escaping @Sendable @MainActor ([URL], ClipJobFailure?) -> Void) {}

    public func render(_ clip: URL, edit: ClipEdit, into folder: URL, ticket: WorkTicket,
                       progress: @escaping @Sendable @MainActor (Double) -> Void,
                       then deliver: @escaping @Sendable @MainActor (Result<URL, ClipJobFailure>) -> Void) {}

    public func makeFolder(_ folder: URL) -> RecorderError? { nil }
    public func nextSegment(in folder: URL) -> URL { folder.appendingPathComponent("seg-001.mp4") }
    public func removeLastSegment(in folder: URL) {}
    public func discard(_ item: URL) {}
    public func exists(_ file: URL) -> Bool { false }
}
