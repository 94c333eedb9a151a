public import FeedCore
public import Foundation

/// `VideoImporting` that does nothing by itself: the test reports progress and ends imports.
@MainActor
public final class FakeVideoImporter: VideoImporting {
    public struct Call {
        public let urls: [URL]
        public let ticket: WorkTicket
        let progress: @MainActor (ImportProgress) -> Void
        let finish: @MainActor (ImportSummary) -> Void
    }

    public private(set) var calls: [Call] = []

    public init() {}

    public func importFiles(_ urls: [URL], progress: @escaping @MainActor (ImportProgress) -> Void,
                            then finish: @escaping @MainActor (ImportSummary) -> Void) -> WorkTicket {
        let call = Call(urls: urls, ticket: WorkTicket(), progress: progress, finish: finish)
        calls.append(call)
        return call.ticket
    }

    /// The latest import moved on.
    public func report(_ progress: ImportProgress) { calls.last?.progress(progress) }

    /// The latest import ended.
    public func finish(_ summary: ImportSummary) { calls.last?.finish(summary) }
}
