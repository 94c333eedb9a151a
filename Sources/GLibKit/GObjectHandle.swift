import CGLib
import CGLibShims
import Synchronization

/// Owns one reference to a GObject and releases it when the handle goes away.
/// Floating references (widgets, elements) are sunk on adoption, so Swift holds a real
/// reference whatever the object's kind. Not Sendable: which thread may use the object is the
/// wrapping type's to say. Widgets are main-actor, so a widget's handle cannot reach another
/// thread without a compiler error; GStreamer's element and pad wrappers say why they may.
public final class GObjectHandle: Hashable {
    public let raw: UnsafeMutableRawPointer

    /// How many handles are alive now: a count that must come back to where it was once a
    /// screen is left (the soak's check for references the wrappers keep).
    public static var liveCount: Int { live.withLock { $0.values.reduce(0, +) } }
    /// The same by GObject type ("GtkLabel": 40), to tell what a count that grows is made of.
    public static var liveCountsByType: [String: Int] { live.withLock { $0 } }
    private static let live = Mutex<[String: Int]>([:])

    /// Takes over a reference the caller owns (transfer full), sinking it if floating.
    public init(adopting pointer: UnsafeMutableRawPointer) {
        if lf_object_is_floating(pointer) != 0 { g_object_ref_sink(pointer) }
        raw = pointer
        let type = String(cString: lf_object_type_name(pointer))
        Self.live.withLock { $0[type, default: 0] += 1 }
    }

    /// Adds a reference of its own to an object someone else owns (transfer none).
    public init(retaining pointer: UnsafeMutableRawPointer) {
        g_object_ref_sink(pointer)
        raw = pointer
        let type = String(cString: lf_object_type_name(pointer))
        Self.live.withLock { $0[type, default: 0] += 1 }
    }

    /// Nil-tolerant form of `init(adopting:)` for constructors that may fail.
    public convenience init?(adoptingOrNil pointer: UnsafeMutableRawPointer?) {
        guard let pointer else { return nil }
        self.init(adopting: pointer)
    }

    deinit {
        let type = String(cString: lf_object_type_name(raw))
        Self.live.withLock { counts in
            counts[type, default: 1] -= 1
            if counts[type] == 0 { counts.removeValue(forKey: type) }
        }
        g_object_unref(raw)
    }

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
