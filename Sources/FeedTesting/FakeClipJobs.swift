public import FeedCore
public import Foundation
import Synchronization

/// `ClipJobs` whose jobs wait until the test answers them (`finishProbe`, `finishJoin`,
/// `finishCovers`, `finishRender`), as MediaClipJobs' answers wait for its workers; like it, a
/// job whose ticket was cancelled delivers nothing. Files are not touched: what was asked of
/// them is kept (`madeFolders`, `discarded`, `removedSegments`) and `folderProblem` and
/// `existing` say how the disk answers.
public final class FakeClipJobs: ClipJobs {
    public typealias FactsDelivery = @Sendable @MainActor (Result<ClipFacts, ClipJobFailure>) -> Void

    /// A cover job asked for and not yet answered.
    public struct CoverJob: Sendable {
        public let clip: URL
        public let times: [Double]
        public let folder: URL
        public let ticket: WorkTicket
        let deliver: @Sendable @MainActor ([URL], ClipJobFailure?) -> Void
    }

    /// A render asked for and not yet answered.
    public struct RenderJob: Sendable {
        public let clip: URL
        public let edit: ClipEdit
        public let folder: URL
        public let ticket: WorkTicket
        let progress: @Sendable @MainActor (Double) -> Void
        let deliver: @Sendable @MainActor (Result<URL, ClipJobFailure>) -> Void
    }

    private struct State {
        var probes: [(URL, FactsDelivery)] = []
        var joins: [(URL, FactsDelivery)] = []
        var covers: [CoverJob] = []
        var renders: [RenderJob] = []
        var folderProblem: RecorderError?
        var existing: Set<URL> = []
        var madeFolders: [URL] = []
        var segmentsAsked: [URL: Int] = [:]
        var removedSegments: [URL] = []
        var discarded: [URL] = []
    }

    private let state = Mutex(State())

    public init() {}

    // MARK: - Answering

    /// The files probed and not yet answered, oldest first.
    public var pendingProbes: [URL] { state.withLock { $0.probes.map(\.0) } }

    /// Answers the oldest probe of `file`.
    @MainActor
    public func finishProbe(_ file: URL, with result: Result<ClipFacts, ClipJobFailure>) {
        let deliver = state.withLock { state -> FactsDelivery? in
            guard let index = state.probes.firstIndex(where: { $0.0 == file }) else { return nil }
            return state.probes.remove(at: index).1
        }
        deliver?(result)
    }

    /// The folders whose segments are being joined, oldest first.
    public var pendingJoins: [URL] { state.withLock { $0.joins.map(\.0) } }

    /// Answers the oldest join.
    @MainActor
    public func finishJoin(with result: Result<ClipFacts, ClipJobFailure>) {
        let deliver = state.withLock { $0.joins.isEmpty ? nil : $0.joins.removeFirst().1 }
        deliver?(result)
    }

    public var pendingCovers: [CoverJob] { state.withLock { $0.covers } }

    /// Answers the oldest cover job (nothing is delivered if its ticket was cancelled).
    @MainActor
    public func finishCovers(_ frames: [URL], failure: ClipJobFailure? = nil) {
        guard let job = state.withLock({ $0.covers.isEmpty ? nil : $0.covers.removeFirst() }),
              !job.ticket.isCancelled else { return }
        job.deliver(frames, failure)
    }

    public var pendingRenders: [RenderJob] { state.withLock { $0.renders } }

    /// Reports progress of the oldest render.
    @MainActor
    public func renderProgress(_ fraction: Double) {
        guard let job = state.withLock({ $0.renders.first }), !job.ticket.isCancelled else { return }
        job.progress(fraction)
    }

    /// Answers the oldest render (nothing is delivered if its ticket was cancelled).
    @MainActor
    public func finishRender(with result: Result<URL, ClipJobFailure>) {
        guard let job = state.withLock({ $0.renders.isEmpty ? nil : $0.renders.removeFirst() }),
              !job.ticket.isCancelled else { return }
        job.deliver(result)
    }

    // MARK: - The disk, as the test sets it

    /// When set, `makeFolder` fails this way.
    public var folderProblem: RecorderError? {
        get { state.withLock { $0.folderProblem } }
        set { state.withLock { $0.folderProblem = newValue } }
    }

    /// The files `exists` finds.
    public var existing: Set<URL> {
        get { state.withLock { $0.existing } }
        set { state.withLock { $0.existing = newValue } }
    }

    public var madeFolders: [URL] { state.withLock { $0.madeFolders } }
    /// The folders whose last segment was removed (Undo), in order.
    public var removedSegments: [URL] { state.withLock { $0.removedSegments } }
    public var discarded: [URL] { state.withLock { $0.discarded } }

    // MARK: - ClipJobs

    public func probe(_ file: URL, then deliver: @escaping FactsDelivery) {
        state.withLock { $0.probes.append((file, deliver)) }
    }

    public func join(segmentsIn folder: URL, then deliver: @escaping FactsDelivery) {
        state.withLock { $0.joins.append((folder, deliver)) }
    }

    public func covers(of clip: URL, at times: [Double], edit: ClipEdit, width: Int, into folder: URL, ticket: WorkTicket,
                       then deliver: @escaping @Sendable @MainActor ([URL], ClipJobFailure?) -> Void) {
        state.withLock { $0.covers.append(CoverJob(clip: clip, times: times, folder: folder, ticket: ticket, deliver: deliver)) }
    }

    public func render(_ clip: URL, edit: ClipEdit, into folder: URL, ticket: WorkTicket,
                       progress: @escaping @Sendable @MainActor (Double) -> Void,
                       then deliver: @escaping @Sendable @MainActor (Result<URL, ClipJobFailure>) -> Void) {
        state.withLock {
            $0.renders.append(RenderJob(clip: clip, edit: edit, folder: folder, ticket: ticket, progress: progress, deliver: deliver))
        }
    }

    public func makeFolder(_ folder: URL) -> RecorderError? {
        state.withLock { state in
            if let problem = state.folderProblem { return problem }
            state.madeFolders.append(folder)
            return nil
        }
    }

    /// seg-001.mp4, seg-002.mp4... in each folder, one per call.
    public func nextSegment(in folder: URL) -> URL {
        let number = state.withLock { state in
            state.segmentsAsked[folder, default: 0] += 1
            return state.segmentsAsked[folder, default: 0]
        }
        return folder.appendingPathComponent(String(format: "seg-%03d.mp4", number))
    }

    public func removeLastSegment(in folder: URL) {
        state.withLock { $0.removedSegments.append(folder) }
    }

    public func discard(_ item: URL) {
        state.withLock { $0.discarded.append(item) }
    }

    public func exists(_ file: URL) -> Bool { state.withLock { $0.existing.contains(file) } }
}
