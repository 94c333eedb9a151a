import FeedCore

/// Pause, play, stop and visibility, and the watching they allow: a post is watched while its
/// first frame is up and it plays on screen, and its `WatchSignal` goes out when it is left.
extension FeedSession {
    /// A click, Space or the media controls' play/pause.
    public func togglePause() {
        guard visible, let page = currentPage, page.error == nil else { return }
        let pausing = page.isPlaying
        intent = pausing ? .paused : .playing
        page.setPaused(pausing)
        view?.playbackChanged(playing: !pausing && visible)
        syncWatch()
    }

    public func play() {
        guard intent != .playing else { return }
        if intent == .stopped { intent = .paused }
        togglePause()
    }

    public func pause() {
        if intent == .playing { togglePause() }
    }

    /// The media controls' Stop: paused at the first frame.
    public func stop() {
        guard let page = currentPage, page.error == nil else { return }
        intent = .stopped
        page.deactivate()
        view?.playbackChanged(playing: false)
        syncWatch()
    }

    /// Stops sound and decoding while the feed is hidden; resumes unless the user paused.
    public func setVisible(_ isVisible: Bool) {
        visible = isVisible
        defer { syncWatch() }
        guard let page = currentPage, page.error == nil else { return }
        if isVisible {
            if intent == .playing { page.setPaused(false) }
        } else {
            page.setPaused(true, showIndicator: false)
        }
        view?.playbackChanged(playing: isVisible && intent == .playing)
    }

    /// Tells the current showing whether its post plays on screen now (a hidden feed's page
    /// never plays).
    func syncWatch() {
        guard let post = watch?.postID else { return }
        let page = currentPage
        let playing = page?.post?.id == post && page?.error == nil && page?.isPlaying == true
        watch?.setPlaying(playing, atUs: deps.clock.nowMicroseconds())
    }

    /// The current post is left at `nowUs` (now when nil): its signal, if it was watched at all.
    func finishWatching(atUs nowUs: Int64? = nil) {
        guard let meter = watch else { return }
        watch = nil
        if let signal = meter.finish(atUs: nowUs ?? deps.clock.nowMicroseconds()) {
            deps.watchSignals?.record(signal)
        }
    }
}
