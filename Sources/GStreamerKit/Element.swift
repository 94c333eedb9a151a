package import CGStreamer
import CShims
public import GLibKit

/// A GStreamer element, owned by Swift (the floating reference is sunk on creation).
public class Element: @unchecked Sendable {
    public let handle: GObjectHandle

    public init(handle: GObjectHandle) { self.handle = handle }

    /// Makes an element; a missing plugin throws `GStreamerError.missingElement`.
    public static func make(_ factory: String, name: String? = nil) throws(GStreamerError) -> Element {
        guard let element = gst_element_factory_make(factory, name) else {
            throw .missingElement(factory)
        }
        return Element(handle: GObjectHandle(adopting: UnsafeMutableRawPointer(element)))
    }

    /// Parses a gst-launch description into a bin; ghost pads expose unlinked pads.
    public static func bin(description: String) throws -> Element {
        let bin = try GLibError.check { error in gst_parse_bin_from_description(description, 1, error) }
        guard let bin else { throw GStreamerError.invalidDescription(description) }
        return Element(handle: GObjectHandle(adopting: UnsafeMutableRawPointer(bin)))
    }

    package var element: UnsafeMutablePointer<GstElement> { handle.typed(GstElement.self) }

    public var name: String {
        guard let name = gst_object_get_name(handle.opaqueGstObject) else { return "" }
        defer { g_free(name) }
        return String(cString: name)
    }

    /// Sets a property from its string form (enums by nick, numbers, booleans, caps).
    public func set(_ property: String, _ value: String) {
        gst_util_set_object_arg(handle.typed(GObject.self), property, value)
    }

    public func set(_ property: String, caps: String) throws(GStreamerError) {
        guard let caps = lf_caps_from_string(caps) else { throw .invalidCaps(caps) }
        lf_set_caps_property(handle.raw, property, caps)
        gst_caps_unref(caps)
    }

    public func set(_ property: String, element value: Element) {
        handle.set(property, object: value.handle)
    }

    /// The factory's name ("avdec_h264", "qtdemux" ...).
    public var factoryName: String {
        guard let factory = gst_element_get_factory(element),
              let name = gst_object_get_name(UnsafeMutableRawPointer(factory).assumingMemoryBound(to: GstObject.self)) else {
            return ""
        }
        defer { g_free(name) }
        return String(cString: name)
    }

    /// playbin's "element-setup": called (on a streaming or the calling thread) for every
    /// element it creates, to set properties before the element starts.
    public func onElementSetup(_ handler: @escaping @Sendable (Element) -> Void) {
        typealias Handler = @Sendable (Element) -> Void
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, element, data in
            guard let element, let data else { return }
            CallbackBox<Handler>.from(data)(Element(handle: GObjectHandle(retaining: element)))
        }
        _ = Signals.connect(handle.raw, "element-setup", handler: handler as Handler,
                            trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// Child by name, for elements made from a description.
    public func child(named name: String) -> Element? {
        guard let child = gst_bin_get_by_name(handle.typed(GstBin.self), name) else { return nil }
        return Element(handle: GObjectHandle(adopting: UnsafeMutableRawPointer(child)))
    }

    public func staticPad(_ name: String) -> Pad? {
        guard let pad = gst_element_get_static_pad(element, name) else { return nil }
        return Pad(handle: GObjectHandle(adopting: UnsafeMutableRawPointer(pad)))
    }

    @discardableResult
    public func setState(_ state: ElementState) -> StateChange {
        StateChange(gst_element_set_state(element, state.cValue))
    }

    /// The current state without waiting (a zero timeout), never blocking the caller.
    public var currentState: ElementState {
        var current = GST_STATE_NULL
        var pending = GST_STATE_NULL
        _ = gst_element_get_state(element, &current, &pending, 0)
        return ElementState(current)
    }

    /// Position and duration in nanoseconds, nil when unknown.
    public var position: UInt64? {
        var value: gint64 = 0
        return gst_element_query_position(element, GST_FORMAT_TIME, &value) != 0 && value >= 0 ? UInt64(value) : nil
    }

    public var duration: UInt64? {
        var value: gint64 = 0
        return gst_element_query_duration(element, GST_FORMAT_TIME, &value) != 0 && value >= 0 ? UInt64(value) : nil
    }

    /// A seek in time; returns false when the element refused it (e.g. during preroll).
    public func seek(to nanoseconds: UInt64, flags: SeekFlags, stop: UInt64? = nil) -> Bool {
        gst_element_seek(element, 1.0, GST_FORMAT_TIME, GstSeekFlags(rawValue: flags.rawValue),
                         GST_SEEK_TYPE_SET, gint64(nanoseconds),
                         stop == nil ? GST_SEEK_TYPE_NONE : GST_SEEK_TYPE_SET, gint64(stop ?? 0)) != 0
    }
}

extension GObjectHandle {
    var opaqueGstObject: UnsafeMutablePointer<GstObject> { typed(GstObject.self) }
}

public enum ElementState: Sendable, Equatable, CustomStringConvertible {
    case voidPending, null, ready, paused, playing

    init(_ state: GstState) {
        switch state {
        case GST_STATE_NULL: self = .null
        case GST_STATE_READY: self = .ready
        case GST_STATE_PAUSED: self = .paused
        case GST_STATE_PLAYING: self = .playing
        default: self = .voidPending
        }
    }

    var cValue: GstState {
        switch self {
        case .voidPending: GST_STATE_VOID_PENDING
        case .null: GST_STATE_NULL
        case .ready: GST_STATE_READY
        case .paused: GST_STATE_PAUSED
        case .playing: GST_STATE_PLAYING
        }
    }

    public var description: String {
        switch self {
        case .voidPending: "void-pending"
        case .null: "null"
        case .ready: "ready"
        case .paused: "paused"
        case .playing: "playing"
        }
    }
}

public enum StateChange: Sendable, Equatable {
    case success, async, noPreroll, failure

    init(_ value: GstStateChangeReturn) {
        switch value {
        case GST_STATE_CHANGE_SUCCESS: self = .success
        case GST_STATE_CHANGE_ASYNC: self = .async
        case GST_STATE_CHANGE_NO_PREROLL: self = .noPreroll
        default: self = .failure
        }
    }
}

public struct SeekFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let flush = SeekFlags(rawValue: GST_SEEK_FLAG_FLUSH.rawValue)
    public static let accurate = SeekFlags(rawValue: GST_SEEK_FLAG_ACCURATE.rawValue)
    public static let keyUnit = SeekFlags(rawValue: GST_SEEK_FLAG_KEY_UNIT.rawValue)
    public static let segment = SeekFlags(rawValue: GST_SEEK_FLAG_SEGMENT.rawValue)
}
