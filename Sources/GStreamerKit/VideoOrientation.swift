import CGStreamer
import CGStreamerShims

/// How a picture must be turned for display, as a stream's `image-orientation` tag says (a
/// phone holding its camera upright records landscape frames tagged `rotate-90`). The raw
/// values are GStreamer's GstVideoOrientationMethod.
public enum VideoOrientation: Int32, Sendable, Equatable, CaseIterable {
    case identity = 0
    /// A quarter turn clockwise.
    case rotate90 = 1
    case rotate180 = 2
    /// A quarter turn counter-clockwise.
    case rotate270 = 3
    /// Mirrored left to right.
    case flipHorizontal = 4
    /// Mirrored top to bottom.
    case flipVertical = 5
    /// Mirrored across the upper-left to lower-right diagonal.
    case transpose = 6
    /// Mirrored across the upper-right to lower-left diagonal.
    case transverse = 7

    /// Whether the displayed picture's width is the frame's height.
    public var swapsAxes: Bool {
        switch self {
        case .rotate90, .rotate270, .transpose, .transverse: true
        case .identity, .rotate180, .flipHorizontal, .flipVertical: false
        }
    }

    /// The orientation an `image-orientation` value ("rotate-90", "flip-rotate-0" ...) stands for,
    /// read as videoflip reads it (the memory path turns frames with videoflip, so both paths
    /// agree); nil for anything else.
    public init?(tagValue: String) {
        self.init(rawValue: lf_orientation_from_tag_value(tagValue))
    }

    /// A size as displayed.
    public func displayed(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsAxes ? (height, width) : (width, height)
    }
}

/// Follows the orientation tags of the stream flowing through a pad (a stream's own tag over a
/// global one; a new stream starts unturned). Read from any thread.
public final class StreamOrientation: @unchecked Sendable {
    // @unchecked: the tracker is reference counted and read and written with atomics only.
    private let tracker: OpaquePointer

    public init() { tracker = lf_orientation_tracker_new() }

    deinit { lf_orientation_tracker_unref(tracker) }

    /// Starts following the events through `pad`.
    public func watch(_ pad: Pad) {
        _ = lf_orientation_tracker_watch(tracker, pad.handle.typed(GstPad.self))
    }

    public var current: VideoOrientation {
        VideoOrientation(rawValue: lf_orientation_tracker_current(tracker)) ?? .identity
    }
}
