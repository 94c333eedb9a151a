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

    private let filter: Element
    private let state = Mutex(State())

    init(filter: Element) { self.filter = filter }

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

    /// The caps are set under the lock too: a resize on the main thread and a caps event on
    /// the streaming thread must not interleave and leave the older size applied last.
    private func apply() {
        state.withLock { s in
            guard let video = s.video, !s.viewport.isEmpty else { return }
            let target = VideoFit.scaledSize(video: video, viewport: s.viewport)
            guard target != s.applied else { return }
            s.applied = target
            try? filter.set("caps", caps: "video/x-raw,format=BGRA,pixel-aspect-ratio=1/1,width=\(target.width),height=\(target.height)")
        }
    }
}
