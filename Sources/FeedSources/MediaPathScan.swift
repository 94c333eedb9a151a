import FeedCore
import Foundation

/// One collection pass: what was found so far and which folders were entered.
struct MediaPathScan {
    var sources: [MediaSource] = []
    var problems: [PathProblem] = []
    private var seen: Set<MediaSource> = []
    /// Real paths of folders already scanned, so symlink loops end.
    private var visitedFolders: Set<String> = []
    private let files = FileManager.default

    mutating func add(_ source: MediaSource) {
        if seen.insert(source).inserted { sources.append(source) }
    }

    /// An argument: unlike folder contents, a named file that is not a video is reported.
    mutating func visitArgument(_ url: URL, shownAs shown: String) {
        var isFolder: ObjCBool = false
        guard !shown.isEmpty, files.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            return problems.append(PathProblem(path: shown, reason: .notFound))
        }
        if isFolder.boolValue {
            let before = sources.count
            let problemsBefore = problems.count
            visitFolder(url, shownAs: shown)
            if sources.count == before, problems.count == problemsBefore {
                problems.append(PathProblem(path: shown, reason: .noVideosInFolder))
            }
        } else if !MediaPathCollector.isVideo(url) {
            problems.append(PathProblem(path: shown, reason: .notAVideo))
        } else {
            visitVideo(url, shownAs: shown)
        }
    }

    private mutating func visitVideo(_ url: URL, shownAs shown: String) {
        guard isRegularFile(url) else { return problems.append(PathProblem(path: shown, reason: .notARegularFile)) }
        guard files.isReadableFile(atPath: url.path) else {
            return problems.append(PathProblem(path: shown, reason: .permissionDenied))
        }
        add(.file(url))
    }

    private mutating func visitFolder(_ folder: URL, shownAs shown: String) {
        guard visitedFolders.insert(folder.resolvingSymlinksInPath().path).inserted else { return }
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
            var isFolder: ObjCBool = false
            // fileExists follows symlinks, so a dangling link is skipped like a missing file.
            guard files.fileExists(atPath: entry.path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                visitFolder(entry, shownAs: entry.path)
            } else if MediaPathCollector.isVideo(entry) {
                visitVideo(entry, shownAs: entry.path)
            }
        }
    }

    private func isRegularFile(_ url: URL) -> Bool {
        let type = (try? files.attributesOfItem(atPath: url.resolvingSymlinksInPath().path))?[.type]
        return type as? FileAttributeType == .typeRegular
    }
}
