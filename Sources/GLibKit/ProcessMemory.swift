import CGLibShims

/// Process-wide memory settings.
public enum ProcessMemory {
    /// GStreamer's streaming threads each grow a malloc arena by default; a couple of arenas
    /// keep the pooled players' memory from spreading (about 30-40 MB less after 20 pages).
    /// Call before any thread starts.
    public static func limitMallocArenas(_ count: Int32) { lf_limit_malloc_arenas(count) }

    /// Hands memory freed by decoders and textures back to the system (malloc_trim). A few
    /// milliseconds; call when idle, e.g. after a page change has settled.
    @discardableResult
    public static func releaseFreeMemory() -> Bool { lf_release_free_memory() != 0 }
}
