public import Foundation

/// A running camera and microphone, as the Create page drives it: a live preview, and
/// segments recorded while the button is held. FeedMedia's CaptureSession runs the capture
/// pipeline; FeedTesting's FakeCaptureSession records the calls and is told what happened.
@MainActor
public protocol CaptureSessionControl: AnyObject {
    /// The preview shows live pictures.
    var onLive: (() -> Void)? { get set }
    var onError: ((RecorderError) -> Void)? { get set }
    /// A segment's file is final: its path and length in seconds.
    var onSegmentFinished: ((URL, Double) -> Void)? { get set }
    /// A too-short segment was let go of and its file deleted.
    var onSegmentDiscarded: (() -> Void)? { get set }

    var isRecording: Bool { get }
    func start()
    /// Lets go of the devices (a segment being saved finishes first).
    func stop()
    func setMirrored(_ mirrored: Bool)
    func setFilter(_ filter: CaptureFilter)
    /// Starts recording a segment into `path`.
    func startSegment(path: URL) throws(RecorderError)
    /// Ends the segment; `discard`: the hold was too short, the file is deleted.
    func finishSegment(discard: Bool)
}
