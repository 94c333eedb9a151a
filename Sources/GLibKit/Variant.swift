import CGLib

/// The GVariant values D-Bus interfaces here need, built without variadic calls.
public indirect enum Variant: Equatable, Sendable {
    case string(String)
    case objectPath(String)
    case bool(Bool)
    case int32(Int32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case strings([String])
    /// `a{sv}`: string keys, boxed values.
    case dictionary([(String, Variant)])
    case tuple([Variant])

    public static func == (lhs: Variant, rhs: Variant) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)), (.objectPath(let a), .objectPath(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.int32(let a), .int32(let b)): a == b
        case (.int64(let a), .int64(let b)): a == b
        case (.uint64(let a), .uint64(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.strings(let a), .strings(let b)): a == b
        case (.dictionary(let a), .dictionary(let b)): a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
        case (.tuple(let a), .tuple(let b)): a == b
        default: false
        }
    }

    /// A new floating GVariant.
    package func make() -> OpaquePointer {
        switch self {
        case .string(let value): return g_variant_new_string(value)
        case .objectPath(let value): return g_variant_new_object_path(value)
        case .bool(let value): return g_variant_new_boolean(value ? 1 : 0)
        case .int32(let value): return g_variant_new_int32(value)
        case .int64(let value): return g_variant_new_int64(gint64(value))
        case .uint64(let value): return g_variant_new_uint64(guint64(value))
        case .double(let value): return g_variant_new_double(value)
        case .strings(let values):
            let pointers = values.map { strdup($0) }
            defer { pointers.forEach { free($0) } }
            return pointers.map { UnsafePointer($0) }.withUnsafeBufferPointer {
                g_variant_new_strv($0.baseAddress, gssize($0.count))
            }
        case .dictionary(let entries):
            let type = g_variant_type_new("a{sv}")
            defer { g_variant_type_free(type) }
            let builder = g_variant_builder_new(type)
            defer { g_variant_builder_unref(builder) }
            for (key, value) in entries {
                g_variant_builder_add_value(builder,
                    g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(value.make())))
            }
            return g_variant_builder_end(builder)
        case .tuple(let items):
            var children: [OpaquePointer?] = items.map { $0.make() }
            return g_variant_new_tuple(&children, gsize(children.count))
        }
    }

    /// Reads a GVariant of a basic type (string, object path, boolean, numbers) back.
    package static func read(_ value: OpaquePointer) -> Variant? {
        guard let type = g_variant_get_type_string(value) else { return nil }
        switch String(cString: type) {
        case "s": return .string(String(cString: g_variant_get_string(value, nil)))
        case "o": return .objectPath(String(cString: g_variant_get_string(value, nil)))
        case "b": return .bool(g_variant_get_boolean(value) != 0)
        case "i": return .int32(g_variant_get_int32(value))
        case "x": return .int64(Int64(g_variant_get_int64(value)))
        case "t": return .uint64(UInt64(g_variant_get_uint64(value)))
        case "d": return .double(g_variant_get_double(value))
        case "v":
            let inner = g_variant_get_variant(value)!
            defer { g_variant_unref(inner) }
            return read(inner)
        default:
            guard g_variant_is_container(value) != 0 else { return nil }
            var items: [Variant] = []
            for index in 0..<g_variant_n_children(value) {
                let child = g_variant_get_child_value(value, index)!
                defer { g_variant_unref(child) }
                if let item = read(child) { items.append(item) }
            }
            return .tuple(items)
        }
    }

    public var stringValue: String? {
        switch self {
        case .string(let s), .objectPath(let s): s
        default: nil
        }
    }

    public var doubleValue: Double? {
        switch self {
        case .double(let d): d
        case .int64(let i): Double(i)
        case .int32(let i): Double(i)
        default: nil
        }
    }

    public var int64Value: Int64? {
        switch self {
        case .int64(let i): i
        case .int32(let i): Int64(i)
        default: nil
        }
    }
}
