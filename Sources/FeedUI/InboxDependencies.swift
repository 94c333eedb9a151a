public import FeedCore
public import Foundation

/// What the Inbox needs: the activity, its posts' stills and avatars.
public struct InboxDependencies {
    public var repository: FeedRepository
    public var thumbnails: ThumbnailProviding
    public var playableURI: (String) -> String
    /// A local path for an avatar's URI, if it is a file.
    public var filePath: (String?) -> String?
    /// What "now" is for the activity's relative times.
    public var now: () -> Date

    public init(repository: FeedRepository, thumbnails: ThumbnailProviding, playableURI: @escaping (String) -> String,
                filePath: @escaping (String?) -> String?, now: @escaping () -> Date = { Date() }) {
        self.repository = repository
        self.thumbnails = thumbnails
        self.playableURI = playableURI
        self.filePath = filePath
        self.now = now
    }
}
