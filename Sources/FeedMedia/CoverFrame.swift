public import FeedCore
public import Foundation
import GLibKit
import GStreamerKit

/// One frame of a clip as a PNG, for the cover chooser (which shows `times(count: 8, ...)`).
public enum CoverFrame {
    /// `count` times spread evenly over the clip, each in the middle of its share.
    public static func times(count: Int = 8, durationSeconds: Double) -> [Double] {
        guard count > 0, durationSeconds > 0 else { return [] }
        return (0..<count).map { (Double($0) + 0.5) * durationSeconds / Double(count) }
    }

    /// Calls `completion` on the main thread.
    public static func extract(from source: URL, at seconds: Double, to png: URL, width: Int? = nil,
                               edit: ClipEdit? = nil,
                               completion: @escaping @Sendable @MainActor (Result<URL, ClipRenderError>) -> Void) {
        DispatchQueue.global(qos: .userInitiated).async {
            let result = extractNow(from: source, at: seconds, to: png, width: width, edit: edit)
            MainLoop.invoke { completion(result) }
        }
    }

    /// The frame at `seconds` (clamped into the clip), at the clip's rendered size or scaled to
    /// `width`, with the edit's text burnt in as the posted video will have it (drawn at the
    /// rendered size, then scaled, so it keeps its proportions). Blocks: worker threads only.
    public static func extractNow(from source: URL, at seconds: Double, to png: URL,
                                  width: Int? = nil, edit: ClipEdit? = nil) -> Result<URL, ClipRenderError> {
        GStreamer.initialize()
        guard let probe = try? ClipProbe.probe(source), let sourceSize = probe.size else {
            return .failure(.unreadableSource(source.lastPathComponent))
        }
        let size = frameSize(source: sourceSize, width: width)
        let graph = edit.map { ClipRenderGraph(source: source, probe: probe, edit: $0) }
        let rendered = ClipRenderGraph.fittedSize(sourceSize)
        let caption = graph.map(\.captionStage).flatMap { stage in
            stage.isEmpty ? nil : "! videoscale ! video/x-raw,width=\(rendered.width),height=\(rendered.height),"
                + "pixel-aspect-ratio=1/1 \(stage)! videoconvert "
        } ?? ""
        let part = png.appendingPathExtension("part")
        defer { try? FileManager.default.removeItem(at: part) }
        // The last frame starts a frame before the end; seeking past it gives no frame at all.
        let time = min(max(0, seconds), max(0, probe.durationSeconds - 0.05))
        do {
            // pngenc snapshot=true ends the stream after one picture. Preroll makes one of the
            // first frame; the flushing seek truncates the file (filesink does on flush) and
            // the picture at `time` replaces it.
            let pipeline = try PipelineText(
                "filesrc name=clipfile ! decodebin ! video/x-raw ! queue name=\(ClipRenderGraph.videoInput) "
                + "! videoflip video-direction=auto ! videoconvert \(caption)"
                + "! videoscale ! video/x-raw,format=RGB,width=\(size.width),height=\(size.height),pixel-aspect-ratio=1/1 "
                + "! pngenc snapshot=true ! filesink name=\(ClipRenderGraph.fileSink)",
                locations: ["clipfile": source.path, ClipRenderGraph.fileSink: part.path]).parse()
            if let text = edit?.overlayText {
                pipeline.child(named: ClipRenderGraph.captionElement)?.set("text", literal: ClipRenderGraph.markupEscaped(text))
            }
            let seek = SeekedRun.Seek(rate: 1, start: time, stop: nil)
            try SeekedRun(pipeline: pipeline, seek: seek, timeoutSeconds: 15, progressSpan: nil)
                .run(isCancelled: { false }, progress: { _ in }).get()
            try? FileManager.default.removeItem(at: png)
            try FileManager.default.moveItem(at: part, to: png)
            return .success(png)
        } catch let error as ClipRenderError {
            return .failure(error)
        } catch {
            return .failure(.from(fileError: error))
        }
    }

    static func frameSize(source: PixelSize, width: Int?) -> PixelSize {
        let fitted = ClipRenderGraph.fittedSize(source)
        guard let width, width > 0, width < fitted.width else { return fitted }
        let height = max(2, Int(Double(fitted.height) * Double(width) / Double(fitted.width) / 2) * 2)
        return PixelSize(width: width, height: height)
    }
}
