import FeedCore
import GStreamerKit

/// The bus, told to the machine: each message becomes a `PlayerInput` (an error read as the
/// sound's, GL's or the clip's), with what only GStreamer knows attached.
extension PlaybackEngine {
    func handle(_ message: BusMessage) {
        switch message {
        case .asyncDone: apply(.asyncDone)
        case .segmentDone: apply(.segmentDone)
        case .clockLost: apply(.clockLost)
        case .endOfStream: apply(.endOfStream)
        case .error(let error, let element, let origin):
            // The sound's: the video goes on without it.
            if origin.isInside(PlayerAudio.binName) { return apply(.soundFailed(detail: error.description)) }
            // Posted by an element taken out of the pipeline since (a replaced audio sink's
            // last words; one whose clock stopped posts one for every frame).
            guard origin.inPipeline else { return }
            // The download's own words, when it was the cache that could not give the bytes.
            apply(.streamFailed(streamFeed.failure.value ?? MediaError(error), gl: Self.glFailure(error, fromElement: element),
                                framesSeen: framesOfClip.value))
        default:
            break
        }
    }

    /// The error as a failure of the GL path (its own elements', or caps its upload could not
    /// take), nil for any other.
    static func glFailure(_ error: GStreamerError, fromElement element: String) -> GLFailure? {
        guard case .stream(_, let message, let debug) = error,
              VideoSinkGraph.isGLFailure(fromElement: element, debug: debug) else { return nil }
        return GLFailure(reason: VideoSinkGraph.describeGLFailure(fromElement: element, message: message, debug: debug),
                         broken: VideoSinkGraph.isGLBroken(fromElement: element))
    }
}
