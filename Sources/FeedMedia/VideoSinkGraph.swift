public import GStreamerKit

/// How a player's frames leave GStreamer, chosen once at launch (FeedCore's VideoPathChoice)
/// and handed to every player: the memory path, or the GL path with the app's shared GL context
/// and whom to tell (on the main thread) when a player has to leave it.
public struct PlayerVideoPath: Sendable {
    let glContext: GLVideoContext?
    let fellBack: (@MainActor @Sendable (String) -> Void)?

    /// Frames converted and scaled on the CPU into memory (BGRA at the page's size).
    public static let memory = PlayerVideoPath(glContext: nil, fellBack: nil)

    /// Frames uploaded and converted on the GPU into GL textures at the video's own size.
    public static func gl(_ context: GLVideoContext,
                          fellBack: @escaping @MainActor @Sendable (_ reason: String) -> Void) -> PlayerVideoPath {
        PlayerVideoPath(glContext: context, fellBack: fellBack)
    }

    var graph: VideoSinkGraph { glContext == nil ? .memory : .gl }
}

/// The video sink bin a player's playbin draws into, as data (tested as its gst-launch text).
enum VideoSinkGraph: Equatable {
    /// videoflip turns the picture as its orientation tag says. The first videoconvertscale
    /// scales the frame to the page's size in the clip's own format (its planes: I420 at
    /// 720x1280 to 450x800 costs half of scaling while converting, 240 frames 0.87 -> 0.44 s of
    /// CPU), the second converts it to BGRA. Both filters take the previous size until the new
    /// one arrives (delayed), and the second element scales too: with videoscale ! videoconvert,
    /// a resize that landed between videoscale choosing its size and videoconvert accepting it
    /// left videoconvert unable to make the new size (not-negotiated: the stream stopped with an
    /// error, 1 in ~20 resizes while playing); here it is scaled once more for that frame.
    case memory
    /// The GL path: the decoder's frames are uploaded (or, from a VA decoder, imported as
    /// DMA-BUFs) and converted to RGBA by a shader on GStreamer's GL thread; nothing is scaled or
    /// turned here (GTK does both while drawing the texture).
    case gl

    /// The bin's elements in stream order.
    var chain: ElementChain {
        switch self {
        case .memory:
            ElementChain([
                .init("videoflip", name: "flip", [.init("video-direction", "auto")]),
                .init("videoconvertscale", name: input),
                .init("capsfilter", name: "prescale", [.init("caps-change-mode", "delayed"),
                                                       .init("caps", "video/x-raw,pixel-aspect-ratio=1/1")]),
                .init("videoconvertscale", name: "convert"),
                .init("capsfilter", name: "size", [.init("caps-change-mode", "delayed"),
                                                   .init("caps", "video/x-raw,format=BGRA,pixel-aspect-ratio=1/1")]),
                Self.appsink,
            ])
        case .gl:
            ElementChain([
                .init("glupload", name: input),
                .init("glcolorconvert", name: "lf-glconvert"),
                .init("capsfilter", name: "lf-glformat", [.init("caps", "video/x-raw(memory:GLMemory),format=RGBA,texture-target=2D")]),
                Self.appsink,
            ])
        }
    }

    /// The chain as gst-launch text.
    var description: String { chain.description }

    /// The element whose sink pad's caps are the clip's size (after turning on the memory path,
    /// before it on the GL path) and that sees the stream's tags.
    var input: String {
        switch self {
        case .memory: "scale"
        case .gl: "lf-glupload"
        }
    }

    /// The capsfilters the page's size is set on, in stream order, with the format each asks
    /// for (nil: the clip's own); none where GTK scales.
    var sizeFilters: [(name: String, format: String?)] { self == .memory ? [("prescale", nil), ("size", "BGRA")] : [] }

    /// Whether frames are turned when drawn (the stream's orientation travels with each frame).
    var turnsWhenDrawing: Bool { self == .gl }

    private static let appsink = ElementChain.Link("appsink", name: "frames", [
        .init("max-buffers", "2"), .init("drop", "true"), .init("enable-last-sample", "false"), .init("qos", "true"),
    ])

    /// An error that says the GL path itself failed, not the clip: one of its own elements
    /// posted it, or caps could not be agreed (a decoder whose frames GL cannot take).
    static func isGLFailure(fromElement: String, debug: String) -> Bool {
        fromElement.hasPrefix("lf-gl") || debug.contains("not-negotiated")
    }

    /// A failure of GL itself (one of the GL path's own elements), not of a clip's format.
    static func isGLBroken(fromElement: String) -> Bool { fromElement.hasPrefix("lf-gl") }

    /// Such a failure in a few words for the log.
    static func describeGLFailure(fromElement: String, message: String, debug: String) -> String {
        fromElement.hasPrefix("lf-gl")
            ? "\(fromElement): \(message)"
            : "\(fromElement)'s frames and the GL upload agreed on no caps (not-negotiated)"
    }
}
