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

    /// True when GTK should not load GL at all (`GDK_DEBUG=gl-disable`): there is nothing but a
    /// CPU rasteriser to load, and loading it costs a launch about 50 ms on this kind of machine.
    public let disablesGL: Bool

    /// Whether GTK will draw the window on the CPU (its cairo renderer): chosen here, asked for
    /// with GSK_RENDERER=cairo, or the only one left without GL.
    public let drawsOnCPU: Bool

    public init(renderer: String?, reason: String, disablesGL: Bool = false, drawsOnCPU: Bool? = nil) {
        self.renderer = renderer
        self.reason = reason
        self.disablesGL = disablesGL
        self.drawsOnCPU = drawsOnCPU ?? (renderer == "cairo")
    }


    /// The choice that can be made before GTK starts, from what is on the machine; nil when only
    /// asking GL for its renderer can tell (`decide`). `gpuDevices`: the device nodes a GPU
    /// driver opens (`/dev/dri/renderD*`, `/dev/nvidia*`). Without one, any GL the display
    /// offers is a CPU rasteriser, and GTK would load Mesa and LLVM just to pick a visual.
    public static func beforeGTK(requested: String?, gpuDevices: [String]) -> RendererChoice? {
        if let requested, !requested.isEmpty {
            return RendererChoice(renderer: nil, reason: "GSK_RENDERER=\(requested) was set",
                                  drawsOnCPU: requested == "cairo")
        }
        guard gpuDevices.isEmpty else { return nil }
        return RendererChoice(renderer: "cairo", reason: "no GPU device (no /dev/dri/renderD*, no /dev/nvidia*)",
                              disablesGL: true)
    }

    /// `requested`: `GSK_RENDERER` as set; `glRenderer`: the GL renderer's name (nil without GL).
    public static func decide(requested: String?, glRenderer: String?) -> RendererChoice {
        if let requested, !requested.isEmpty {
            return RendererChoice(renderer: nil, reason: "GSK_RENDERER=\(requested) was set",
                                  drawsOnCPU: requested == "cairo")
        }
        guard let glRenderer else {
            // GTK falls back to cairo by itself when GL cannot be had.
            return RendererChoice(renderer: nil, reason: "no GL", drawsOnCPU: true)
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
