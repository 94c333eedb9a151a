import Foundation
import GLibKit
import GStreamerKit
import Localization
import Synchronization

/// Runs one editing pipeline on the calling (worker) thread: preroll, an optional seek, play to
/// EOS, polling for cancellation and progress every 100 ms.
struct SeekedRun {
    struct Seek {
        var rate: Double
        var start: Double
        var stop: Double?
    }

    var pipeline: Pipeline
    var seek: Seek?
    var timeoutSeconds: Double
    /// Stream-time span the progress is measured over (the video input's upstream position).
    var progressSpan: ClosedRange<Double>?

    static let nanos = Double(GStreamer.nanosecondsPerSecond)

    func run(isCancelled: () -> Bool, progress: (Double) -> Void) -> Result<Void, ClipRenderError> {
        defer { pipeline.setState(.null) }
        // TRANSLATORS: why rendering failed, shown in “The clip could not be rendered (…)”.
        guard pipeline.setState(.paused) != .failure else { return .failure(.pipeline(tr("could not start"))) }
        switch pipeline.waitForPrerollOrError(timeoutSeconds: min(20, timeoutSeconds)) {
        case .error(let error, let element, _)?: return .failure(.from(error, element: element))
        case nil: return .failure(.timeout)
        default: break
        }
        if let seek {
            let stop = seek.stop.map { UInt64($0 * Self.nanos) }
            let start = UInt64(seek.start * Self.nanos)
            // Behind a muxer the seek goes in at its inputs (see `seekUpstream`); a pipeline
            // without one (a cover frame) takes it the usual way.
            let seeked = if let mux = pipeline.child(named: "mux") {
                mux.seekUpstream(fromPads: ["video_0", "audio_0"], rate: seek.rate, from: start, to: stop,
                                 flags: [.flush, .accurate])
            } else {
                pipeline.seek(to: start, flags: [.flush, .accurate], stop: stop, rate: seek.rate)
            }
            guard seeked else {
                return .failure(.pipeline(tr("the trim could not be applied")))
            }
        }
        // TRANSLATORS: why rendering failed, shown in “The clip could not be rendered (…)”.
        guard pipeline.setState(.playing) != .failure else { return .failure(.pipeline(tr("could not play"))) }
        let videoInput = pipeline.child(named: ClipRenderGraph.videoInput)?.staticPad("sink")
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        while Date() < deadline {
            if isCancelled() { return .failure(.cancelled) }
            switch pipeline.waitForEndOrError(timeoutSeconds: 0.1) {
            case .endOfStream?: return .success(())
            case .error(let error, let element, _)?: return .failure(.from(error, element: element))
            default: break
            }
            if let span = progressSpan, span.upperBound > span.lowerBound,
               let position = videoInput?.upstreamPosition {
                let fraction = (Double(position) / Self.nanos - span.lowerBound) / (span.upperBound - span.lowerBound)
                progress(min(1, max(0, fraction)))
            }
        }
        return .failure(.timeout)
    }
}
