public import GStreamerKit

/// Takes decoded frames on the GStreamer streaming thread. VideoBridge turns them into
/// textures; FeedMedia itself never sees GTK.
public protocol VideoFrameReceiver: AnyObject, Sendable {
    /// `isPreroll`: the frame shown while paused (a neighbour's first frame).
    func receive(_ frame: VideoFrame, isPreroll: Bool)
    /// The player changed source: frames queued for the old one must not be shown.
    @MainActor func reset()
}
