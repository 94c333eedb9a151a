import CGLib
import CGtkShims
import Glibc

/// GTK's renderer, chosen before the first window is realized (GTK reads `GSK_RENDERER` when it
/// makes the first window's renderer).
@MainActor
public enum GraphicsRenderer {
    /// The name of the OpenGL renderer the display offers ("llvmpipe (LLVM 15.0.6, 256 bits)"),
    /// or nil without GL. Makes a GL context of its own and drops it.
    public static func glRendererName() -> String? {
        guard let name = lf_gl_renderer_name() else { return nil }
        defer { g_free(name) }
        return String(cString: name)
    }

    /// What `GSK_RENDERER` says now, if anything.
    public static var requested: String? {
        getenv("GSK_RENDERER").map { String(cString: $0) }
    }

    /// Asks GTK for `renderer` ("cairo", "gl") for the windows not yet realized.
    public static func use(_ renderer: String) {
        setenv("GSK_RENDERER", renderer, 1)
    }
}
