import CGLib
public import Foundation

/// GSettings for one schema. Main thread only (GSettings is not for sharing across threads).
@MainActor
public final class Settings {
    private let settings: GObjectHandle
    /// The key file values are kept in (`Storage.keyFile`); nil for the desktop's dconf.
    public let keyFile: URL?
    private let schemaID: String
    private let schemaDirectory: URL?
    private let storage: Storage

    /// Where the schema was found and where values are kept.
    public enum Storage: Sendable, Equatable {
        /// The desktop's settings (dconf), as an installed GNOME app has them.
        case desktop
        /// A key file (`g_keyfile_settings_backend_new`): a library in its own folder keeps
        /// its settings beside it, and a machine without dconf still remembers them.
        case keyFile(URL)
    }

    /// The schema is looked for in `schemaDirectory` first (a compiled copy made for a run from
    /// the source tree, which must win over an older installed one), then in the default path
    /// (installed, or GSETTINGS_SCHEMA_DIR). nil when it is in neither: g_settings_new would
    /// abort on a missing schema.
    public init?(schemaID: String, schemaDirectory: URL? = nil, storage: Storage) {
        guard let schema = Self.lookup(schemaID, in: schemaDirectory) else { return nil }
        defer { g_settings_schema_unref(schema) }
        var backend: UnsafeMutablePointer<GSettingsBackend>?
        if case .keyFile(let file) = storage {
            backend = g_keyfile_settings_backend_new(file.path, "/", "settings")
        }
        defer { if let backend { g_object_unref(UnsafeMutableRawPointer(backend)) } }
        guard let made = g_settings_new_full(schema, backend, nil) else { return nil }
        settings = GObjectHandle(adopting: UnsafeMutableRawPointer(made))
        if case .keyFile(let file) = storage { keyFile = file } else { keyFile = nil }
        self.schemaID = schemaID
        self.schemaDirectory = schemaDirectory
        self.storage = storage
    }

    /// The same settings over a new backend, which reads the key file again and asks afresh
    /// whether its folder can be written. GLib's key file backend learns that from a monitor on
    /// the folder, and a folder that was remounted writable (a drive, a bind mount) tells that
    /// monitor nothing: the backend would refuse every write until the app restarts.
    public func reopened() -> Settings? {
        Settings(schemaID: schemaID, schemaDirectory: schemaDirectory, storage: storage)
    }

    private static func lookup(_ id: String, in directory: URL?) -> OpaquePointer? {
        if let directory, let source = g_settings_schema_source_new_from_directory(directory.path, nil, 0, nil) {
            defer { g_settings_schema_source_unref(source) }
            if let schema = g_settings_schema_source_lookup(source, id, 0) { return schema }
        }
        guard let source = g_settings_schema_source_get_default() else { return nil }
        return g_settings_schema_source_lookup(source, id, 1)
    }

    /// True when the desktop's default backend would forget what is written (GIO's memory
    /// backend, used where dconf is not installed).
    public static var desktopForgets: Bool {
        guard let backend = g_settings_backend_get_default() else { return true }
        defer { g_object_unref(UnsafeMutableRawPointer(backend)) }
        let instance = UnsafeMutableRawPointer(backend).assumingMemoryBound(to: GTypeInstance.self)
        return g_type_name_from_instance(instance).map { String(cString: $0).contains("Memory") } ?? true
    }

    private var raw: UnsafeMutablePointer<GSettings> { settings.typed(GSettings.self) }

    public func double(_ key: String) -> Double { g_settings_get_double(raw, key) }
    public func setDouble(_ key: String, _ value: Double) { g_settings_set_double(raw, key, value) }
    public func bool(_ key: String) -> Bool { g_settings_get_boolean(raw, key) != 0 }
    public func setBool(_ key: String, _ value: Bool) { g_settings_set_boolean(raw, key, value ? 1 : 0) }
    public func int(_ key: String) -> Int { Int(g_settings_get_int(raw, key)) }
    public func setInt(_ key: String, _ value: Int) { g_settings_set_int(raw, key, Int32(clamping: value)) }

    public func string(_ key: String) -> String {
        guard let value = g_settings_get_string(raw, key) else { return "" }
        defer { g_free(value) }
        return String(cString: value)
    }

    public func setString(_ key: String, _ value: String) { g_settings_set_string(raw, key, value) }

    public func strings(_ key: String) -> [String] {
        guard let values = g_settings_get_strv(raw, key) else { return [] }
        defer { g_strfreev(values) }
        var result: [String] = []
        var index = 0
        while let value = values[index] {
            result.append(String(cString: value))
            index += 1
        }
        return result
    }

    public func setStrings(_ key: String, _ values: [String]) {
        var pointers = values.map { strdup($0) }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        pointers.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                _ = g_settings_set_strv(raw, key, $0)
            }
        }
    }

    /// Writes what was set to the backend now (it would otherwise be written from the main
    /// loop shortly after): before exit, and in tests.
    public static func sync() { g_settings_sync() }
}
