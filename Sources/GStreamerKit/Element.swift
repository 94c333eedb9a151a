package import CGStreamer
import CGStreamerShims
public import GLibKit

/// A GStreamer element, owned by Swift (the floating reference is sunk on creation).
///
/// Not Sendable: an element stays with whoever made it (a player's playbin with its engine's
/// thread). One that must go to another thread on purpose goes as a `CrossThreadElement`.
public class Element {
    public let handle: GObjectHandle

    public init(handle: GObjectHandle) { self.handle = handle }

    /// Makes an element; a missing plugin throws `GStreamerError.missingElement`.
    public static func make(_ factory: String, name: String? = nil) throws(GStreamerError) -> Element {
        guard let element = gst_element_factory_make(factory, name) else {
            throw .missingElement(factory)
        }
        return Element(handle: GObjectHandle(adopting: UnsafeMutableRawPointer(element)))
    }

    /// Parses a gst-launch description into a bin. With `ghostUnlinkedPads`, GStreamer exposes
    /// the first unlinked sink and source pad as "sink" and "src" (only one of each: add more
    /// with `addGhostPad`).
    public static func bin(description: String, ghostUnlinkedPads: Bool = true) throws -> Element {
        let bin = try GLibError.check { error in
            gst_parse_bin_from_description(description, ghostUnlinkedPads ? 1 : 0, error)
        }
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
        onElementSignal("element-setup", handler)
    }

    /// playbin made its source element (an appsrc for `appsrc://`), on the thread changing state.
    public func onSourceSetup(_ handler: @escaping @Sendable (Element) -> Void) {
        onElementSignal("source-setup", handler)
    }

    /// A signal whose one argument is an element (playbin's element-setup and source-setup).
    private func onElementSignal(_ name: String, _ handler: @escaping @Sendable (Element) -> Void) {
        typealias Handler = @Sendable (Element) -> Void
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, element, data in
            guard let element, let data else { return }
            CallbackBox<Handler>.from(data)(Element(handle: GObjectHandle(retaining: element)))
        }
        _ = Signals.connect(handle.raw, name, handler: handler as Handler,
                            trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// Child by name, for elements made from a description.
    public func child(named name: String) -> Element? {
        guard let child = gst_bin_get_by_name(handle.typed(GstBin.self), name) else { return nil }
        return Element(handle: GObjectHandle(adopting: UnsafeMutableRawPointer(child)))
    }

    /// A new request pad ("src_%u" on a tee); give it back with `releaseRequestPad`.
    public func requestPad(_ template: String) -> Pad? {
        guard let pad = gst_element_request_pad_simple(element, template) else { return nil }
        return Pad(handle: GObjectHandle(adopting: UnsafeMutableRawPointer(pad)))
    }

    public func releaseRequestPad(_ pad: Pad) {
        gst_element_release_request_pad(element, pad.handle.typed(GstPad.self))
    }

    /// Exposes `target` (a pad of a child) on this bin as `name`.
    public func addGhostPad(_ name: String, target: Pad) -> Pad? {
        guard let ghost = gst_ghost_pad_new(name, target.handle.typed(GstPad.self)) else { return nil }
        // The bin takes the floating reference; keep one of our own.
        let handle = GObjectHandle(retaining: UnsafeMutableRawPointer(ghost))
        guard gst_element_add_pad(element, ghost) != 0 else { return nil }
        return Pad(handle: handle)
    }

    /// Adds `child` to this bin (which takes its own reference).
    public func add(_ child: Element) -> Bool {
        gst_bin_add(handle.typed(GstBin.self), child.element) != 0
    }

    public func remove(_ child: Element) {
        _ = gst_bin_remove(handle.typed(GstBin.self), child.element)
    }

    /// Brings a child added to a running pipeline to its parent's state.
    @discardableResult
    public func syncStateWithParent() -> Bool { gst_element_sync_state_with_parent(element) != 0 }

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

    /// Waits at most `milliseconds` for a state change under way (a preroll) to end. True when
    /// none is under way any more, whether it ended well or not.
    @discardableResult
    public func awaitStateChange(milliseconds: Int) -> Bool {
        var current = GST_STATE_NULL
        var pending = GST_STATE_NULL
        return gst_element_get_state(element, &current, &pending, GstClockTime(milliseconds) * 1_000_000)
            != GST_STATE_CHANGE_ASYNC
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
    /// `rate` above 1 plays faster, below slower.
    public func seek(to nanoseconds: UInt64, flags: SeekFlags, stop: UInt64? = nil, rate: Double = 1.0) -> Bool {
        gst_element_seek(element, rate, GST_FORMAT_TIME, GstSeekFlags(rawValue: flags.rawValue),
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

/// An element handed to another thread on purpose: a live capture pipeline stopped on the
/// lifecycle queue (setting v4l2src to NULL blocks), a tee whose pad a streaming thread's idle
/// probe releases, the size filter a caps probe retunes. `@unchecked Sendable`: GStreamer's
/// state changes, pads and properties lock themselves, and the reference never changes. What
/// must stay on one thread (a player's playbin) is never wrapped.
public struct CrossThreadElement: @unchecked Sendable {
    public let element: Element
    public init(_ element: Element) { self.element = element }
}
