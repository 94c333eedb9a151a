public import FeedCore
public import Foundation
import Localization

/// Adds the user's own files and folders to the library as posts by "Local files", in the
/// background: folders are scanned (by content type), each video is fingerprinted and probed
/// on the worker, and the main thread only checks for duplicates and stores, a few files at a
/// time, so the window keeps paging while a thousand files come in.
@MainActor
public final class VideoImportService: VideoImporting {
    /// Files handled per trip to the worker: small enough that progress moves and a cancel
    /// is felt at once, large enough that the trips cost nothing.
    static let batchSize = 8

    private let repository: any FeedRepository
    private let work: BackgroundWork
    private let probe: VideoFileProbing
    private let thumbnails: ThumbnailProviding?
    private let now: @Sendable () -> Date

    /// `thumbnails`: asked to prepare each new post's still (at low priority) as it is stored,
    /// so grids have it ready.
    public init(repository: any FeedRepository, work: BackgroundWork, probe: VideoFileProbing,
                thumbnails: ThumbnailProviding? = nil, now: @escaping @Sendable () -> Date = { Date() }) {
        self.repository = repository
        self.work = work
        self.probe = probe
        self.thumbnails = thumbnails
        self.now = now
    }

    /// What the worker learnt of one file.
    private struct Examined: Sendable {
        var file: URL
        var fingerprint: String?
        var facts: VideoFileFacts?
    }

    /// One import as it goes.
    private final class Run {
        let ticket = WorkTicket()
        let progress: @MainActor (ImportProgress) -> Void
        let finish: @MainActor (ImportSummary) -> Void
        var pending: [URL] = []
        var state = ImportProgress()
        var summary = ImportSummary()
        /// Fingerprints stored in this run: two copies in one folder make one post.
        var fingerprints: Set<String> = []
        let started: Date

        init(started: Date, progress: @escaping @MainActor (ImportProgress) -> Void,
             finish: @escaping @MainActor (ImportSummary) -> Void) {
            self.started = started
            self.progress = progress
            self.finish = finish
        }
    }

    @discardableResult
    public func importFiles(_ urls: [URL], progress: @escaping @MainActor (ImportProgress) -> Void,
                            then finish: @escaping @MainActor (ImportSummary) -> Void) -> WorkTicket {
        let run = Run(started: now(), progress: progress, finish: finish)
        let paths = urls.map(\.path)
        work.run({ MediaPathCollector().collect(paths) }, then: { [weak self] found in
            guard let self else { return }
            run.summary.problems = found.problems
            let files = found.sources.compactMap { source -> URL? in
                if case .file(let url) = source { url } else { nil }
            }
            // A path already in the library needs no reading at all.
            run.pending = files.filter { (try? repository.post(videoURI: $0.absoluteString)) == nil }
            run.state.total = files.count
            run.state.duplicates = files.count - run.pending.count
            run.state.done = run.state.duplicates
            run.summary.duplicates = run.state.duplicates
            run.progress(run.state)
            nextBatch(of: run)
        })
        return run.ticket
    }

    private func nextBatch(of run: Run) {
        guard !run.ticket.isCancelled, !run.pending.isEmpty, run.summary.failure == nil else {
            run.summary.cancelled = run.ticket.isCancelled && run.state.done < run.state.total
            return run.finish(run.summary)
        }
        let batch = Array(run.pending.prefix(Self.batchSize))
        run.pending.removeFirst(batch.count)
        let probe = probe, ticket = run.ticket
        work.run({
            // Cancelled while waiting its turn: nothing is read.
            ticket.isCancelled ? [] : batch.map { Examined(file: $0, fingerprint: ContentFingerprint.of($0), facts: probe.probe($0)) }
        }, then: { [weak self] examined in
            guard let self else { return }
            // A cancel that came while the worker read this batch drops it, unstored.
            for file in examined where run.summary.failure == nil && !run.ticket.isCancelled { store(file, in: run) }
            run.progress(run.state)
            nextBatch(of: run)
        })
    }

    private func store(_ examined: Examined, in run: Run) {
        run.state.done += 1
        guard let facts = examined.facts else {
            run.summary.unreadable.append(examined.file.lastPathComponent)
            return
        }
        if let fingerprint = examined.fingerprint {
            let copy = run.fingerprints.contains(fingerprint) || (try? repository.post(contentHash: fingerprint)) != nil
            if copy {
                run.state.duplicates += 1
                run.summary.duplicates += 1
                return
            }
        }
        do {
            try LocalImporter.ensureAuthor(in: repository)
            // The first file found is the newest, so the feed (newest first) shows a folder in
            // its own order.
            let created = run.started.addingTimeInterval(-Double(run.state.done) / 1000)
            let post = try repository.insertPost(NewPost(
                authorHandle: LocalImporter.authorHandle, caption: MediaSource.file(examined.file).title,
                // TRANSLATORS: the music line of a video that has no other sound than its own.
                music: tr("Original sound"), videoURI: examined.file.absoluteString,
                width: facts.width, height: facts.height, rotation: facts.rotation,
                duration: facts.durationSeconds, created: created, contentHash: examined.fingerprint))
            if let fingerprint = examined.fingerprint { run.fingerprints.insert(fingerprint) }
            run.state.added += 1
            run.summary.added.append(post)
            thumbnails?.prepare(postID: post.id, uri: post.videoURI)
        } catch {
            run.summary.failure = "\(error)"
            run.pending.removeAll()
        }
    }
}
