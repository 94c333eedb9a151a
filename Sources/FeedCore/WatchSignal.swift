/// How one showing of a post was watched, reported when the post is left (another page, a jump,
/// a reload, the feed closing). Nothing here is stored yet; a ranking will read these.
public struct WatchSignal: Sendable, Equatable {
    /// Left before this much watching: a skip.
    public static let skipBelowMs: Int64 = 1_500

    public let postID: Int64
    /// On screen and playing, in milliseconds: time paused or hidden is not counted.
    public let watchedMs: Int64
    /// Whole passes of the loop that ended while it was watched.
    public let loops: Int

    public init(postID: Int64, watchedMs: Int64, loops: Int) {
        self.postID = postID
        self.watchedMs = watchedMs
        self.loops = loops
    }

    /// At least one full pass was seen.
    public var completed: Bool { loops >= 1 }
    /// Left before 1.5 s of watching.
    public var skipped: Bool { watchedMs < Self.skipBelowMs }
}

/// Where watch signals go: the `--events` log today, the library later.
@MainActor
public protocol WatchSignalSink: AnyObject {
    func record(_ signal: WatchSignal)
}
