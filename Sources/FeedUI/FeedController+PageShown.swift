import FeedCore

/// `page_shown`: the input -> the paint in which the new page covers the middle of the window
/// with a frame of its own, what the user sees as "the next video is there" (the slide is
/// half-way or more). `first_frame` comes earlier: the new video's first paint, while the slide
/// has barely begun.
extension FeedController {
    /// The current page fills `covering` (0...1) of the window now; once it covers the middle
    /// with a frame, the next paint is the one reported (or this one, when `painting`: its first
    /// frame is being painted now).
    func pageInView(covering: Double, painting: Bool = false) {
        self.covering = covering
        guard let slot = currentSlot, let post = slot.post, let index = slot.index,
              pageShown.wouldShow(postID: post.id, index: index, covering: covering, hasFrame: slot.hasFrame) else { return }
        if painting, let shown = pageShown.painted(postID: post.id, index: index, covering: covering, hasFrame: true,
                                                    atUs: env.clock.nowMicroseconds()) {
            return env.events?.emit(.pageShown(postID: post.id, index: index, latencyUs: shown.latencyUs)) ?? ()
        }
        view.root.onNextPaint { [weak self, weak slot] in
            guard let self, let slot,
                  let shown = pageShown.painted(postID: post.id, index: index, covering: self.covering,
                                                hasFrame: slot.hasFrame, atUs: env.clock.nowMicroseconds()) else { return }
            env.events?.emit(.pageShown(postID: post.id, index: index, latencyUs: shown.latencyUs))
        }
    }
}
