public import FeedCore

/// What Discover needs: the library to search and the grid's stills, and the networks it
/// explores with their pictures.
public struct DiscoverDependencies {
    public var repository: FeedRepository
    /// Stills for the grid (FeedMedia's ThumbnailGenerator behind the web's in the app).
    public var thumbnails: ThumbnailProviding
    public var playableURI: (String) -> String
    /// A local file for an address the library holds (a person's avatar).
    public var filePath: (String?) -> String?
    public var events: EventSink?
    public var clock: MonotonicClock
    /// The networks' stills and avatars, fetched once into the cache.
    public var images: (any WebImageFetching)?
    /// The networks Discover reads (FeedSources' ExploreService in the app); nil: none.
    public var explorer: (any NetworkExploring)?

    public init(repository: FeedRepository, thumbnails: ThumbnailProviding, playableURI: @escaping (String) -> String,
                filePath: @escaping (String?) -> String?, events: EventSink?, clock: MonotonicClock,
                images: (any WebImageFetching)?, explorer: (any NetworkExploring)?) {
        self.repository = repository
        self.thumbnails = thumbnails
        self.playableURI = playableURI
        self.filePath = filePath
        self.events = events
        self.clock = clock
        self.images = images
        self.explorer = explorer
    }
}
