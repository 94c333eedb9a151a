public import GStreamerKit

/// Takes decoded frames on the GStreamer streaming thread. VideoBridge turns them into
/// textures; FeedMedia itself never sees GTK.
///
/// A player numbers each clip it loads (a source). The window says which source it now
/// wants before the player thread gets to stop the old stream, so frames of the old one may
/// still arrive in between: they are tagged with the source the player last began and are
/// never shown.
public protocol VideoFrameReceiver: AnyObject, Sendable {
    /// `isPreroll`: the frame shown while paused (a neighbour's first frame).
    func receive(_ frame: VideoFrame, isPreroll: Bool)
    /// Main thread: from now on only frames of `source` may be shown.
    @MainActor func expectSource(_ source: UInt64)
    /// Player thread, once the previous stream has stopped: the frames that follow are `source`'s.
    func beginSource(_ source: UInt64)
}
