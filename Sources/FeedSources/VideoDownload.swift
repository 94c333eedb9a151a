import FeedCore

/// One remote video's download as the cache runs it: how much is wanted, how much is in, and
/// whether it is running or being stopped on purpose. The bytes are its `CachedVideo`'s.
@MainActor
final class VideoDownload {
    let video: CachedVideo
    /// The request under way, to stop it early.
    var exchange: (any HTTPExchange)?
    var running = false
    /// The download stops once this many bytes are in; nil: all of it (the post on screen).
    var wanted: Int64? = 0
    /// The server answers Range, so stopping early costs nothing: a resume goes on from there.
    var resumable = true
    /// Stopped on purpose: its "cancelled" is not a failure.
    var pausing = false
    /// Bytes in the file, counted on the main loop as they arrive.
    var arrived: Int64 = 0
    /// Times the body ended before its length with no error.
    var shortEndings = 0
    /// The last attempt failed: a read that starved before the failure was told starts no other
    /// (that is Try Again's to ask).
    var endedInFailure = false
    /// The video's attempt this download runs (`CachedVideo.beginAttempt`).
    var attempt = 0

    init(video: CachedVideo) { self.video = video }

    func want(upTo bytes: Int64) {
        if let wanted { self.wanted = max(wanted, bytes) }
    }

    var hasWhatItWants: Bool {
        guard let wanted else { return false }
        return arrived >= wanted
    }
}
