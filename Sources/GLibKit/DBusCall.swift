import CGLib

/// A method call to another program on the session bus, asynchronous: the main loop never waits
/// for the other side. The reply (or the error: no such service, a timeout) arrives on the main
/// loop.
@MainActor
public enum DBusCall {
    public typealias Completion = @MainActor (Result<Void, GLibError>) -> Void

    /// Calls `interface.method(parameters)` on `name` at `path`; `parameters` is a tuple.
    /// Services that are not running are not started (no D-Bus activation of strangers).
    public static func call(name: String, path: String, interface: String, method: String,
                            parameters: Variant, timeoutMilliseconds: Int32 = 5_000,
                            completion: @escaping Completion) {
        let request = Request(name: name, path: path, interface: interface, method: method,
                              parameters: parameters, timeout: timeoutMilliseconds, completion: completion)
        g_bus_get(G_BUS_TYPE_SESSION, nil, { _, result, data in
            guard let data else { return }
            let request = Unmanaged<Request>.fromOpaque(data).takeRetainedValue()
            var error: UnsafeMutablePointer<GError>?
            guard let connection = g_bus_get_finish(result, &error) else {
                let failure = error.map { GLibError(consuming: $0) }
                    ?? GLibError(domain: "g-dbus-error-quark", code: 0, message: "no session bus")
                MainActor.assumeIsolated { request.completion(.failure(failure)) }
                return
            }
            MainActor.assumeIsolated { request.send(on: connection) }
        }, Unmanaged.passRetained(request).toOpaque())
    }

    /// What is needed until the reply; retained across the two asynchronous steps.
    private final class Request {
        let name: String, path: String, interface: String, method: String
        let parameters: Variant
        let timeout: Int32
        let completion: Completion

        init(name: String, path: String, interface: String, method: String, parameters: Variant,
             timeout: Int32, completion: @escaping Completion) {
            self.name = name
            self.path = path
            self.interface = interface
            self.method = method
            self.parameters = parameters
            self.timeout = timeout
            self.completion = completion
        }

        @MainActor func send(on connection: OpaquePointer) {
            let flags = GDBusCallFlags(rawValue: G_DBUS_CALL_FLAGS_NO_AUTO_START.rawValue)
            g_dbus_connection_call(connection, name, path, interface, method, parameters.make(), nil, flags,
                                   timeout, nil, { source, result, data in
                guard let data else { return }
                let request = Unmanaged<Request>.fromOpaque(data).takeRetainedValue()
                var error: UnsafeMutablePointer<GError>?
                let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, &error)
                if let reply { g_variant_unref(reply) }
                let outcome: Result<Void, GLibError> = error.map { .failure(GLibError(consuming: $0)) } ?? .success(())
                MainActor.assumeIsolated { request.completion(outcome) }
            }, Unmanaged.passRetained(self).toOpaque())
            g_object_unref(UnsafeMutableRawPointer(connection))
        }
    }
}
