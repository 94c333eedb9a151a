public import FeedCore
public import Foundation

/// What the comments sheet needs: the comments, the undo window's timers, who may delete.
public struct CommentsDependencies {
    public var repository: FeedRepository
    public var events: EventSink?
    public var clock: MonotonicClock
    /// The undo window after a deletion.
    public var timers: Timers
    /// The handle of the person using this copy (their comments can be deleted).
    public var selfHandle: String
    /// A local path for an avatar's URI, if it is a file.
    public var filePath: (String?) -> String?
    /// What "now" is for the comments' relative times.
    public var now: () -> Date
    /// Asks a remote post's network for its threads (nil: only the comments made here).
    public var reader: (any RemotePostReading)?
    /// The pictures of the network's commenters.
    public var webImages: (any WebImageFetching)?
    /// Where a comment on a remote post goes on to the user's account (nil: it stays here).
    public var actions: (any NetworkActing)?
    /// Where those comments' sendings stand (their marks, Retry).
    public var outbox: (any OutboxWatching)?

    public init(repository: FeedRepository, events: EventSink?, clock: MonotonicClock, timers: Timers,
                selfHandle: String, filePath: @escaping (String?) -> String?, now: @escaping () -> Date = { Date() },
                reader: (any RemotePostReading)? = nil, webImages: (any WebImageFetching)? = nil,
                actions: (any NetworkActing)? = nil, outbox: (any OutboxWatching)? = nil) {
        self.actions = actions
        self.outbox = outbox
        self.repository = repository
        self.events = events
        self.clock = clock
        self.timers = timers
        self.selfHandle = selfHandle
        self.filePath = filePath
        self.now = now
        self.reader = reader
        self.webImages = webImages
    }
}
