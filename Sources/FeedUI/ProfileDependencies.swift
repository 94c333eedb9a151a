public import FeedCore

/// What a profile needs (your own and anyone else's), and the editor opened from yours.
public struct ProfileDependencies {
    public var repository: FeedRepository
    public var thumbnails: ThumbnailProviding
    public var playableURI: (String) -> String
    /// A local path for an avatar's or cover's URI, if it is a file.
    public var filePath: (String?) -> String?
    /// The cache folder, measured and cleared from your profile (FeedSources' CacheDirectory).
    public var cache: CacheControl
    public var clock: MonotonicClock
    /// Where the editor keeps a chosen photo (FeedSources' AvatarFolder in the app).
    public var avatars: AvatarStoring

    public init(repository: FeedRepository, thumbnails: ThumbnailProviding, playableURI: @escaping (String) -> String,
                filePath: @escaping (String?) -> String?, cache: CacheControl, clock: MonotonicClock, avatars: AvatarStoring) {
        self.repository = repository
        self.thumbnails = thumbnails
        self.playableURI = playableURI
        self.filePath = filePath
        self.cache = cache
        self.clock = clock
        self.avatars = avatars
    }
}
