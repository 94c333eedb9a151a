import FeedCore
import Foundation

/// One collection pass: what was found so far and which folders were entered.
///
/// Nothing here waits on a path: what a path is comes from `stat` (`LocalFile`), and only a
/// regular file is ever opened (a FIFO named clip.mp4 would hold an open forever). A file is a
/// source once, however many paths lead to it (links, a folder reached twice).
struct MediaPathScan {
    var sources: [MediaSource] = []
    var problems: [PathProblem] = []
    private var seen: Set<MediaSource> = []
    /// Real paths of the files added, so a file reached through a link is not added twice.
    private var seenFiles: Set<String> = []
    /// Real paths of folders already scanned, so symlink loops end.
    private var visitedFolders: Set<String> = []
    private let files = FileManager.default

    mutating func add(_ source: MediaSource) {
        if seen.insert(source).inserted { sources.append(source) }
    }

    /// An argument: unlike folder contents, a named file that is not a video is reported.
    mutating func visitArgument(_ url: URL, shownAs shown: String) {
        guard !shown.isEmpty else { return problems.append(PathProblem(path: shown, reason: .notFound)) }
        switch LocalFile.kind(atPath: url.path) {
        case .missing:
            problems.append(PathProblem(path: shown, reason: .notFound))
        case .unreachable(let error):
            problems.append(PathProblem(path: shown, reason: Self.reason(errno: error)))
        case .pipe, .device:
            problems.append(PathProblem(path: shown, reason: .notARegularFile))
        case .folder:
            let before = sources.count
            let problemsBefore = problems.count
            visitFolder(url, shownAs: shown, ancestors: [])
            if sources.count == before, problems.count == problemsBefore {
                problems.append(PathProblem(path: shown, reason: .noVideosInFolder))
            }
        case .regular(let bytes):
            if bytes == 0 { return problems.append(PathProblem(path: shown, reason: .empty)) }
            if let error = LocalFile.readError(atPath: url.path) {
                return problems.append(PathProblem(path: shown, reason: Self.reason(errno: error)))
            }
            guard MediaPathCollector.isVideo(url) else { return problems.append(PathProblem(path: shown, reason: .notAVideo)) }
            addFile(url)
        }
    }

    /// A file found in a folder: only a readable regular file that is a video; anything else
    /// in a folder is skipped without a word, as a file manager's search would.
    private mutating func visitEntry(_ url: URL, shownAs shown: String) {
        guard case .regular(let bytes) = LocalFile.kind(atPath: url.path), bytes > 0,
              MediaPathCollector.isVideo(url) else { return }
        if let error = LocalFile.readError(atPath: url.path) {
            return problems.append(PathProblem(path: shown, reason: Self.reason(errno: error)))
        }
        addFile(url)
    }

    private mutating func addFile(_ url: URL) {
        if seenFiles.insert(url.resolvingSymlinksInPath().path).inserted { add(.file(url)) }
    }

    /// `ancestors`: the real paths of the folders this one was reached through. A link back to
    /// one of them (or to the folder itself) is a loop and is not followed: following it would
    /// scan the folders above the one chosen.
    private mutating func visitFolder(_ folder: URL, shownAs shown: String, ancestors: [String]) {
        let real = folder.resolvingSymlinksInPath().path
        guard !ancestors.contains(where: { real == $0 || $0.hasPrefix(real == "/" ? "/" : real + "/") }),
              visitedFolders.insert(real).inserted else { return }
        let entries: [URL]
        do {
            entries = try files.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        } catch {
            return problems.append(PathProblem(path: shown, reason: files.fileExists(atPath: folder.path)
                                                   ? .permissionDenied : .notFound))
        }
        // Depth first in natural order ("2.mp4" before "10.mp4"); hidden entries are skipped.
        let sorted = entries.sorted {
            $0.lastPathComponent.compare($1.lastPathComponent, options: [.numeric, .caseInsensitive]) == .orderedAscending
        }
        for entry in sorted where !entry.lastPathComponent.hasPrefix(".") {
            // Links are followed; a dangling one is skipped like a missing file.
            if LocalFile.kind(atPath: entry.path) == .folder {
                visitFolder(entry, shownAs: entry.path, ancestors: ancestors + [real])
            } else {
                visitEntry(entry, shownAs: entry.path)
            }
        }
    }

    private static func reason(errno error: Int32) -> PathProblem.Reason {
        error == EACCES || error == EPERM ? .permissionDenied : .unreadable
    }
}
