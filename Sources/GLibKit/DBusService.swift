import CGLib

/// One object exported on the session bus under a well-known name, described by
/// introspection XML. Method calls, property reads and writes arrive on the main thread.
@MainActor
public final class DBusService {
    public typealias MethodHandler = @MainActor (_ interface: String, _ method: String, _ arguments: [Variant]) -> Result<Variant?, DBusMethodError>
    public typealias PropertyGetter = @MainActor (_ interface: String, _ property: String) -> Variant?
    public typealias PropertySetter = @MainActor (_ interface: String, _ property: String, _ value: Variant) -> Bool

    private let path: String
    private let nodeInfo: UnsafeMutablePointer<GDBusNodeInfo>
    private var connection: OpaquePointer?
    private var ownerID: UInt32 = 0
    private var registrations: [UInt32] = []
    private let handlers: Handlers
    public private(set) var ownedName: String?
    /// There is no session bus to export on (none running, or its address leads nowhere).
    public var onNoBus: (@MainActor () -> Void)?

    final class Handlers {
        let method: MethodHandler
        let get: PropertyGetter
        let set: PropertySetter
        weak var service: DBusService?
        let names: [String]
        var nameIndex = 0
        init(method: @escaping MethodHandler, get: @escaping PropertyGetter, set: @escaping PropertySetter, names: [String]) {
            self.method = method
            self.get = get
            self.set = set
            self.names = names
        }
    }

    /// `names`: well-known names to try in order (the first free one is kept).
    public init(names: [String], path: String, introspectionXML: String,
                method: @escaping MethodHandler, get: @escaping PropertyGetter, set: @escaping PropertySetter) throws {
        self.path = path
        nodeInfo = try GLibError.check { error in g_dbus_node_info_new_for_xml(introspectionXML, error) }!
        handlers = Handlers(method: method, get: get, set: set, names: names)
        handlers.service = self
        own(nameAt: 0)
    }

    isolated deinit {
        unregister()
        if ownerID != 0 { g_bus_unown_name(ownerID) }
        g_dbus_node_info_unref(nodeInfo)
    }

    private func own(nameAt index: Int) {
        guard index < handlers.names.count else { return }
        handlers.nameIndex = index
        let box = Unmanaged.passRetained(handlers).toOpaque()
        ownerID = g_bus_own_name(G_BUS_TYPE_SESSION, handlers.names[index], G_BUS_NAME_OWNER_FLAGS_DO_NOT_QUEUE,
            { connection, _, data in
                guard let connection, let data else { return }
                let handlers = Unmanaged<Handlers>.fromOpaque(data).takeUnretainedValue()
                MainActor.assumeIsolated { handlers.service?.busAcquired(connection) }
            },
            { _, name, data in
                guard let data, let name else { return }
                let handlers = Unmanaged<Handlers>.fromOpaque(data).takeUnretainedValue()
                let owned = String(cString: name)
                MainActor.assumeIsolated { handlers.service?.ownedName = owned }
            },
            { connection, _, data in
                guard let data else { return }
                let handlers = Unmanaged<Handlers>.fromOpaque(data).takeUnretainedValue()
                // No connection: there is no bus at all (GDBus could not connect).
                guard connection != nil else {
                    return MainActor.assumeIsolated { handlers.service?.onNoBus?() }
                }
                // Taken by another instance: try the next name.
                MainActor.assumeIsolated { handlers.service?.nameLost() }
            },
            box, { data in
                guard let data else { return }
                Unmanaged<Handlers>.fromOpaque(data).release()
            })
    }

    private func nameLost() {
        guard ownedName == nil else {
            ownedName = nil
            return
        }
        let next = handlers.nameIndex + 1
        unregister()
        if ownerID != 0 { g_bus_unown_name(ownerID) }
        ownerID = 0
        own(nameAt: next)
    }

    private func unregister() {
        if let connection {
            for id in registrations { g_dbus_connection_unregister_object(connection, id) }
        }
        registrations.removeAll()
        connection = nil
    }

    private func busAcquired(_ connection: OpaquePointer) {
        self.connection = connection
        var vtable = GDBusInterfaceVTable()
        vtable.method_call = { _, _, _, interface, method, parameters, invocation, data in
            guard let data, let interface, let method, let invocation else { return }
            let handlers = Unmanaged<Handlers>.fromOpaque(data).takeUnretainedValue()
            var arguments: [Variant] = []
            if let parameters {
                for index in 0..<g_variant_n_children(parameters) {
                    let child = g_variant_get_child_value(parameters, index)!
                    if let value = Variant.read(child) { arguments.append(value) }
                    g_variant_unref(child)
                }
            }
            let result = MainActor.assumeIsolated {
                handlers.method(String(cString: interface), String(cString: method), arguments)
            }
            switch result {
            case .success(let value):
                let reply = value.map { Variant.tuple([$0]).make() }
                g_dbus_method_invocation_return_value(invocation, reply)
            case .failure(let error):
                g_dbus_method_invocation_return_dbus_error(invocation, error.name, error.message)
            }
        }
        vtable.get_property = { _, _, _, interface, property, _, data in
            guard let data, let interface, let property else { return nil }
            let handlers = Unmanaged<Handlers>.fromOpaque(data).takeUnretainedValue()
            let value = MainActor.assumeIsolated { handlers.get(String(cString: interface), String(cString: property)) }
            return value?.make()
        }
        vtable.set_property = { _, _, _, interface, property, value, _, data in
            guard let data, let interface, let property, let value, let decoded = Variant.read(value) else { return 0 }
            let handlers = Unmanaged<Handlers>.fromOpaque(data).takeUnretainedValue()
            return MainActor.assumeIsolated {
                handlers.set(String(cString: interface), String(cString: property), decoded)
            } ? 1 : 0
        }
        var index = 0
        while let interfaces = nodeInfo.pointee.interfaces?[index] {
            let id = g_dbus_connection_register_object(connection, path, interfaces, &vtable,
                                                       Unmanaged.passRetained(handlers).toOpaque(),
                                                       { data in
                                                           guard let data else { return }
                                                           Unmanaged<Handlers>.fromOpaque(data).release()
                                                       }, nil)
            if id != 0 { registrations.append(id) }
            index += 1
        }
    }

    /// Emits org.freedesktop.DBus.Properties.PropertiesChanged for `interface`.
    public func propertiesChanged(interface: String, _ changed: [(String, Variant)]) {
        guard let connection, !changed.isEmpty else { return }
        let body = Variant.tuple([.string(interface), .dictionary(changed), .strings([])]).make()
        g_dbus_connection_emit_signal(connection, nil, path, "org.freedesktop.DBus.Properties",
                                      "PropertiesChanged", body, nil)
    }

    /// Emits a signal of the object's own interfaces (e.g. MPRIS Seeked).
    public func emit(interface: String, signal: String, _ arguments: [Variant]) {
        guard let connection else { return }
        g_dbus_connection_emit_signal(connection, nil, path, interface, signal, Variant.tuple(arguments).make(), nil)
    }
}

public struct DBusMethodError: Error, Sendable {
    public let name: String
    public let message: String
    public init(name: String = "org.freedesktop.DBus.Error.NotSupported", message: String) {
        self.name = name
        self.message = message
    }
}
