/// Measures one showing of a post: the time it played on screen from its first frame shown
/// (time paused, hidden or failed left out) and the passes of its loop seen. The feed says what
/// happens; `finish` gives the signal, or nil for a post never watched (it failed or was left
/// before its first frame, or the feed was hidden all along).
public struct WatchMeter: Sendable, Equatable {
    public let postID: Int64
    /// The post's first frame is on screen.
    public private(set) var hasFrame = false
    /// The post plays with its page on screen (not paused, not hidden, not failed).
    public private(set) var isPlaying = false
    /// When the current stretch of watching began; nil while not watching.
    private var watchingSinceUs: Int64?
    private var watchedUs: Int64 = 0
    private var everWatched = false
    public private(set) var loops = 0

    public init(postID: Int64) {
        self.postID = postID
    }

    /// Watched from a first frame shown while playing, until either stops.
    public var isWatching: Bool { watchingSinceUs != nil }

    public mutating func frameShown(atUs nowUs: Int64) {
        hasFrame = true
        update(atUs: nowUs)
    }

    /// Whether it plays on screen from `nowUs`; saying the same again changes nothing.
    public mutating func setPlaying(_ playing: Bool, atUs nowUs: Int64) {
        isPlaying = playing
        update(atUs: nowUs)
    }

    /// A whole pass of the loop ended; one that ends while not watched is not counted.
    public mutating func passEnded() {
        guard isWatching else { return }
        loops += 1
    }

    /// Watched so far, up to `nowUs`.
    public func watchedUs(atUs nowUs: Int64) -> Int64 {
        watchedUs + (watchingSinceUs.map { max(0, nowUs - $0) } ?? 0)
    }

    /// The post was left at `nowUs`.
    public func finish(atUs nowUs: Int64) -> WatchSignal? {
        guard everWatched else { return nil }
        return WatchSignal(postID: postID, watchedMs: watchedUs(atUs: nowUs) / 1_000, loops: loops)
    }

    private mutating func update(atUs nowUs: Int64) {
        if hasFrame && isPlaying {
            guard watchingSinceUs == nil else { return }
            watchingSinceUs = nowUs
            everWatched = true
        } else if let since = watchingSinceUs {
            watchedUs += max(0, nowUs - since)
            watchingSinceUs = nil
        }
    }
}
