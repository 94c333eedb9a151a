import FeedCore
import FeedPresentation
import GtkKit

/// The controls over the video: `PlayerChrome` says what shows, the pointer and the keys stir
/// it; the progress bar follows the loop while it shows and seeks through the session.
extension FeedController {
    func bindControls() {
        chrome.onChange = { [weak self] shown in self?.chromeChanged(shown) }
        let motion = MotionController()
        motion.onMotion { [weak self] x, y in self?.pointerMoved(x: x, y: y) }
        motion.onLeave { [weak self] in
            self?.lastPointer = nil
            self?.chrome.pointerLeft()
        }
        view.root.addController(motion)
        pointerMotion = motion
        for (index, slot) in slots.enumerated() {
            slot.progress.onSeek = { [weak self] fraction in
                guard let self, session.currentSlot == index else { return }
                session.seek(toFraction: fraction)
                chrome.stir()
            }
            slot.progress.onPointer = { [weak self] on in self?.chrome.setPointerOnControls(on) }
            slot.rail.onFollow = { [weak self] in self?.session.followAuthor(slot: index) }
            slot.showChrome(chrome.shown)
        }
    }

    /// Left and Right: a step back or on; the bar shows where it went.
    func seek(bySteps steps: Int) {
        session.seek(bySteps: steps)
        chrome.stir()
    }

    /// Fullscreen is the video alone.
    func setFullscreen(_ on: Bool) { chrome.setFullscreen(on) }

    /// A pointer moving over the page shows the controls; a stream of motion events re-arms the
    /// wait at most every 200 ms.
    private func pointerMoved(x: Double, y: Double) {
        if let last = lastPointer, last.x == x, last.y == y { return }
        lastPointer = (x, y)
        let now = env.clock.nowMicroseconds()
        guard now - lastStirUs > 200_000 || !chrome.shown.volume else { return }
        lastStirUs = now
        chrome.stir()
    }

    private func chromeChanged(_ shown: PlayerChrome.Shown) {
        for slot in slots { slot.showChrome(shown) }
        if shown.progress, progressTick == nil {
            followProgress()
            progressTick = view.root.addTickCallback { [weak self] _ in
                self?.followProgress()
                return true
            }
        } else if !shown.progress, let tick = progressTick {
            view.root.removeTickCallback(tick)
            progressTick = nil
        }
    }

    /// The current page's bar at the loop's position (each frame while the bar shows).
    private func followProgress() {
        guard let slot = currentSlot else { return }
        guard let (position, duration) = session.position else { return slot.progress.setShown(false) }
        slot.progress.setShown(chrome.shown.progress)
        slot.progress.show(positionNs: position, durationNs: duration)
    }
}
