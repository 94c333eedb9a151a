public import Foundation

/// Turns command-line arguments (files, folders, http(s) URLs) into videos to show, plus a
/// problem for every argument or file that could not be used.
public struct MediaPathCollector: Sendable {
    public static let videoExtensions: Set<String> = [
        "mp4", "m4v", "mov", "mkv", "webm", "avi", "ogv", "ogg", "mpg", "mpeg", "ts", "3gp",
    ]

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

    public static func isVideo(_ url: URL) -> Bool {
        videoExtensions.contains(url.pathExtension.lowercased())
    }
}
