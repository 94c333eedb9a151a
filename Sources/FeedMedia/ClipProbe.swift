public import FeedCore
public import Foundation
import GStreamerKit
import Localization

/// What the edit step needs to know of a file before rendering it.
public struct ClipProbe: Sendable, Equatable {
    public var durationSeconds: Double
    /// As displayed, after the rotation tag; nil for a file without video (a sound track).
    public var size: PixelSize?
    public var hasAudio: Bool

    public init(durationSeconds: Double, size: PixelSize?, hasAudio: Bool) {
        self.durationSeconds = durationSeconds
        self.size = size
        self.hasAudio = hasAudio
    }

    /// Reads the headers with GstDiscoverer; blocks, so call it from a worker thread. Errors
    /// are GStreamer's (the caller knows whether the file was the clip or a sound).
    public static func probe(_ file: URL, timeoutSeconds: Double = 5) throws -> ClipProbe {
        GStreamer.initialize()
        // A FIFO or a device is never handed to the discoverer, which would wait on it.
        if let problem = MediaError.localFileProblem(atPath: file.path) {
            throw GStreamerError.stream(kind: problem.kind == .notFound ? .notFound : .other, message: problem.message,
                                        debug: problem.detail)
        }
        let streams = try MediaDiscoverer.discover(uri: file.absoluteString, timeoutSeconds: timeoutSeconds)
        let stored = streams.videoWidth.flatMap { width in
            streams.videoHeight.map { PixelSize(width: width, height: $0) }
        }
        // The pipelines turn the picture upright (videoflip video-direction=auto), so sizes
        // are planned in the turned shape.
        let size = streams.videoRotation % 180 == 90 ? stored?.transposed : stored
        return ClipProbe(durationSeconds: Double(streams.durationNanoseconds) / Double(GStreamer.nanosecondsPerSecond),
                         size: size, hasAudio: streams.audioStreamCount > 0)
    }
}
