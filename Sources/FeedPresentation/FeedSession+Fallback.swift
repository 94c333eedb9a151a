import FeedCore

extension FeedSession {
    /// The address to play a remote post from when `failed` did not play (a missing rendition, a
    /// 404, a file that does not decode): the next source PlaybackChoice ranks for the page's
    /// size in device pixels, said in a `rendition_fallback` event; nil when none is left (the
    /// page shows the error) or the post has no sources from its network.
    func nextSource(for post: Post, failed: String, error: MediaError, tried: Set<String>, viewport: PixelSize) -> String? {
        guard let sources = store.remoteSources(postID: post.id) else { return nil }
        let window = viewport.width > 0 && viewport.height > 0 ? viewport : PixelSize(width: 450, height: 800)
        guard let next = PlaybackChoice.next(after: failed, in: sources, window: window, tried: tried) else { return nil }
        deps.events?.emit(.renditionFallback(postID: post.id, failed: failed, kind: error.kind.rawValue, next: next.address,
                                             resolution: next.shortSide ?? 0))
        return next.address
    }
}
