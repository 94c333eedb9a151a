import FeedCore

/// What the pages' players and paints report: a first frame (`first_frame`), the page covering
/// the window (`page_shown`), a pass of the loop (`loop`), a failure (`error`), a size learnt.
extension FeedSession {
    /// `slot`'s surface painted the first frame of its post.
    public func firstFramePainted(slot: Int) {
        guard pages.indices.contains(slot), pages[slot].index == store.index else { return }
        reportFirstFrame(slot: slot)
        pageInView(covering: covering, painting: true)
    }

    /// The current page fills `covering` (0...1) of the window now; once it covers the middle
    /// with a frame, the next paint is the one reported (or this one, when `painting`: its first
    /// frame is being painted now).
    public func pageInView(covering: Double, painting: Bool = false) {
        self.covering = covering
        guard let page = currentPage, let post = page.post, let index = page.index,
              pageShown.wouldShow(postID: post.id, index: index, covering: covering, hasFrame: page.hasFrame) else { return }
        if painting, let shown = pageShown.painted(postID: post.id, index: index, covering: covering, hasFrame: true,
                                                    atUs: deps.clock.nowMicroseconds()) {
            deps.events?.emit(.pageShown(postID: post.id, index: index, latencyUs: shown.latencyUs))
            return
        }
        view?.afterNextPaint { [weak self, weak page] in
            guard let self, let page,
                  let shown = pageShown.painted(postID: post.id, index: index, covering: self.covering,
                                                hasFrame: page.hasFrame, atUs: deps.clock.nowMicroseconds()) else { return }
            deps.events?.emit(.pageShown(postID: post.id, index: index, latencyUs: shown.latencyUs))
        }
    }

    /// Try Again on `slot`'s error card: the post loads again, its first frame timed from now.
    public func retry(slot: Int) {
        guard pages.indices.contains(slot) else { return }
        let page = pages[slot]
        guard page.retry(), let post = page.post, let index = page.index, index == store.index else { return }
        firstFrame.expect(postID: post.id, index: index, inputUs: deps.clock.nowMicroseconds())
    }

    /// The first frame of `slot`'s post is on screen: reported once, when awaited. Watching
    /// starts there.
    func reportFirstFrame(slot: Int) {
        let page = pages[slot]
        // A post that failed shows its error card, not a frame.
        guard page.error == nil, let post = page.post, let index = page.index else { return }
        if index == store.index, watch?.postID == post.id, watch?.hasFrame == false {
            watch?.frameShown(atUs: deps.clock.nowMicroseconds())
            syncWatch()
        }
        guard let (waiting, latencyUs) = firstFrame.painted(postID: post.id, index: index,
                                                           atUs: deps.clock.nowMicroseconds()) else { return }
        let size = page.videoShape ?? PixelSize(width: 0, height: 0)
        deps.events?.emit(.firstFrame(postID: waiting.postID, index: waiting.index, latencyUs: latencyUs,
                                      width: size.width, height: size.height))
        loadNeighboursIfWaiting()
        view?.firstFrameShown(slot: slot)
    }

    /// What the player learnt at its preroll is kept with the post: its size, whether it has sound.
    func pageReady(slot: Int, size: PixelSize?) {
        let page = pages[slot]
        guard var post = page.post else { return }
        let learnt = post
        if let size, post.displaySize == nil { post = store.recordVideoSize(size, of: post) }
        if let hasAudio = page.player.hasAudio, post.hasAudio != hasAudio { post = store.recordHasAudio(hasAudio, of: post) }
        if post != learnt { _ = page.update(post) }
    }

    func pageFailed(slot: Int, error: MediaError) {
        // Neighbours report when they come on screen; the current post reports now.
        let page = pages[slot]
        guard page.index == store.index, let post = page.post else { return }
        loadNeighboursIfWaiting()
        firstFrame.cancel()
        pageShown.cancel()
        reportError(error, postID: post.id)
        syncWatch()
    }

    func passEnded(slot: Int, pass: LoopPass, framesPresented: Int) {
        let page = pages[slot]
        guard let post = page.post, page.index == store.index else { return }
        deps.events?.emit(.loop(postID: post.id, seamUs: pass.seamUs, intervalUs: pass.intervalUs,
                                framesDecoded: pass.framesDecoded, framesPresented: framesPresented))
        if watch?.postID == post.id { watch?.passEnded() }
    }
}
