import Foundation

/// The files a launch maps (its libraries, plugins, GL driver, fonts), from /proc/self/maps, in
/// the order it first mapped them; and their list as kept between launches, one path a line.
public enum LaunchFileList {
    /// A list longer than this is not one Loopfeed wrote.
    public static let maximumFiles = 4_000
    public static let maximumListBytes = 512 * 1024

    /// The regular files in `maps` (the text of /proc/PID/maps), each once, earliest mapped first.
    /// The kernel hands out mappings from the top of the address space down, so a library
    /// opened later sits lower: by falling start address is by the order they were opened, and
    /// the read-ahead then reads first what the next launch needs first.
    public static func parse(maps: String) -> [String] {
        var start: [String: UInt64] = [:]
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6, let range = fields.first, let dash = range.firstIndex(of: "-"),
                  let address = UInt64(range[..<dash], radix: 16) else { continue }
            let path = fields[5].trimmingCharacters(in: .whitespaces)
            guard isKept(path) else { continue }
            start[path] = max(start[path] ?? 0, address)
        }
        return start.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
    }

    /// One path a line.
    public static func encode(_ paths: [String]) -> String {
        paths.map { $0 + "\n" }.joined()
    }

    /// The paths of a kept list; what is not an absolute path to a file that can be mapped is
    /// left out, and a list too long to be one Loopfeed wrote gives nothing.
    public static func decode(_ text: String) -> [String] {
        guard text.utf8.count <= maximumListBytes else { return [] }
        let paths = text.split(separator: "\n").map(String.init).filter(isKept)
        return paths.count <= maximumFiles ? paths : []
    }

    /// Files on disk only: not the kernel's ([vdso], [heap]), not devices, shared memory or
    /// deleted files, and not SQLite's shared memory (the library's, kept hot by its own use).
    private static func isKept(_ path: String) -> Bool {
        path.hasPrefix("/") && !path.hasSuffix(" (deleted)") && !path.hasSuffix("-shm")
            && !["/dev/", "/proc/", "/sys/", "/memfd:", "/SYSV"].contains { path.hasPrefix($0) }
    }
}
