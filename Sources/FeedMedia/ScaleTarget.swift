import FeedCore
import GStreamerKit
import Synchronization

/// Chooses the size frames are scaled to from the video's display size and the page's, and
/// applies it to the capsfilter. Called from the streaming thread (caps events) and the main
/// thread (resizes), hence the lock.
final class ScaleTarget: Sendable {
    private struct State {
        var viewport = PixelSize(width: 0, height: 0)
        var video: PixelSize?
        var applied: PixelSize?
    }

    private let filter: CrossThreadElement
    private let state = Mutex(State())

    init(filter: Element) { self.filter = CrossThreadElement(filter) }

    var viewport: PixelSize { state.withLock { $0.viewport } }
    var videoSize: PixelSize? { state.withLock { $0.video } }

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
            let target: PixelSize? = state.withLock { s in
                guard let video = s.video, !s.viewport.isEmpty else { return nil }
                let target = VideoFit.scaledSize(video: video, viewport: s.viewport)
                guard target != s.applied else { return nil }
                s.applied = target
                return target
            }
            guard let target else { return }
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
