public import FeedCore
public import Foundation
import GLibKit
import GStreamerKit
import Localization

/// One frame of a clip as a PNG, for the cover chooser (which shows `times(count: 8, ...)`).
public enum CoverFrame {
    /// `count` times spread evenly over the clip, each in the middle of its share.
    public static func times(count: Int = 8, durationSeconds: Double) -> [Double] {
        ClipEdit().coverTimes(count: count, sourceSeconds: durationSeconds)
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
            // The picture at `time` is the one the appsink prerolls after a flushing, accurate
            // seek in PAUSED. Nothing waits for the stream to end: pngenc snapshot=true ended it
            // by returning EOS upstream, and under load that EOS was sometimes dropped by the
            // queue before reaching the sink (seen 1 in 25 runs with both cores busy).
            let pipeline = try PipelineText(
                "filesrc name=clipfile ! decodebin ! video/x-raw ! queue "
                + "! videoflip video-direction=auto ! videoconvert \(caption)"
                + "! videoscale ! video/x-raw,format=RGB,width=\(size.width),height=\(size.height),pixel-aspect-ratio=1/1 "
                + "! pngenc ! appsink name=\(pictureSink) sync=false",
                locations: ["clipfile": source.path]).parse()
            if let text = edit?.overlayText {
                pipeline.child(named: ClipRenderGraph.captionElement)?.set("text", literal: ClipRenderGraph.markupEscaped(text))
            }
            let bytes = try prerolledPicture(of: pipeline, at: time).get()
            try Data(bytes).write(to: part)
            try? FileManager.default.removeItem(at: png)
            try FileManager.default.moveItem(at: part, to: png)
            return .success(png)
        } catch let error as ClipRenderError {
            return .failure(error)
        } catch {
            return .failure(.from(fileError: error))
        }
    }

    private static let pictureSink = "picture"

    /// Prerolls `pipeline`, seeks it to `seconds` and returns the picture its appsink then
    /// holds. Blocks up to 15 s for each preroll.
    private static func prerolledPicture(of pipeline: Pipeline, at seconds: Double) -> Result<[UInt8], ClipRenderError> {
        defer { pipeline.setState(.null) }
        // TRANSLATORS: why rendering failed, shown in “The clip could not be rendered (…)”.
        guard pipeline.setState(.paused) != .failure else { return .failure(.pipeline(tr("could not start"))) }
        for step in 0..<2 {
            switch pipeline.waitForPrerollOrError(timeoutSeconds: 15) {
            case .error(let error, let element, _)?: return .failure(.from(error, element: element))
            case nil: return .failure(.timeout)
            default: break
            }
            guard step == 0 else { break }
            let start = UInt64(seconds * Double(GStreamer.nanosecondsPerSecond))
            guard pipeline.seek(to: start, flags: [.flush, .accurate], stop: nil, rate: 1) else {
                // TRANSLATORS: why a cover picture failed, shown in “The clip could not be rendered (…)”.
                return .failure(.pipeline(tr("the frame could not be found")))
            }
        }
        guard let bytes = pipeline.child(named: pictureSink)?.prerolledBytes(timeoutSeconds: 1), !bytes.isEmpty else {
            return .failure(.timeout)
        }
        return .success(bytes)
    }

    static func frameSize(source: PixelSize, width: Int?) -> PixelSize {
        let fitted = ClipRenderGraph.fittedSize(source)
        guard let width, width > 0, width < fitted.width else { return fitted }
        let height = max(2, Int(Double(fitted.height) * Double(width) / Double(fitted.width) / 2) * 2)
        return PixelSize(width: width, height: height)
    }
}
