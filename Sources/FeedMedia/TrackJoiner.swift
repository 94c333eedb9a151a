public import FeedCore
public import Foundation
import GStreamerKit
import Localization

/// Joins a video-only MP4 and an audio-only MP4 (PeerTube's split audio renditions, fragmented
/// MP4s) into one MP4 without re-encoding: each file's demuxer feeds its stream to one mp4mux.
public struct TrackJoiner: TrackJoining {
    public init() {}

    /// The pipeline, as data: the two readers and the writer are named, their paths set apart.
    static func pipeline(video: URL, audio: URL, output: URL) -> PipelineText {
        PipelineText("mp4mux name=mux ! filesink name=out "
                     + "filesrc name=picture ! qtdemux name=pd pd.video_0 ! queue ! mux.video_0 "
                     + "filesrc name=sound ! qtdemux name=sd sd.audio_0 ! queue ! mux.audio_0",
                     locations: ["picture": video.path, "sound": audio.path, "out": output.path])
    }

    public func join(video: URL, audio: URL, into output: URL) -> Result<Void, MediaError> {
        let failure = { (detail: String) in
            MediaError(kind: .corrupt, message: tr("The video’s picture and sound could not be put together."), detail: detail)
        }
        do {
            GStreamer.initialize()
            let pipeline = try Self.pipeline(video: video, audio: audio, output: output).parse()
            guard pipeline.setState(.playing) != .failure else { return .failure(failure("could not start")) }
            let outcome = pipeline.waitForEndOrError(timeoutSeconds: 60)
            pipeline.setState(.null)
            guard outcome == .endOfStream else { return .failure(failure(String(describing: outcome))) }
            return .success(())
        } catch {
            return .failure(failure("\(error)"))
        }
    }
}
