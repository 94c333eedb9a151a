import FeedCore
import GStreamerKit

/// The video's way out of the pipeline: the sink bin playbin is given (`VideoSinkGraph`), the
/// GL path's or the memory path's (a clip the GL path failed before its first frame loads again
/// on the memory path: the machine decides, `begin` switches the bin).
extension PlaybackEngine {
    /// Makes `graph`'s sink bin playbin's video sink (playbin in NULL or READY).
    static func install(_ graph: VideoSinkGraph, glContext: GLVideoContext?, on playbin: Pipeline,
                                sizing: ScaleTarget, frames: @escaping @Sendable (VideoFrame, Bool) -> Void) throws {
        let sink = try Element.bin(chain: graph.chain)
        guard let appsink = sink.child(named: "frames"), let input = sink.child(named: graph.input),
              let inputPad = input.staticPad("sink") else {
            throw GStreamerError.invalidDescription("video sink")
        }
        let filters = graph.sizeFilters.compactMap { named in sink.child(named: named.name).map { ($0, named.format) } }
        // Where frames are turned while drawing, the stream's orientation tags travel with them.
        let orientation = graph.turnsWhenDrawing ? StreamOrientation() : nil
        orientation?.watch(inputPad)
        glContext?.apply(to: sink)
        sizing.use(filters: filters, orientation: orientation)
        // The caps event on the input carries the clip's size: on the memory path the output
        // size is chosen there, before the first frame is scaled, so it is never scaled twice.
        inputPad.onCaps { width, height in sizing.videoSizeChanged(PixelSize(width: width, height: height)) }
        appsink.onVideoFrame(orientation: orientation, frames)
        playbin.set("video-sink", element: sink)
    }

    /// Makes `graph`'s sink bin playbin's video sink (with playbin in NULL, where playsink takes
    /// a new one).
    func switchSink(to graph: VideoSinkGraph) {
        playbin.setState(.null)
        do {
            try Self.install(graph, glContext: graph == .gl ? videoPath.glContext : nil, on: playbin, sizing: sizing,
                             frames: frameHandler())
            installed = graph
        } catch {
            // Both bins are fixed chains made wherever their plugins are installed (GL's are,
            // or the shared context could not have been made); should one not, the player keeps
            // the bin it has.
        }
    }
}
