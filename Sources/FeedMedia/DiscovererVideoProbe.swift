public import FeedCore
public import Foundation
import GStreamerKit

/// `VideoFileProbing` with GstDiscoverer: the stored size, the rotation tag and the duration
/// from the headers, without decoding a frame. Blocks: worker threads only.
public struct DiscovererVideoProbe: VideoFileProbing {
    public var timeoutSeconds: Double

    public init(timeoutSeconds: Double = 5) {
        self.timeoutSeconds = timeoutSeconds
    }

    public func probe(_ file: URL) -> VideoFileFacts? {
        // What a player would refuse (a FIFO, a device, an empty or unreadable file) is not probed.
        guard file.isFileURL, MediaError.localFileProblem(atPath: file.path) == nil else { return nil }
        GStreamer.initialize()
        guard let streams = try? MediaDiscoverer.discover(uri: file.absoluteString, timeoutSeconds: timeoutSeconds),
              let width = streams.videoWidth, let height = streams.videoHeight, width > 0, height > 0 else { return nil }
        return VideoFileFacts(width: width, height: height, rotation: streams.videoRotation,
                              durationSeconds: Double(streams.durationNanoseconds) / Double(GStreamer.nanosecondsPerSecond))
    }
}
