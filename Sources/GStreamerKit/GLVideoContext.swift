import CGStreamer
import CGStreamerShims
import GLibKit

/// The GL frame path's GStreamer half: a GstGLDisplay, the toolkit's GL context wrapped for
/// GStreamer (its "app context", so textures made here can be drawn there) and GStreamer's own
/// context sharing with it, on a thread of its own. One for the whole app: every pipeline's
/// `glupload ! glcolorconvert` finds that context on the shared display, so the players share
/// one GL thread. GtkKit makes it from GTK's GdkGLContext; tests may make one of GStreamer's own.
///
/// `@unchecked Sendable`: GstGLDisplay and GstGLContext are thread-safe GstObjects, and the
/// bundle never changes once made.
public final class GLVideoContext: @unchecked Sendable {
    package let raw: OpaquePointer

    /// Takes over a reference the caller owns.
    package init(adopting raw: OpaquePointer) { self.raw = raw }

    deinit { lf_gl_video_context_unref(raw) }

    /// A display and context of GStreamer's own, drawn by no toolkit: GL frames for tests of the
    /// pipeline half.
    public static func standalone() throws(GStreamerError) -> GLVideoContext {
        GStreamer.initialize()
        var error: UnsafeMutablePointer<GError>?
        guard let raw = lf_gl_video_context_new_standalone(&error) else {
            throw .glUnavailable(error.map { GLibError(consuming: $0).message } ?? "no context")
        }
        return GLVideoContext(adopting: raw)
    }

    /// Hands the display and app context to `element` (a playbin, or the bin holding the GL
    /// elements): its GL elements use them instead of making a display of their own.
    public func apply(to element: Element) {
        lf_gl_video_context_apply(raw, element.element)
    }

    /// GStreamer's context's API and version ("opengl3 3.3"), for logs.
    public var summary: String {
        guard let text = lf_gl_video_context_describe(raw) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }
}
