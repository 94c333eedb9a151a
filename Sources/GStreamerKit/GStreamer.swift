import CGStreamer
import CGStreamerShims

/// Process-wide GStreamer set-up.
public enum GStreamer {
    nonisolated(unsafe) private static var initialized = false

    /// Idempotent; call once before making elements (from the main thread).
    public static func initialize() {
        guard !initialized else { return }
        gst_init(nil, nil)
        initialized = true
    }

    /// Whether an element factory exists (its plugin is installed).
    public static func hasElement(_ factory: String) -> Bool {
        guard let found = gst_element_factory_find(factory) else { return false }
        gst_object_unref(UnsafeMutableRawPointer(found))
        return true
    }

    public static let nanosecondsPerSecond: UInt64 = 1_000_000_000
    public static var clockTimeNone: UInt64 { UInt64(lf_clock_time_none()) }
}
