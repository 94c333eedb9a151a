public import FeedMedia
public import GtkKit

/// The GL frame path as the feed's pages use it, made once at launch by the composition root:
/// GTK's and GStreamer's shared GL contexts, and whom to tell when a player leaves the path.
/// Its surfaces turn GL frames into GdkGLTextures; its players' pipelines convert on the GPU.
/// Without one (nil where one is asked for), frames take the memory path.
@MainActor
public final class VideoOutput {
    let glFrames: GLFrameContext
    /// For the players (FeedMedia's PlayerPool).
    public let playerPath: PlayerVideoPath

    /// `fellBack`: a player had to leave the GL path (main thread; the reason in words).
    public init(gl frames: GLFrameContext, fellBack: @escaping @MainActor @Sendable (_ reason: String) -> Void) {
        glFrames = frames
        playerPath = .gl(frames.video, fellBack: fellBack)
    }
}
