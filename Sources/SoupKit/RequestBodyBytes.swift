import CGLib

/// A request body's GBytes held for as long as its message may be sent again.
final class RequestBodyBytes {
    let raw: OpaquePointer

    init(retaining bytes: OpaquePointer) {
        raw = g_bytes_ref(bytes)
    }

    deinit { g_bytes_unref(raw) }
}
