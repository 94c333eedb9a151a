import CGStreamer
package import CGStreamerShims
import GLibKit

/// A decoded video frame: a reference to its buffer and its layout. Frees the buffer when the
/// last reference goes. Crosses threads: the buffer is immutable once decoded.
public final class VideoFrame: @unchecked Sendable {
    package let frame: UnsafeMutablePointer<LfVideoFrame>

    init?(sample: OpaquePointer) {
        guard let frame = lf_video_frame_new_from_sample(sample) else { return nil }
        self.frame = frame
    }

    deinit { lf_video_frame_free(frame) }

    public var width: Int { Int(lf_video_frame_width(frame)) }
    public var height: Int { Int(lf_video_frame_height(frame)) }
    /// Presentation time in nanoseconds, nil when the buffer has none.
    public var presentationTime: UInt64? {
        let pts = UInt64(frame.pointee.pts)
        return pts == GStreamer.clockTimeNone ? nil : pts
    }

    /// Frame duration in nanoseconds, nil when the buffer has none.
    public var durationNanoseconds: UInt64? {
        let duration = UInt64(frame.pointee.duration)
        return duration == GStreamer.clockTimeNone ? nil : duration
    }
}

/// appsink helpers: frames reach `handler` on the streaming thread.
public extension Element {
    /// `isPreroll` is true for the frame shown while PAUSED (the first frame of a neighbour).
    func onVideoFrame(_ handler: @escaping @Sendable (_ frame: VideoFrame, _ isPreroll: Bool) -> Void) {
        let box = CallbackBox(handler)
        lf_appsink_set_sample_handler(handle.typed(GstAppSink.self), { sample, isPreroll, data in
            guard let sample, let data, let frame = VideoFrame(sample: sample) else { return }
            CallbackBox<@Sendable (VideoFrame, Bool) -> Void>.from(data)(frame, isPreroll != 0)
        }, box.retainedPointer(), { data in
            guard let data else { return }
            AnyCallbackBox.release(data)
        })
    }
}

public extension Element {
    /// The bytes of the buffer this appsink holds in preroll (PAUSED), waiting up to the
    /// timeout for one; nil if none came. For one encoded picture at a seek position, which a
    /// flushing seek in PAUSED prerolls without the stream ever having to end.
    func prerolledBytes(timeoutSeconds: Double) -> [UInt8]? {
        let timeout = GstClockTime(timeoutSeconds * Double(GStreamer.nanosecondsPerSecond))
        guard let sample = gst_app_sink_try_pull_preroll(handle.typed(GstAppSink.self), timeout) else { return nil }
        defer { gst_sample_unref(sample) }
        guard let buffer = gst_sample_get_buffer(sample) else { return nil }
        let size = gst_buffer_get_size(buffer)
        var bytes = [UInt8](repeating: 0, count: Int(size))
        let copied = bytes.withUnsafeMutableBytes { gst_buffer_extract(buffer, 0, $0.baseAddress, size) }
        return copied == size ? bytes : nil
    }
}
