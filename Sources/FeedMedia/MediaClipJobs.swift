public import FeedCore
public import Foundation
import GLibKit

/// `ClipJobs` with GStreamer: each job on a worker queue, its result through the main loop.
public final class MediaClipJobs: ClipJobs {
    private let queue = DispatchQueue(label: "io.github.loopfeed.clip-jobs", qos: .userInitiated)
    /// Covers wait behind a render or a join, never in front of one.
    private let coverQueue = DispatchQueue(label: "io.github.loopfeed.clip-covers", qos: .utility)

    public init() {}

    public func join(segmentsIn folder: URL,
                     then deliver: @escaping @Sendable @MainActor (Result<ClipFacts, ClipJobFailure>) -> Void) {
        queue.async {
            let result = SegmentJoiner.joinNow(folder: folder, into: folder.appendingPathComponent("clip.mp4"))
                .mapError { ClipJobFailure($0.description) }
                .map { url in
                    // The length is what was really recorded, read from the joined file.
                    let probe = try? ClipProbe.probe(url)
                    return ClipFacts(url: url, durationSeconds: probe?.durationSeconds ?? 0, size: probe?.size,
                                     hasAudio: probe?.hasAudio ?? false)
                }
            MainLoop.invoke { deliver(result) }
        }
    }

    public func probe(_ file: URL, then deliver: @escaping @Sendable @MainActor (Result<ClipFacts, ClipJobFailure>) -> Void) {
        queue.async {
            let result = Result { try ClipProbe.probe(file) }
                .mapError { ClipJobFailure("\($0)") }
                .map { ClipFacts(url: file, durationSeconds: $0.durationSeconds, size: $0.size, hasAudio: $0.hasAudio) }
            MainLoop.invoke { deliver(result) }
        }
    }

    public func covers(of clip: URL, at times: [Double], edit: ClipEdit, width: Int, into folder: URL, ticket: WorkTicket,
                       then deliver: @escaping @Sendable @MainActor ([URL], ClipJobFailure?) -> Void) {
        coverQueue.async {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let stem = "cover-\(UUID().uuidString.prefix(8))"
            var frames: [URL] = []
            var failure: ClipJobFailure?
            for (index, time) in times.enumerated() {
                guard !ticket.isCancelled else { return }
                let png = folder.appendingPathComponent("\(stem)-\(index).png")
                switch CoverFrame.extractNow(from: clip, at: time, to: png, width: width, edit: edit) {
                case .success(let url): frames.append(url)
                case .failure(let error): failure = ClipJobFailure(error.description)
                }
            }
            let made = frames, reason = failure
            MainLoop.invoke {
                guard !ticket.isCancelled else { return }
                deliver(made, reason)
            }
        }
    }

    public func render(_ clip: URL, edit: ClipEdit, into folder: URL, ticket: WorkTicket,
                       progress: @escaping @Sendable @MainActor (Double) -> Void,
                       then deliver: @escaping @Sendable @MainActor (Result<URL, ClipJobFailure>) -> Void) {
        let output = folder.appendingPathComponent("final-\(UUID().uuidString.prefix(8)).mp4")
        let renderer = ClipRenderer(source: clip, edit: edit, output: output, ticket: ticket)
        renderer.start(progress: { fraction in
            guard !ticket.isCancelled else { return }
            progress(fraction)
        }, completion: { result in
            guard !ticket.isCancelled else { return }
            deliver(result.mapError { ClipJobFailure($0.description) })
        })
    }

    public func makeFolder(_ folder: URL) -> RecorderError? {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return nil
        } catch {
            return RecorderError.from(fileError: error, path: folder.path)
        }
    }

    public func nextSegment(in folder: URL) -> URL { SegmentJoiner.nextSegmentURL(in: folder) }

    public func removeLastSegment(in folder: URL) {
        // Synchronous on purpose: the next hold names its segment after the ones on disk.
        if let last = SegmentJoiner.segments(in: folder).last { try? FileManager.default.removeItem(at: last) }
    }

    public func discard(_ item: URL) {
        queue.async { try? FileManager.default.removeItem(at: item) }
    }

    public func exists(_ file: URL) -> Bool { FileManager.default.fileExists(atPath: file.path) }
}
