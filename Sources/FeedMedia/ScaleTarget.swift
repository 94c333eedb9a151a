import FeedCore
import GStreamerKit
import Synchronization

/// Knows the video's display size and the page's, and on the memory path chooses the size
/// frames are scaled to and applies it to the capsfilters. Called from the streaming thread (caps
/// events) and the player thread (resizes), hence the lock.
///
/// On the GL path nothing is scaled in GStreamer (GTK scales the texture while drawing): there are
/// no filters, and the caps are the decoded size before turning, so the display size turns it as
/// the stream's orientation tag says.
final class ScaleTarget: Sendable {
    private struct State {
        var viewport = PixelSize(width: 0, height: 0)
        var video: PixelSize?
        var applied: PixelSize?
        var filters: [SizedFilter] = []
        var orientation: StreamOrientation?
    }

    private let state = Mutex(State())

    /// A capsfilter given the size, and the format it asks for (nil: whichever comes).
    private struct SizedFilter: Sendable {
        let element: CrossThreadElement
        let format: String?

        func caps(_ size: PixelSize) -> String {
            "video/x-raw," + (format.map { "format=\($0)," } ?? "")
                + "pixel-aspect-ratio=1/1,width=\(size.width),height=\(size.height)"
        }
    }

    /// `filters`: the capsfilters to size, in stream order, each with the format it asks for
    /// (none on the GL path); `orientation`: the stream's tags, when the caps seen are the size
    /// before turning.
    init(filters: [(Element, format: String?)] = [], orientation: StreamOrientation? = nil) {
        use(filters: filters, orientation: orientation)
    }

    /// The sink bin changed (a player left the GL path): size this one's filters from now on.
    func use(filters: [(Element, format: String?)], orientation: StreamOrientation?) {
        let filters = filters.map { SizedFilter(element: CrossThreadElement($0.0), format: $0.format) }
        state.withLock {
            $0.filters = filters
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
            let chosen: (PixelSize, [SizedFilter])? = state.withLock { s in
                guard !s.filters.isEmpty, let video = s.video, !s.viewport.isEmpty else { return nil }
                let target = VideoFit.scaledSize(video: video, viewport: s.viewport)
                guard target != s.applied else { return nil }
                s.applied = target
                return (target, s.filters)
            }
            guard let (target, filters) = chosen else { return }
            for filter in filters { try? filter.element.element.set("caps", caps: filter.caps(target)) }
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
