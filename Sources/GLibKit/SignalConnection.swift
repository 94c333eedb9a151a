package import CGLib

/// Keeps a Swift closure alive for as long as GLib may call it. Passed to C retained and
/// released by the destroy-notify, so neither a dangling box nor a leak is possible.
/// `@unchecked Sendable`: the box never changes after init and only carries the closure to C
/// and back; where the closure may run is its own type's to say (`@Sendable` for streaming
/// threads, `@MainActor` for GTK signals, checked when it runs).
public class AnyCallbackBox: @unchecked Sendable {
    /// Balances `retainedPointer()`; usable from non-generic C destroy-notifies.
    public static func release(_ pointer: UnsafeRawPointer) {
        Unmanaged<AnyCallbackBox>.fromOpaque(pointer).release()
    }
}

public final class CallbackBox<Handler>: AnyCallbackBox, @unchecked Sendable {
    public let handler: Handler
    public init(_ handler: Handler) { self.handler = handler }

    public func retainedPointer() -> UnsafeMutableRawPointer { Unmanaged.passRetained(self).toOpaque() }

    public static func from(_ pointer: UnsafeRawPointer) -> Handler {
        Unmanaged<CallbackBox<Handler>>.fromOpaque(pointer).takeUnretainedValue().handler
    }
}

/// One connected signal handler. Disconnect it on teardown (owners do so in deinit); the
/// closure is freed by GLib through the destroy-notify, also when the object dies first.
public final class SignalConnection {
    private let instance: GWeakReference
    public let handlerID: UInt

    init(instance: UnsafeMutableRawPointer, handlerID: UInt) {
        self.instance = GWeakReference(instance)
        self.handlerID = handlerID
    }

    public var isConnected: Bool {
        guard let object = instance.strong() else { return false }
        defer { g_object_unref(object) }
        return g_signal_handler_is_connected(object, handlerID) != 0
    }

    public func disconnect() {
        guard let object = instance.strong() else { return }
        defer { g_object_unref(object) }
        if g_signal_handler_is_connected(object, handlerID) != 0 {
            g_signal_handler_disconnect(object, handlerID)
        }
    }
}

public enum Signals {
    /// Connects `handler` through a C trampoline of the signal's exact signature.
    /// The trampoline must read its closure with `CallbackBox<Handler>.from(userData)`.
    package static func connect<Handler>(_ instance: UnsafeMutableRawPointer, _ name: String,
                                        handler: Handler, trampoline: GCallback,
                                        after: Bool = false) -> SignalConnection {
        let box = CallbackBox(handler)
        let notify: GClosureNotify = { data, _ in
            guard let data else { return }
            AnyCallbackBox.release(data)
        }
        let id = g_signal_connect_data(instance, name, trampoline, box.retainedPointer(), notify,
                                       after ? G_CONNECT_AFTER : GConnectFlags(rawValue: 0))
        return SignalConnection(instance: instance, handlerID: id)
    }

    // The public forms are for GTK and GIO objects, whose signals are emitted on the main
    // thread: their handlers are main-actor closures, checked when they run. Signals from
    // streaming threads go through `connect(_:_:handler:trampoline:)` with a @Sendable handler.

    /// A signal whose handler takes only the instance: "clicked", "activate", "destroy" ...
    public static func connect(_ instance: UnsafeMutableRawPointer, _ name: String,
                               after: Bool = false, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
            guard let data else { return }
            let handler = CallbackBox<@MainActor () -> Void>.from(data)
            MainActor.assumeIsolated { handler() }
        }
        return connect(instance, name, handler: handler, trampoline: unsafeBitCast(trampoline, to: GCallback.self), after: after)
    }

    /// A signal whose handler takes the instance and one pointer argument that is ignored:
    /// GAction "activate" (the parameter), "changed" with a detail ...
    public static func connectIgnoringArgument(_ instance: UnsafeMutableRawPointer, _ name: String,
                                               _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, _, data in
            guard let data else { return }
            let handler = CallbackBox<@MainActor () -> Void>.from(data)
            MainActor.assumeIsolated { handler() }
        }
        return connect(instance, name, handler: handler, trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// "notify::<property>": the handler also receives the GParamSpec, which it ignores.
    public static func connectNotify(_ instance: UnsafeMutableRawPointer, property: String,
                                     _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, _, data in
            guard let data else { return }
            let handler = CallbackBox<@MainActor () -> Void>.from(data)
            MainActor.assumeIsolated { handler() }
        }
        return connect(instance, "notify::" + property, handler: handler,
                       trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }
}
