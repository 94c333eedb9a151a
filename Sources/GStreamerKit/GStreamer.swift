import CGStreamer
import Foundation
import CGStreamerShims

/// Process-wide GStreamer set-up.
public enum GStreamer {
    /// Runs gst_init exactly once, whichever thread asks first (a static let is initialised
    /// lazily under a lock, and workers probing files may get there before the window).
    private static let initialized: Bool = {
        gst_init(nil, nil)
        // appsrc in random-access mode (a remote video read while it downloads) is started again
        // when decodebin activates its pad after the source already reached PAUSED; appsrc's
        // start then sets its format (bytes, as it was) and GStreamer asserts the state. Only
        // that one message is dropped; every other critical of the domain is logged as before.
        g_log_set_handler("GStreamer-Base", GLogLevelFlags(rawValue: G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_LEVEL_WARNING.rawValue),
                          { domain, level, message, _ in
            if let message, strstr(message, "gst_base_src_set_format: assertion") != nil { return }
            g_log_default_handler(domain, level, message, nil)
        }, nil)
        return true
    }()

    /// Idempotent and thread-safe; call before making elements.
    public static func initialize() {
        _ = initialized
    }

    /// Loads the named plugins into the process on a thread of its own, now rather than when a
    /// pipeline first needs one; `done` runs on that thread with how many were found. A plugin
    /// is loaded once under GStreamer's own lock, so a pipeline asking meanwhile waits for it.
    public static func loadAhead(plugins names: [String], done: @escaping @Sendable (Int) -> Void = { _ in }) {
        initialize()
        let thread = Thread {
            var found = 0
            for name in names {
                guard let plugin = gst_plugin_load_by_name(name) else { continue }
                found += 1
                gst_object_unref(UnsafeMutableRawPointer(plugin))
            }
            done(found)
        }
        thread.name = "loopfeed-plugins"
        thread.qualityOfService = .utility
        thread.start()
    }

    /// Frees GStreamer's own state (gst_deinit), so the leaks tracer (`GST_TRACERS=leaks`) can
    /// say at exit which objects were never freed. Only once every pipeline and thread that uses
    /// GStreamer is gone; a normal exit needs none of it.
    public static func deinitialize() {
        gst_deinit()
    }

    /// Whether an element factory exists (its plugin is installed).
    public static func hasElement(_ factory: String) -> Bool {
        guard let found = gst_element_factory_find(factory) else { return false }
        gst_object_unref(UnsafeMutableRawPointer(found))
        return true
    }

    /// Raises the element factories named above every decoder decodebin would otherwise pick
    /// (GStreamer 1.22's `va` decoders are registered with rank NONE); returns those that exist.
    @discardableResult
    public static func preferDecoders(_ names: [String]) -> [String] {
        initialize()
        // PRIMARY + 24, as Clapper raises them: above libav's PRIMARY decoders.
        let rank = UInt32(GST_RANK_PRIMARY.rawValue) + 24
        return names.filter { lf_registry_set_element_rank($0, rank) != 0 }
    }

    public static let nanosecondsPerSecond: UInt64 = 1_000_000_000
    public static var clockTimeNone: UInt64 { UInt64(lf_clock_time_none()) }
}
