/// Which of GTK's renderers draws the window. GTK 4.8 on X11 picks its GL renderer wherever GL
/// works, and on a software GL (Mesa's llvmpipe, softpipe, swrast: a machine without a GPU, a
/// VM, a remote desktop) that means rasterising every frame's GL on the CPU. There its cairo
/// renderer draws the same window for less: measured here (2 cores, Xvfb, llvmpipe) playback
/// took 37 % of a core against 48 %, RSS 230 MB against 310, launch to first frame 1.6x mpv's
/// against 1.9-2.3x. A hardware GL keeps GTK's choice, and so does a `GSK_RENDERER` someone set.
public struct RendererChoice: Sendable, Equatable {
    /// The renderer to ask GTK for, or nil for GTK's own choice.
    public let renderer: String?
    /// Why, in a few words for the events log.
    public let reason: String

    public init(renderer: String?, reason: String) {
        self.renderer = renderer
        self.reason = reason
    }

    /// `requested`: `GSK_RENDERER` as set; `glRenderer`: the GL renderer's name (nil without GL).
    public static func decide(requested: String?, glRenderer: String?) -> RendererChoice {
        if let requested, !requested.isEmpty {
            return RendererChoice(renderer: nil, reason: "GSK_RENDERER=\(requested) was set")
        }
        guard let glRenderer else {
            // GTK falls back to cairo by itself when GL cannot be had.
            return RendererChoice(renderer: nil, reason: "no GL")
        }
        guard isSoftware(glRenderer) else { return RendererChoice(renderer: nil, reason: "hardware GL: \(glRenderer)") }
        return RendererChoice(renderer: "cairo", reason: "software GL: \(glRenderer)")
    }

    /// Mesa's CPU rasterisers, by the names their GL_RENDERER strings start with.
    public static func isSoftware(_ glRenderer: String) -> Bool {
        let name = glRenderer.lowercased()
        return ["llvmpipe", "softpipe", "swrast", "software rasterizer", "lavapipe"].contains { name.contains($0) }
    }
}
