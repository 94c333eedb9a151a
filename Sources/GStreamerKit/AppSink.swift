import CGStreamer
package import CGStreamerShims
import GLibKit

/// A decoded video frame: a reference to its buffer and its layout. Frees the buffer when the
/// last reference goes. Crosses threads: the buffer is immutable once decoded.
///
/// A frame of the GL path is in GL memory: a texture GStreamer's GL thread converted, mapped
/// for as long as the frame lives (a toolkit texture over it keeps the frame), with a sync point
/// to wait for before drawing it.
public final class VideoFrame: @unchecked Sendable {
    package let frame: UnsafeMutablePointer<LfVideoFrame>

    init?(sample: OpaquePointer, orientation: VideoOrientation) {
        guard let frame = lf_video_frame_new_from_sample(sample, orientation.rawValue) else { return nil }
        self.frame = frame
    }

    deinit { lf_video_frame_free(frame) }

    public var width: Int { Int(lf_video_frame_width(frame)) }
    public var height: Int { Int(lf_video_frame_height(frame)) }
    /// Whether the frame is a GL texture (the GL path) rather than pixels in memory.
    public var isGL: Bool { frame.pointee.gl != 0 }
    /// How the picture must be turned when drawn (identity where GStreamer turned it already).
    public var orientation: VideoOrientation { VideoOrientation(rawValue: frame.pointee.orientation) ?? .identity }
    /// A pixel's width over its height (1 for square pixels).
    public var pixelAspectRatio: Double { lf_video_frame_pixel_aspect_ratio(frame) }
    /// The size as displayed: square pixels, turned.
    public var displaySize: (width: Int, height: Int) {
        orientation.displayed(width: Int((Double(width) * pixelAspectRatio).rounded()), height: height)
    }
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
    /// `orientation`: the stream's orientation tags, which frames carry for whoever draws them
    /// (the GL path turns them while drawing); without it frames are drawn as they are.
    func onVideoFrame(orientation: StreamOrientation? = nil,
                      _ handler: @escaping @Sendable (_ frame: VideoFrame, _ isPreroll: Bool) -> Void) {
        let box = CallbackBox<@Sendable (OpaquePointer, Bool) -> Void> { sample, isPreroll in
            guard let frame = VideoFrame(sample: sample, orientation: orientation?.current ?? .identity) else { return }
            handler(frame, isPreroll)
        }
        lf_appsink_set_sample_handler(handle.typed(GstAppSink.self), { sample, isPreroll, data in
            guard let sample, let data else { return }
            CallbackBox<@Sendable (OpaquePointer, Bool) -> Void>.from(data)(sample, isPreroll != 0)
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
