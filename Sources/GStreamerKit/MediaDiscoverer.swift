import CGStreamer
import GLibKit

/// What GstDiscoverer reads from a file's headers: duration and the first video stream's size.
public struct DiscoveredStreams: Sendable, Equatable {
    public var durationNanoseconds: UInt64
    /// Display size of the first video stream (rotation tags are not applied), nil without video.
    public var videoWidth: Int?
    public var videoHeight: Int?
    public var audioStreamCount: Int
    /// Clockwise degrees from the first video stream's `image-orientation` tag (0, 90, 180, 270):
    /// a phone's portrait video is often stored landscape with a rotation.
    public var videoRotation: Int

    public init(durationNanoseconds: UInt64, videoWidth: Int?, videoHeight: Int?, audioStreamCount: Int,
                videoRotation: Int = 0) {
        self.durationNanoseconds = durationNanoseconds
        self.videoWidth = videoWidth
        self.videoHeight = videoHeight
        self.audioStreamCount = audioStreamCount
        self.videoRotation = videoRotation
    }

    /// "rotate-90" and "flip-rotate-90" both turn the picture a quarter.
    public static func rotation(fromOrientation tag: String) -> Int {
        for degrees in [90, 180, 270] where tag.hasSuffix("rotate-\(degrees)") { return degrees }
        return 0
    }
}

/// Synchronous GstDiscoverer: runs its own loop, so call it from a worker thread.
public enum MediaDiscoverer {
    public static func discover(uri: String, timeoutSeconds: Double = 5) throws -> DiscoveredStreams {
        let timeout = GstClockTime(timeoutSeconds * Double(GStreamer.nanosecondsPerSecond))
        let discoverer = try GLibError.check { error in gst_discoverer_new(timeout, error) }
        guard let discoverer else { throw GStreamerError.missingElement("discoverer") }
        defer { g_object_unref(UnsafeMutableRawPointer(discoverer)) }
        let info = try GLibError.check { error in gst_discoverer_discover_uri(discoverer, uri, error) }
        guard let info else { throw GStreamerError.stream(kind: .corrupt, message: "Nothing could be read", debug: uri) }
        defer { g_object_unref(UnsafeMutableRawPointer(info)) }
        guard gst_discoverer_info_get_result(info) == GST_DISCOVERER_OK else {
            throw GStreamerError.stream(kind: .corrupt, message: "The file can’t be decoded", debug: uri)
        }
        var width: Int?
        var height: Int?
        var rotation = 0
        if let videos = gst_discoverer_info_get_video_streams(info) {
            defer { gst_discoverer_stream_info_list_free(videos) }
            if let first = videos.pointee.data {
                let video = OpaquePointer(first)
                width = Int(gst_discoverer_video_info_get_width(video))
                height = Int(gst_discoverer_video_info_get_height(video))
                if let tags = gst_discoverer_stream_info_get_tags(video) {
                    var value: UnsafeMutablePointer<gchar>?
                    if gst_tag_list_get_string(tags, "image-orientation", &value) != 0, let value {
                        rotation = DiscoveredStreams.rotation(fromOrientation: String(cString: value))
                        g_free(value)
                    }
                }
            }
        }
        var audioCount = 0
        if let audios = gst_discoverer_info_get_audio_streams(info) {
            audioCount = Int(g_list_length(audios))
            gst_discoverer_stream_info_list_free(audios)
        }
        return DiscoveredStreams(durationNanoseconds: UInt64(gst_discoverer_info_get_duration(info)),
                                 videoWidth: width, videoHeight: height, audioStreamCount: audioCount,
                                 videoRotation: rotation)
    }
}
