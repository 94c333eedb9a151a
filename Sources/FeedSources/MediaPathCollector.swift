public import Foundation
public import FeedCore
import GLibKit

/// Turns command-line arguments, chosen and dropped paths (files, folders, http(s) URLs) into
/// videos to show, plus a problem for every argument or file that could not be used. Reads
/// the files it finds (their content type): call it off the main thread for folders.
public struct MediaPathCollector: Sendable {
    public struct Result: Sendable, Equatable {
        /// Arguments in order; a folder's videos sorted naturally by path; no duplicates.
        public var sources: [MediaSource]
        public var problems: [PathProblem]
    }

    /// Relative paths are resolved against this folder.
    public var workingDirectory: URL

    public init(workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) {
        self.workingDirectory = workingDirectory
    }

    public func collect(_ arguments: [String]) -> Result {
        var scan = MediaPathScan()
        for argument in arguments {
            if let url = URL(string: argument), let scheme = url.scheme?.lowercased(),
               scheme == "http" || scheme == "https" {
                scan.add(.remote(url))
            } else if let url = URL(string: argument), url.scheme?.lowercased() == "file" {
                scan.visitArgument(url.standardizedFileURL, shownAs: argument)
            } else {
                // Appended rather than `relativeTo:`, which drops the last component of a base
                // URL written without a trailing slash.
                let url = argument.hasPrefix("/") ? URL(fileURLWithPath: argument)
                    : workingDirectory.appendingPathComponent(argument)
                scan.visitArgument(url.standardizedFileURL, shownAs: argument)
            }
        }
        return Result(sources: scan.sources, problems: scan.problems)
    }

    /// A video by its content type (GIO: the name's type, or the first bytes when the name says
    /// nothing, as a file manager decides), so a video without an extension or named .dat is
    /// found. A file whose name lies (a picture named .mp4) gets its error card when played.
    public static func isVideo(_ url: URL) -> Bool {
        FileContentType.of(path: url.path).map(FileContentType.isVideo) ?? false
    }
}
