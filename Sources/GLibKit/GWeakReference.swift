import CGLib

/// A GWeakRef: tells whether the object still lives without keeping it alive.
/// `@unchecked Sendable`: GWeakRef is GLib's thread-safe weak pointer (g_weak_ref_get locks),
/// and the storage pointer never changes.
public final class GWeakReference: @unchecked Sendable {
    private let ref = UnsafeMutablePointer<GWeakRef>.allocate(capacity: 1)

    public init(_ object: UnsafeMutableRawPointer?) {
        ref.initialize(to: GWeakRef())
        g_weak_ref_init(ref, object)
    }

    deinit {
        g_weak_ref_clear(ref)
        ref.deallocate()
    }

    /// A new strong reference (unref it), or nil once the object is finalized.
    public func strong() -> UnsafeMutableRawPointer? { g_weak_ref_get(ref) }

    public var isAlive: Bool {
        guard let object = strong() else { return false }
        g_object_unref(object)
        return true
    }
}
