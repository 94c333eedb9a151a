import CGLib
import CGtkShims
import GLibKit
public import GStreamerKit

/// A GL context of GTK's on the default display, not bound to a window: what Loopfeed asks
/// which GL the display has (its renderer's name), and, on the GL frame path, the context its
/// video textures belong to. Every GL context GDK makes on a display shares textures with the
/// display's own, and so with the one GTK's GL renderer draws the window with.
@MainActor
public final class DisplayGL {
    let context: OpaquePointer
    /// glGetString(GL_RENDERER): "llvmpipe (LLVM 15.0.6, 256 bits)", "AMD Radeon ...".
    public let rendererName: String?

    /// Makes and realizes the context; nil when the display has no GL.
    public static func open() -> DisplayGL? {
        guard let context = lf_gdk_gl_context_new(nil) else { return nil }
        return DisplayGL(adopting: context)
    }

    private init(adopting context: OpaquePointer) {
        self.context = context
        rendererName = lf_gdk_gl_context_renderer(context).map { name in
            defer { g_free(name) }
            return String(cString: name)
        }
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(context)) }

    /// How GDK reaches GL here: "EGL on X11", "GLX on X11", "EGL on Wayland".
    public var platform: String { String(cString: lf_gdk_gl_context_platform(context)) }

    /// This context wrapped for GStreamer, with GStreamer's own context sharing textures with
    /// it: the GL frame path. Throws GL's own words when GStreamer cannot share it.
    public func shareWithGStreamer() throws(GStreamerError) -> GLFrameContext {
        GStreamer.initialize()
        var error: UnsafeMutablePointer<GError>?
        guard let video = lf_gl_video_context_new_for_gdk(context, &error) else {
            throw .glUnavailable(error.map { GLibError(consuming: $0).message } ?? "no context")
        }
        return GLFrameContext(display: self, video: GLVideoContext(adopting: video))
    }
}

/// The GL frame path's two halves: GTK's context (where frames become GdkGLTextures) and
/// GStreamer's (`video`, handed to every player's pipeline).
@MainActor
public final class GLFrameContext {
    let display: DisplayGL
    /// For the players' pipelines: any thread.
    public nonisolated let video: GLVideoContext

    init(display: DisplayGL, video: GLVideoContext) {
        self.display = display
        self.video = video
    }

    var gdkContext: OpaquePointer { display.context }
    public var rendererName: String? { display.rendererName }
    public var platform: String { display.platform }
}
