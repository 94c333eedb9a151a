import CGLib
import CGLibShims

/// Owns one reference to a GObject and releases it when the handle goes away.
/// Floating references (widgets, elements) are sunk on adoption, so Swift holds a real
/// reference whatever the object's kind. Not Sendable: which thread may use the object is the
/// wrapping type's to say. Widgets are main-actor, so a widget's handle cannot reach another
/// thread without a compiler error; GStreamer's element and pad wrappers say why they may.
public final class GObjectHandle: Hashable {
    public let raw: UnsafeMutableRawPointer

    /// Takes over a reference the caller owns (transfer full), sinking it if floating.
    public init(adopting pointer: UnsafeMutableRawPointer) {
        if lf_object_is_floating(pointer) != 0 { g_object_ref_sink(pointer) }
        raw = pointer
    }

    /// Adds a reference of its own to an object someone else owns (transfer none).
    public init(retaining pointer: UnsafeMutableRawPointer) {
        g_object_ref_sink(pointer)
        raw = pointer
    }

    /// Nil-tolerant form of `init(adopting:)` for constructors that may fail.
    public convenience init?(adoptingOrNil pointer: UnsafeMutableRawPointer?) {
        guard let pointer else { return nil }
        self.init(adopting: pointer)
    }

    deinit { g_object_unref(raw) }

    public var opaque: OpaquePointer { OpaquePointer(raw) }
    public func typed<T>(_: T.Type) -> UnsafeMutablePointer<T> { raw.assumingMemoryBound(to: T.self) }

    public var typeName: String { String(cString: lf_object_type_name(raw)) }
    public var referenceCount: UInt32 { lf_object_ref_count(raw) }

    public static func == (lhs: GObjectHandle, rhs: GObjectHandle) -> Bool { lhs.raw == rhs.raw }
    public func hash(into hasher: inout Hasher) { hasher.combine(raw) }
}

/// Typed property access for objects whose properties have no dedicated C setter.
public extension GObjectHandle {
    func set(_ name: String, _ value: Bool) { lf_object_set_bool(raw, name, value ? 1 : 0) }
    func set(_ name: String, _ value: Int32) { lf_object_set_int(raw, name, value) }
    func set(_ name: String, unsigned value: UInt32) { lf_object_set_uint(raw, name, value) }
    func set(_ name: String, _ value: Double) { lf_object_set_double(raw, name, value) }
    func set(_ name: String, _ value: String?) { lf_object_set_string(raw, name, value) }
    func set(_ name: String, object value: GObjectHandle?) { lf_object_set_pointer(raw, name, value?.raw) }

    func string(_ name: String) -> String? {
        guard let value = lf_object_get_string(raw, name) else { return nil }
        defer { g_free(value) }
        return String(cString: value)
    }
    func int(_ name: String) -> Int32 { lf_object_get_int(raw, name) }
    func double(_ name: String) -> Double { lf_object_get_double(raw, name) }
    func bool(_ name: String) -> Bool { lf_object_get_bool(raw, name) != 0 }
    func object(_ name: String) -> GObjectHandle? {
        lf_object_get_object(raw, name).map { GObjectHandle(adopting: $0) }
    }
}
