public import Foundation
import GLibKit
import GStreamerKit
import Localization

/// Joins a clip's recorded segments (same codecs, same settings) into one MP4 without
/// re-encoding: splitmuxsrc reads the numbered files as one stream and mp4mux writes it again.
public enum SegmentJoiner {
    /// Segment files are `seg-NNN.mp4` in the clip's folder, in recording order.
    public static func segmentURL(in folder: URL, index: Int) -> URL {
        folder.appendingPathComponent(String(format: "seg-%03d.mp4", index))
    }

    /// After the highest number in the folder: never over a segment still on disk.
    public static func nextSegmentURL(in folder: URL) -> URL {
        let numbers = segments(in: folder).compactMap { Int($0.deletingPathExtension().lastPathComponent.dropFirst(4)) }
        return segmentURL(in: folder, index: (numbers.max() ?? 0) + 1)
    }

    public static func segments(in folder: URL) -> [URL] {
        ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.lastPathComponent.hasPrefix("seg-") && $0.pathExtension == "mp4" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// Blocks: call it from a worker thread.
    public static func joinNow(folder: URL, into output: URL) -> Result<URL, RecorderJoinError> {
        let parts = segments(in: folder)
        guard !parts.isEmpty else { return .failure(.noSegments) }
        if parts.count == 1 {
            do {
                try? FileManager.default.removeItem(at: output)
                try FileManager.default.copyItem(at: parts[0], to: output)
                return .success(output)
            } catch {
                return .failure(.write(error.localizedDescription))
            }
        }
        let part = output.appendingPathExtension("part")
        defer { try? FileManager.default.removeItem(at: part) }
        do {
            GStreamer.initialize()
            let pipeline = try PipelineText(
                "splitmuxsrc name=s "
                + "s.video_0 ! queue ! h264parse ! mp4mux name=m faststart=true ! filesink name=out "
                + "s.audio_0 ! queue ! aacparse ! m.",
                locations: ["s": folder.path + "/seg-*.mp4", "out": part.path]).parse()
            // TRANSLATORS: why joining failed, shown in “The segments could not be joined (…)”.
            guard pipeline.setState(.playing) != .failure else { return .failure(.pipeline(tr("could not start"))) }
            let outcome = pipeline.waitForEndOrError(timeoutSeconds: 60)
            pipeline.setState(.null)
            guard outcome == .endOfStream else { return .failure(.pipeline("\(String(describing: outcome))")) }
            try? FileManager.default.removeItem(at: output)
            try FileManager.default.moveItem(at: part, to: output)
            return .success(output)
        } catch {
            return .failure(.pipeline("\(error)"))
        }
    }
}

public enum RecorderJoinError: Error, Equatable, Sendable, CustomStringConvertible {
    case noSegments
    case pipeline(String)
    case write(String)

    public var description: String {
        switch self {
        case .noSegments: tr("Nothing was recorded.")
        case .pipeline(let detail): tr("The segments could not be joined ({reason}).", ["reason": detail])
        case .write(let detail): tr("The clip could not be saved: {reason}", ["reason": detail])
        }
    }
}
