import FeedCore
import GStreamerKit
import Synchronization

/// Knows the video's display size and the page's, and on the memory path chooses the size
/// frames are scaled to and applies it to the capsfilter. Called from the streaming thread (caps
/// events) and the player thread (resizes), hence the lock.
///
/// On the GL path nothing is scaled in GStreamer (GTK scales the texture while drawing): there is
/// no filter, and the caps are the decoded size before turning, so the display size turns it as
/// the stream's orientation tag says.
final class ScaleTarget: Sendable {
    private struct State {
        var viewport = PixelSize(width: 0, height: 0)
        var video: PixelSize?
        var applied: PixelSize?
        var filter: CrossThreadElement?
        var orientation: StreamOrientation?
    }

    private let state = Mutex(State())

    /// `filter`: the capsfilter to size (nil on the GL path); `orientation`: the stream's tags,
    /// when the caps seen are the size before turning.
    init(filter: Element?, orientation: StreamOrientation? = nil) {
        use(filter: filter, orientation: orientation)
    }

    /// The sink bin changed (a player left the GL path): size this one from now on.
    func use(filter: Element?, orientation: StreamOrientation?) {
        let filter = filter.map(CrossThreadElement.init)
        state.withLock {
            $0.filter = filter
            $0.orientation = orientation
            $0.applied = nil
        }
    }

    var viewport: PixelSize { state.withLock { $0.viewport } }

    /// The video as displayed (turned), nil before its caps.
    var videoSize: PixelSize? {
        state.withLock { s in
            guard let video = s.video, let orientation = s.orientation?.current else { return s.video }
            let shown = orientation.displayed(width: video.width, height: video.height)
            return PixelSize(width: shown.width, height: shown.height)
        }
    }

    func reset() {
        state.withLock {
            $0.video = nil
            $0.applied = nil
        }
    }

    func setViewport(_ viewport: PixelSize) {
        state.withLock { $0.viewport = viewport }
        apply()
    }

    func videoSizeChanged(_ size: PixelSize) {
        state.withLock { $0.video = size }
        apply()
    }

    /// The size is chosen under the lock and the caps set outside it: setting caps makes the
    /// capsfilter renegotiate, which can call back into `videoSizeChanged` on this thread.
    /// A resize racing a caps event is settled by applying again until what was set is current.
    private func apply() {
        while true {
            let chosen: (PixelSize, CrossThreadElement)? = state.withLock { s in
                guard let filter = s.filter, let video = s.video, !s.viewport.isEmpty else { return nil }
                let target = VideoFit.scaledSize(video: video, viewport: s.viewport)
                guard target != s.applied else { return nil }
                s.applied = target
                return (target, filter)
            }
            guard let (target, filter) = chosen else { return }
            try? filter.element.set("caps", caps: "video/x-raw,format=BGRA,pixel-aspect-ratio=1/1,width=\(target.width),height=\(target.height)")
            let stillCurrent = state.withLock { s in
                guard let video = s.video, !s.viewport.isEmpty else { return true }
                return VideoFit.scaledSize(video: video, viewport: s.viewport) == target
            }
            if stillCurrent { return }
            // Another thread chose a newer size meanwhile and ours may have been set last: forget
            // what was applied so the newest size is set again.
            state.withLock { $0.applied = nil }
        }
    }
}
