public import FeedCore

/// What Discover needs: the library to search and the grid's stills.
public struct DiscoverDependencies {
    public var repository: FeedRepository
    /// Stills for the grid (FeedMedia's ThumbnailGenerator behind the web's in the app).
    public var thumbnails: ThumbnailProviding
    public var playableURI: (String) -> String
    public var events: EventSink?
    public var clock: MonotonicClock

    public init(repository: FeedRepository, thumbnails: ThumbnailProviding, playableURI: @escaping (String) -> String,
                events: EventSink?, clock: MonotonicClock) {
        self.repository = repository
        self.thumbnails = thumbnails
        self.playableURI = playableURI
        self.events = events
        self.clock = clock
    }
}
