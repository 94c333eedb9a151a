public import Foundation
import Glibc

/// Reads into the page cache, on a thread of its own, the files the last launch mapped, while
/// this one starts. On a cold page cache the main thread otherwise reads each library a page
/// fault at a time as GStreamer, GTK's GL renderer and the decoders open them, holding the
/// dynamic loader's lock (bench step 5c: a launch's longest main-loop stall). What this launch
/// maps is kept for the next one once it is up (`record`).
public final class LaunchReadAhead: Sendable {
    /// Asks the kernel to read a file ahead (the tests' own records what it was asked).
    public typealias Advise = @Sendable (String) -> Void

    private let listURL: URL
    private let advise: Advise
    private let maps: @Sendable () -> String?

    public init(listURL: URL,
                advise: @escaping Advise = LaunchReadAhead.readAhead,
                maps: @escaping @Sendable () -> String? = LaunchReadAhead.ownMaps) {
        self.listURL = listURL
        self.advise = advise
        self.maps = maps
    }

    /// Starts reading the kept list's files ahead, but those this process has mapped already
    /// (the libraries it was linked with); returns at once. `done` runs on that thread.
    public func start(done: @escaping @Sendable (_ files: Int) -> Void = { _ in }) {
        let listURL = listURL, advise = advise, maps = maps
        let thread = Thread {
            let text = (try? Data(contentsOf: listURL)).flatMap { String(data: $0, encoding: .utf8) } ?? ""
            let mapped = Set(maps().map(LaunchFileList.parse(maps:)) ?? [])
            let paths = LaunchFileList.decode(text).filter { !mapped.contains($0) }
            for path in paths { advise(path) }
            done(paths.count)
        }
        thread.name = "loopfeed-read-ahead"
        thread.qualityOfService = .utility
        thread.start()
    }

    /// Keeps what this process maps now for the next launch's read-ahead, on a worker thread;
    /// the list is written only when it changed, and whole (a temporary file renamed over it).
    public func record(done: @escaping @Sendable (_ written: Bool) -> Void = { _ in }) {
        let listURL = listURL, maps = maps
        DispatchQueue.global(qos: .utility).async {
            guard let text = maps() else { return done(false) }
            let list = LaunchFileList.encode(LaunchFileList.parse(maps: text))
            if let kept = try? String(contentsOf: listURL, encoding: .utf8), kept == list { return done(false) }
            do {
                try FileManager.default.createDirectory(at: listURL.deletingLastPathComponent(),
                                                        withIntermediateDirectories: true)
                try Data(list.utf8).write(to: listURL, options: .atomic)
                done(true)
            } catch {
                // A cache that can't be written only costs the next cold launch its read-ahead.
                done(false)
            }
        }
    }

    /// This process's mappings, read to the end (a file under /proc says its size is 0).
    public static let ownMaps: @Sendable () -> String? = {
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/maps") else { return nil }
        defer { try? handle.close() }
        return (try? handle.readToEnd()).flatMap { String(data: $0, encoding: .utf8) }
    }

    /// posix_fadvise(WILLNEED) over a whole regular file: the kernel starts reading it in large
    /// requests and returns; a file gone since the list was written is skipped.
    public static let readAhead: Advise = { path in
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return }
        _ = posix_fadvise(fd, 0, 0, POSIX_FADV_WILLNEED)
    }
}
