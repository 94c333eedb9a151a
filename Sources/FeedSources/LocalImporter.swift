public import FeedCore
public import Foundation
import Localization

/// Adds videos named on the command line to the feed as posts by "Local files".
public struct LocalImporter {
    public static let authorHandle = "local"

    private let repository: any FeedRepository
    private let now: @Sendable () -> Date

    public init(repository: any FeedRepository, now: @escaping @Sendable () -> Date = { Date() }) {
        self.repository = repository
        self.now = now
    }

    /// The posts for `sources`, in argument order without repeats. A video stored before
    /// keeps its post (and its likes and comments) instead of getting a second one.
    public func importSources(_ sources: [MediaSource]) throws -> [Post] {
        if try repository.author(handle: Self.authorHandle) == nil {
            // TRANSLATORS: the author shown for videos opened from the command line (stored once).
            try repository.insertAuthor(Author(handle: Self.authorHandle, name: tr("Local files")))
        }
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
