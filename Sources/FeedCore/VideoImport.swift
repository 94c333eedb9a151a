public import Foundation

/// What a video file's headers say, as the library stores it.
public struct VideoFileFacts: Sendable, Equatable {
    /// Stored size, before the rotation tag is applied.
    public var width: Int
    public var height: Int
    /// Clockwise degrees (0, 90, 180, 270).
    public var rotation: Int
    public var durationSeconds: Double

    public init(width: Int, height: Int, rotation: Int, durationSeconds: Double) {
        self.width = width
        self.height = height
        self.rotation = rotation
        self.durationSeconds = durationSeconds
    }
}

/// Reads a file's video facts (FeedMedia's GstDiscoverer probe in the app). Blocks: worker
/// threads only.
public protocol VideoFileProbing: Sendable {
    /// nil when the file has no video that can be played.
    func probe(_ file: URL) -> VideoFileFacts?
}

/// How far an import has got.
public struct ImportProgress: Sendable, Equatable {
    /// Files looked at, of `total` videos found.
    public var done: Int
    public var total: Int
    public var added: Int
    /// Already in the library: the same path, or a copy of a file already there.
    public var duplicates: Int

    public init(done: Int = 0, total: Int = 0, added: Int = 0, duplicates: Int = 0) {
        self.done = done
        self.total = total
        self.added = added
        self.duplicates = duplicates
    }
}

/// How an import ended.
public struct ImportSummary: Sendable, Equatable {
    /// The posts made, in the order the files were found.
    public var added: [Post]
    public var duplicates: Int
    /// Files that looked like videos but could not be read as one (their names).
    public var unreadable: [String]
    /// Paths that gave nothing: missing, unreadable, not a video, an empty folder.
    public var problems: [PathProblem]
    public var cancelled: Bool
    /// The library could not store a post (a full disk): the import stopped there.
    public var failure: String?

    public init(added: [Post] = [], duplicates: Int = 0, unreadable: [String] = [], problems: [PathProblem] = [],
                cancelled: Bool = false, failure: String? = nil) {
        self.failure = failure
        self.added = added
        self.duplicates = duplicates
        self.unreadable = unreadable
        self.problems = problems
        self.cancelled = cancelled
    }
}

/// Adds the user's own files and folders to the library in the background (FeedSources'
/// VideoImportService in the app): folders scanned recursively, each video probed, copies
/// and files already there skipped.
@MainActor
public protocol VideoImporting: AnyObject {
    /// Progress and the summary arrive on the main thread; cancelling the ticket stops the
    /// import after the file in hand (what was added stays) and still delivers a summary.
    @discardableResult
    func importFiles(_ urls: [URL], progress: @escaping @MainActor (ImportProgress) -> Void,
                     then finish: @escaping @MainActor (ImportSummary) -> Void) -> WorkTicket
}
