import FeedCore

/// Seeking the post on screen: the progress bar's point, or Left and Right a step at a time
/// (`LoopSeek`). The player carries it out (its state machine keeps the loop seamless after it).
extension FeedSession {
    /// Where the current post's loop is (0...1); nil while it can't seek (loading, failed).
    public var progress: Double? { currentPage?.progress }

    /// The current post's position and length, in nanoseconds, when it can seek.
    public var position: (positionNs: UInt64, durationNs: UInt64)? {
        guard let page = currentPage, page.canSeek, let duration = page.player.duration else { return nil }
        return (page.player.position ?? 0, duration)
    }

    /// To `fraction` (0...1) of the current post (a click or drag on the progress bar).
    public func seek(toFraction fraction: Double) {
        seekCurrent { _, duration in LoopSeek.target(fraction: fraction, durationNs: duration) }
    }

    /// `steps` steps on (negative: back) in the current post (Right and Left).
    public func seek(bySteps steps: Int) {
        seekCurrent { position, duration in LoopSeek.stepped(from: position, by: steps, durationNs: duration) }
    }

    private func seekCurrent(_ target: (UInt64, UInt64) -> UInt64) {
        // Not while the page slides away or the feed is hidden: the post may be changing.
        guard visible, !isSliding, let page = currentPage, let post = page.post,
              let (toNs, durationNs) = page.seek(target) else { return }
        deps.events?.emit(.seek(postID: post.id, toMs: Int64(toNs / 1_000_000), durationMs: Int64(durationNs / 1_000_000)))
    }
}
