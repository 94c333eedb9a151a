public import FeedCore
public import Foundation
import Localization

/// Adds videos named on the command line to the feed as posts by "Local files" (at start-up,
/// on the main thread: a handful of paths; chosen and dropped ones go to VideoImportService).
public struct LocalImporter {
    public static let authorHandle = Author.localFilesHandle

    private let repository: any FeedRepository
    private let now: @Sendable () -> Date

    public init(repository: any FeedRepository, now: @escaping @Sendable () -> Date = { Date() }) {
        self.repository = repository
        self.now = now
    }

    /// Stores the "Local files" author, once.
    static func ensureAuthor(in repository: any FeedRepository) throws {
        guard try repository.author(handle: authorHandle) == nil else { return }
        // TRANSLATORS: the author shown for videos opened from the command line, chosen or dropped (stored once).
        try repository.insertAuthor(Author(handle: authorHandle, name: tr("Local files")))
    }

    /// The posts for `sources`, in argument order without repeats. A video stored before
    /// keeps its post (and its likes and comments) instead of getting a second one.
    public func importSources(_ sources: [MediaSource]) throws -> [Post] {
        try Self.ensureAuthor(in: repository)
        var seen = Set<String>()
        var posts: [Post] = []
        for source in sources where seen.insert(source.uri).inserted {
            if let existing = try repository.post(videoURI: source.uri) {
                posts.append(existing)
            } else {
                posts.append(try repository.insertPost(NewPost(
                    // TRANSLATORS: the music line of a video that has no other sound than its own.
                    authorHandle: Self.authorHandle, caption: source.title, music: tr("Original sound"),
                    videoURI: source.uri, created: now())))
            }
        }
        return posts
    }
}
