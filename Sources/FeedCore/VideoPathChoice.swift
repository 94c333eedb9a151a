import Foundation

/// How decoded frames reach the screen.
///
/// `gl`: GStreamer uploads and converts each frame on the GPU (`glupload ! glcolorconvert`) into
/// a texture GTK draws as it is, scaled and rotated while drawing: no per-frame conversion,
/// scaling or upload on the CPU. `memory`: GStreamer converts and scales each frame on the CPU
/// to the page's size and GTK uploads it (or, with cairo, blends it on the CPU).
public enum VideoPath: String, Sendable, Equatable {
    case gl
    case memory
}

/// The renderer GTK draws with and the frame path, decided together once at launch, before the
/// first window is realized: the GL path needs GTK's GL renderer (a GL texture drawn by cairo
/// would be read back from the GPU every frame).
///
/// A hardware GL gets the GL path and GTK's GL renderer. A CPU rasteriser (llvmpipe) gets the
/// memory path and cairo (`RendererChoice`): there every GL draw is CPU work too, and cairo
/// over frames already scaled in GStreamer costs least. `LOOPFEED_VIDEO_PATH=gl|memory` forces a
/// path (forcing `gl` on llvmpipe also asks for GTK's GL renderer); a `GSK_RENDERER` someone set
/// to anything but GL keeps the memory path.
public struct VideoPathChoice: Sendable, Equatable {
    /// The renderer to ask GTK for ("cairo", "gl"), or nil for GTK's own choice.
    public let renderer: String?
    /// Why that renderer, in a few words for the events log.
    public let rendererReason: String
    public let path: VideoPath
    /// Why that path, in a few words for the events log.
    public let reason: String
    /// Whether GTK draws the window on the CPU (its cairo renderer); memory frames are then
    /// painted from their own pixels (`RendererChoice.drawsOnCPU`).
    public let drawsOnCPU: Bool
    /// Whether GTK should not load GL at all (`RendererChoice.disablesGL`).
    public let disablesGL: Bool

    public init(renderer: String?, rendererReason: String, path: VideoPath, reason: String,
                drawsOnCPU: Bool = false, disablesGL: Bool = false) {
        self.renderer = renderer
        self.rendererReason = rendererReason
        self.path = path
        self.reason = reason
        self.drawsOnCPU = drawsOnCPU
        self.disablesGL = disablesGL
    }

    /// The choice that can be made before GTK starts, from the machine and the environment
    /// alone: the memory path without a GPU device (and then no GL at all, `RendererChoice.
    /// beforeGTK`), or when the memory path or a renderer other than GL was asked for. Nil when
    /// GTK's GL renderer must be asked (`decide`): a GPU device, or `LOOPFEED_VIDEO_PATH=gl`.
    public static func beforeGTK(requestedPath: VideoPath?, requestedRenderer: String?,
                                 gpuDevices: [String]) -> VideoPathChoice? {
        let forced = requestedPath
        guard forced != .gl, let early = RendererChoice.beforeGTK(requested: requestedRenderer, gpuDevices: gpuDevices)
        else { return nil }
        let setRenderer = nonEmpty(requestedRenderer)
        // GSK_RENDERER=gl with a GPU may still take the GL path: that needs the probe.
        if let setRenderer, isGL(setRenderer), forced != .memory, !gpuDevices.isEmpty { return nil }
        let reason: String
        if forced == .memory {
            reason = "LOOPFEED_VIDEO_PATH=memory"
        } else if let setRenderer, !isGL(setRenderer) {
            reason = "GSK_RENDERER=\(setRenderer) was set: GL frames need GTK's GL renderer"
        } else {
            reason = early.reason
        }
        return VideoPathChoice(renderer: early.renderer, rendererReason: early.reason, path: .memory, reason: reason,
                               drawsOnCPU: early.drawsOnCPU, disablesGL: early.disablesGL)
    }

    /// Whether the display's GL renderer must be asked for (a throwaway GL context, ~11 ms):
    /// not when the memory path is forced and GTK's renderer was set by someone, nor when
    /// `GSK_RENDERER` names a renderer other than GL (the memory path follows either way).
    public static func needsGLRenderer(requestedPath: VideoPath?, requestedRenderer: String?) -> Bool {
        guard let renderer = nonEmpty(requestedRenderer) else { return true }
        return isGL(renderer) && requestedPath != .memory
    }

    /// `requestedPath`: what `LOOPFEED_VIDEO_PATH` asks for; `requestedRenderer`: `GSK_RENDERER` as set;
    /// `glRenderer`: the GL renderer's name (nil without GL, or when it was not asked).
    public static func decide(requestedPath: VideoPath?, requestedRenderer: String?, glRenderer: String?) -> VideoPathChoice {
        let memoryRenderer = RendererChoice.decide(requested: requestedRenderer, glRenderer: glRenderer)
        func memory(_ reason: String) -> VideoPathChoice {
            VideoPathChoice(renderer: memoryRenderer.renderer, rendererReason: memoryRenderer.reason,
                            path: .memory, reason: reason, drawsOnCPU: memoryRenderer.drawsOnCPU)
        }
        let setRenderer = nonEmpty(requestedRenderer)
        let forced = requestedPath
        if forced == .memory { return memory("LOOPFEED_VIDEO_PATH=memory") }
        if let setRenderer, !isGL(setRenderer) {
            return memory("GSK_RENDERER=\(setRenderer) was set: GL frames need GTK's GL renderer")
        }
        guard let glRenderer else {
            return memory((forced == .gl ? "LOOPFEED_VIDEO_PATH=gl, but " : "") + "no GL")
        }
        let software = RendererChoice.isSoftware(glRenderer)
        let kind = software ? "software GL: \(glRenderer)" : "hardware GL: \(glRenderer)"
        if forced == .gl {
            return VideoPathChoice(renderer: setRenderer == nil ? "gl" : nil,
                                   rendererReason: setRenderer.map { "GSK_RENDERER=\($0) was set" } ?? "the GL path draws with GL",
                                   path: .gl, reason: "LOOPFEED_VIDEO_PATH=gl (\(kind))")
        }
        if software { return memory(kind) }
        return VideoPathChoice(renderer: setRenderer == nil ? "gl" : nil,
                               rendererReason: setRenderer.map { "GSK_RENDERER=\($0) was set" } ?? kind,
                               path: .gl, reason: kind)
    }

    /// The memory path after the GL path could not be set up (`problem`: GStreamer could not wrap
    /// GTK's GL context, say), with the renderer the memory path would have had.
    public static func fallback(from choice: VideoPathChoice, problem: String, requestedRenderer: String?,
                                glRenderer: String?) -> VideoPathChoice {
        guard choice.path == .gl else { return choice }
        let renderer = RendererChoice.decide(requested: requestedRenderer, glRenderer: glRenderer)
        return VideoPathChoice(renderer: renderer.renderer, rendererReason: renderer.reason, path: .memory,
                               reason: "the GL path failed (\(problem)); \(choice.reason)",
                               drawsOnCPU: renderer.drawsOnCPU)
    }

    private static func nonEmpty(_ value: String?) -> String? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        return value
    }

    /// GTK 4.8's GL renderer answers to "gl" and "opengl".
    private static func isGL(_ renderer: String) -> Bool {
        ["gl", "opengl"].contains(renderer.lowercased())
    }
}
