import FeedCore
import Foundation
import GStreamerKit
import GtkKit
import VideoBridge

/// Chooses, before the first window is realized, GTK's renderer and the frame path together
/// (FeedCore's `VideoPathChoice`; GTK reads `GSK_RENDERER` when it makes the first window's
/// renderer), sets up the GL path when it is chosen, and raises the VA decoders where they pay
/// off (`HardwareDecoding`). The `renderer` event says what was chosen and why.
@MainActor
enum VideoPathSetup {
    /// Before GTK starts: the choice when the machine and the environment alone tell (the memory
    /// path; without a GPU device GTK then loads no GL), applied; nil when GL must be asked once
    /// GTK is up (`choose`).
    static func chooseBeforeGTK(environment: EnvironmentOptions) -> VideoPathChoice? {
        guard let choice = VideoPathChoice.beforeGTK(requestedPath: environment.videoPath,
                                                     requestedRenderer: environment.renderer,
                                                     gpuDevices: GraphicsRenderer.gpuDevices()) else { return nil }
        if choice.disablesGL { GraphicsRenderer.disableGL(keeping: environment.gdkDebug) }
        if let renderer = choice.renderer { GraphicsRenderer.use(renderer) }
        Texture.prepareFramesForCPUDrawing(choice.drawsOnCPU)
        return choice
    }

    /// The GL path's output for the feed, or nil for the memory path. `early`: what
    /// `chooseBeforeGTK` decided, only reported here.
    static func choose(early: VideoPathChoice?, environment: EnvironmentOptions, events: EventSink?,
                       clock: SystemMonotonicClock) -> VideoOutput? {
        if let early {
            events?.emit(.renderer(name: early.renderer ?? "default", reason: early.rendererReason, probeUs: 0,
                                   videoPath: early.path.rawValue, videoReason: early.reason,
                                   decoding: "software", decodingReason: "the memory path decodes in software"))
            return nil
        }
        let requestedPath = environment.videoPath
        let requestedRenderer = environment.renderer
        let startUs = clock.nowMicroseconds()
        // A realized GL context of GTK's: asked for its renderer's name, and kept as the GL
        // path's context when that path is chosen.
        let display = VideoPathChoice.needsGLRenderer(requestedPath: requestedPath, requestedRenderer: requestedRenderer)
            ? DisplayGL.open() : nil
        let probeUs = clock.nowMicroseconds() - startUs
        var choice = VideoPathChoice.decide(requestedPath: requestedPath, requestedRenderer: requestedRenderer,
                                            glRenderer: display?.rendererName)
        var output: VideoOutput?
        var platform = ""
        if choice.path == .gl, let display {
            do {
                let frames = try display.shareWithGStreamer()
                platform = " [\(frames.platform), GStreamer \(frames.video.summary)]"
                output = VideoOutput(gl: frames) { reason in
                    printError("loopfeed: \(reason)\n")
                    events?.emit(.videoPath(path: VideoPath.memory.rawValue, reason: reason))
                }
            } catch {
                choice = VideoPathChoice.fallback(from: choice, problem: error.description,
                                                  requestedRenderer: requestedRenderer, glRenderer: display.rendererName)
                printError("loopfeed: video takes the memory path: \(choice.reason)\n")
            }
        }
        if let renderer = choice.renderer { GraphicsRenderer.use(renderer) }
        Texture.prepareFramesForCPUDrawing(choice.drawsOnCPU)
        let renderNodes = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
        let decoding = HardwareDecoding.decide(renderNodes: renderNodes, videoPath: choice.path)
        let raised = GStreamer.preferDecoders(decoding.decoders)
        let decodingReason = decoding.enabled && raised.isEmpty
            ? "\(decoding.reason), but no va decoder is registered (gstreamer1.0-plugins-bad's va plugin, a VA driver)"
            : decoding.reason + (raised.isEmpty ? "" : ": " + raised.joined(separator: ", "))
        events?.emit(.renderer(name: choice.renderer ?? "default", reason: choice.rendererReason, probeUs: probeUs,
                               videoPath: choice.path.rawValue, videoReason: choice.reason + platform,
                               decoding: raised.isEmpty ? "software" : "va", decodingReason: decodingReason))
        return output
    }
}
