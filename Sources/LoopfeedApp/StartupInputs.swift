import FeedCore
import FeedSources
import FeedStorage
import Foundation
import Localization

/// What the command line named, sorted out once the library is open: files, folders and video
/// addresses join the feed first (imported here, `pinned`), other web addresses and OPML lists
/// are followed once the window is up, and what could not be opened is said (`skipped`).
@MainActor
struct StartupInputs {
    /// The posts named on the command line, in order: shown first.
    var pinned: [Post] = []
    /// Why each path that could not be opened was skipped (said on stderr and in the window).
    var skipped: [String] = []
    /// Web addresses that are not a video's: followed at start.
    var addressesToFollow: [URL] = []
    /// OPML lists: their feeds are followed at start.
    var opmlFiles: [URL] = []

    /// Sorts `inputs` (paths and URLs as given), imports the local ones and the videos' addresses
    /// into `library`, and says what was skipped or could not be added through `report`.
    static func collect(_ inputs: [String], into library: SQLiteFeedRepository, report: StartupReport) -> StartupInputs {
        var collected = StartupInputs()
        // An OPML list on the command line is followed, not played.
        collected.opmlFiles = inputs.filter(isOPMLFile).map(fileURL)
        let found = MediaPathCollector().collect(inputs.filter { !isOPMLFile($0) })
        // Said on stderr and in the window: a name with a line break in it stays on its one line.
        collected.skipped = found.problems.map { problem in
            tr("Skipped {path}: {reason}", ["reason": problem.reason.text, "path": ShownText.oneLine(problem.path)])
        }
        for message in collected.skipped { report("path", message) }
        collected.addressesToFollow = found.sources.compactMap { source in
            if case .remote(let url) = source, isFeedAddress(source) { url } else { nil }
        }
        do {
            collected.pinned = try LocalImporter(repository: library).importSources(found.sources.filter { !isFeedAddress($0) })
        } catch {
            report("storage", tr("Couldn’t add the files to the library: {error}", ["error": error]))
        }
        return collected
    }

    /// A web address that is not a video's (a channel, a feed, a page): followed, not played.
    private static func isFeedAddress(_ source: MediaSource) -> Bool {
        if case .remote(let url) = source { !SubscriptionService.isVideoFile(url) } else { false }
    }

    private static func fileURL(_ argument: String) -> URL {
        argument.hasPrefix("file://") ? (URL(string: argument) ?? URL(fileURLWithPath: argument)) : URL(fileURLWithPath: argument)
    }

    /// A local file that is an OPML list: named .opml, or saying <opml near its start. Only a
    /// regular file is opened: opening a FIFO named on the command line waited for a writer
    /// before the window ever showed.
    nonisolated static func isOPMLFile(_ argument: String) -> Bool {
        guard !argument.contains("://") || argument.hasPrefix("file://") else { return false }
        let path = argument.hasPrefix("file://") ? (URL(string: argument)?.path ?? argument) : argument
        guard case .regular(let bytes) = LocalFile.kind(atPath: path), bytes > 0 else { return false }
        if path.lowercased().hasSuffix(".opml") { return true }
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let start = String(decoding: handle.readData(ofLength: 1024), as: UTF8.self).lowercased()
        return start.contains("<opml")
    }
}
