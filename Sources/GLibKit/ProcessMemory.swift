import CGLibShims

/// Process-wide memory settings.
public enum ProcessMemory {
    /// GStreamer's streaming threads each grow a malloc arena by default; a couple of arenas
    /// keep the pooled players' memory from spreading (about 30-40 MB less after 20 pages).
    /// Call before any thread starts.
    public static func limitMallocArenas(_ count: Int32) { lf_limit_malloc_arenas(count) }

    /// Gives every block of `bytes` or more a mapping of its own, unmapped when freed (a fixed
    /// threshold: glibc otherwise raises it to the largest block freed so far, a decoded frame).
    public static func mapBlocks(from bytes: Int32) { lf_map_blocks_from(bytes) }

    /// While pages change, frame-sized blocks (a decoded 720x1280 frame, GTK's 450x800 surfaces)
    /// get mappings of their own: from the arenas, the frames of pipelines starting and stopping
    /// left their memory with the process, and RSS peaked at 266 MB over 300 page changes (206 MB
    /// mapped). At rest they come from the arenas again: a mapping per frame is a page fault per
    /// 4 KiB, and playback took 10-20 % more CPU with them.
    /// At rest the heaps also keep what frames free, as glibc's own raised threshold makes
    /// them do: given back at each free, the next frame faulted its pages in again.
    public static func mapFrameSizedBlocks(_ mapped: Bool) {
        lf_map_blocks_from(mapped ? glibcStartingMapThreshold : glibcLargestMapThreshold)
        lf_keep_free_memory_up_to(mapped ? glibcStartingMapThreshold : 2 * glibcLargestMapThreshold)
    }

    /// How many blocks have a mapping of their own now.
    public static var mappedBlockCount: Int { lf_mapped_block_count() }

    /// Bytes free in the heaps (their tops included): no larger block can come from them.
    public static var freeHeapBytes: Int { lf_free_heap_bytes() }

    /// glibc's own threshold before it starts raising it.
    public static let glibcStartingMapThreshold: Int32 = 128 * 1024
    /// The highest glibc raises it to on a 64-bit system.
    public static let glibcLargestMapThreshold: Int32 = 32 * 1024 * 1024

    /// Hands memory freed by decoders and textures back to the system (malloc_trim). A few
    /// milliseconds; call when idle, e.g. after a page change has settled.
    @discardableResult
    public static func releaseFreeMemory() -> Bool { lf_release_free_memory() != 0 }
}
