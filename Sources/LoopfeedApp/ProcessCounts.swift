import Foundation

/// The process's open file descriptors and threads, as /proc lists them.
enum ProcessCounts {
    static var openFiles: Int { entries("/proc/self/fd") }
    static var threads: Int { entries("/proc/self/task") }

    private static func entries(_ folder: String) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: folder).count) ?? -1
    }
}
