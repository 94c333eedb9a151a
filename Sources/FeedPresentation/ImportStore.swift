public import FeedCore
public import Foundation
import Localization

/// The window's imports of chosen and dropped files: what the progress banner says, cancelling,
/// paths added while an import runs (queued for the next), and the sentence that sums one up.
/// The work is FeedCore's `VideoImporting` (FeedSources' VideoImportService in the app).
@MainActor
public final class ImportStore {
    public enum State: Equatable {
        case idle
        case importing(ImportProgress)
    }

    private let importer: any VideoImporting
    private let events: EventSink?
    public private(set) var state = State.idle
    private var ticket: WorkTicket?
    /// Paths given while an import ran: they go next, in one import.
    public private(set) var queued: [URL] = []
    /// The running import is the library folders' own (no banner unless something is added).
    public private(set) var isQuiet = false
    private var queuedQuietly = true

    /// The banner should show `state` again.
    public var onChange: (() -> Void)?
    /// An import ended: its posts (maybe none), the sentence to show, and whether it was the
    /// library folders' own (quiet) catching up.
    public var onFinished: ((ImportSummary, String, _ quiet: Bool) -> Void)?

    public init(importer: any VideoImporting, events: EventSink?) {
        self.importer = importer
        self.events = events
    }

    public var isImporting: Bool { state != .idle }

    /// Imports `urls`, or queues them behind the import running now. `quietly`: the library
    /// folders catching up; the banner shows only what was added.
    public func add(_ urls: [URL], quietly: Bool = false) {
        guard !urls.isEmpty else { return }
        guard !isImporting else {
            queuedQuietly = queuedQuietly && quietly
            return queued.append(contentsOf: urls)
        }
        isQuiet = quietly
        state = .importing(ImportProgress())
        onChange?()
        ticket = importer.importFiles(urls, progress: { [weak self] progress in
            guard let self, isImporting else { return }
            state = .importing(progress)
            events?.emit(.importProgress(done: progress.done, total: progress.total, added: progress.added,
                                         duplicates: progress.duplicates))
            onChange?()
        }, then: { [weak self] summary in self?.finished(summary) })
    }

    /// Stops the import after the file in hand; what came in stays, and the queue is dropped.
    public func cancel() {
        queued.removeAll()
        queuedQuietly = true
        ticket?.cancel()
    }

    private func finished(_ summary: ImportSummary) {
        ticket = nil
        state = .idle
        events?.emit(.importFinished(added: summary.added.count, duplicates: summary.duplicates,
                                     unreadable: summary.unreadable.count, problems: summary.problems.count,
                                     cancelled: summary.cancelled))
        onChange?()
        // What the library refused (a full disk, a read-only folder) is said as an error too.
        if summary.failure != nil {
            events?.emit(.error(kind: "import", message: Self.message(for: summary), postID: nil))
        }
        if !isQuiet || !summary.added.isEmpty || summary.failure != nil {
            onFinished?(summary, Self.message(for: summary), isQuiet)
        }
        let (next, quietly) = (queued, queuedQuietly)
        queued.removeAll()
        queuedQuietly = true
        add(next, quietly: quietly)
    }

    /// The banner's line: looking for videos until they are counted, then "n of N".
    public var statusText: String? {
        guard case .importing(let progress) = state, !isQuiet else { return nil }
        guard progress.total > 0 else { return tr("Looking for videos…") }
        return tr("Adding videos: {done} of {total}", ["done": LocaleNumbers.whole(progress.done),
                                                       "total": LocaleNumbers.whole(progress.total)])
    }

    /// 0...1, nil while the files are still being counted.
    public var fraction: Double? {
        guard case .importing(let progress) = state, progress.total > 0 else { return nil }
        return Double(progress.done) / Double(progress.total)
    }

    /// One sentence for the toast: what was added, what was there already, what could not be used.
    public nonisolated static func message(for summary: ImportSummary) -> String {
        if let failure = summary.failure {
            return tr("The new videos could not be saved: {reason}", ["reason": failure])
        }
        var parts: [String] = []
        let added = summary.added.count
        if summary.cancelled {
            parts.append(trn("Stopped: {count} video was added", "Stopped: {count} videos were added", added))
        } else if added > 0 {
            parts.append(trn("Added {count} video", "Added {count} videos", added))
        }
        if summary.duplicates > 0 {
            // TRANSLATORS: after adding videos, how many of them the feed had already.
            parts.append(trn("{count} video was already in your feed", "{count} videos were already in your feed", summary.duplicates))
        }
        if !summary.unreadable.isEmpty {
            parts.append(trn("“{name}” can’t be played", "{count} files can’t be played", summary.unreadable.count,
                             ["name": summary.unreadable[0]]))
        }
        if let problem = summary.problems.first {
            parts.append(summary.problems.count == 1 ? problem.description
                : tr("{problem} (and {count} more)", ["problem": problem.description,
                                                      "count": LocaleNumbers.whole(summary.problems.count - 1)]))
        }
        if parts.isEmpty { return tr("No videos were found there.") }
        return parts.joined(separator: " · ")
    }
}
