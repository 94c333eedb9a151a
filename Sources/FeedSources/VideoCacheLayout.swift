public import Foundation
import Glibc
import GLibKit

/// How the video cache lays out its folder and which files it lets go: pure, so the rules are
/// tested without a download.
public enum VideoCacheLayout {
    /// A finished video's name ends so; one still downloading ends in `.part`.
    static let finishedSuffix = ".video"

    /// The cache's name for an address: a SHA-256 of it, so nothing a feed says chooses a path.
    public static func key(for address: String) -> String {
        let checksum = Checksum()
        checksum.update(Array(address.utf8))
        return checksum.hexDigest()
    }

    public struct File: Equatable, Sendable {
        public var name: String
        public var size: Int64
        public var used: Date

        public init(name: String, size: Int64, used: Date) {
            self.name = name
            self.size = size
            self.used = used
        }

        /// The key it belongs to (its name without `.video` or `.part`).
        public var key: String {
            if let dot = name.lastIndex(of: ".") { return String(name[..<dot]) }
            return name
        }
    }

    /// The files to delete, least recently used first, until what stays fits in `limit`;
    /// files of the keys in `keep` (the post on screen, downloads running) are never chosen.
    public static func evictions(_ files: [File], limit: Int64, keep: Set<String>) -> [File] {
        var total = files.reduce(Int64(0)) { $0 + $1.size }
        guard total > limit else { return [] }
        var chosen: [File] = []
        for file in files.sorted(by: { $0.used < $1.used }) where !keep.contains(file.key) {
            guard total > limit else { break }
            chosen.append(file)
            total -= file.size
        }
        return chosen
    }

    /// What the folder holds now (off the main thread): readdir and one lstat a file. Foundation's
    /// `resourceValues` took about 0.5 ms a file, so with a few hundred videos each scan held the
    /// writer queue for up to 200 ms (the large library's refresh, where it fell seconds behind).
    static func scan(_ directory: URL) -> [File] {
        guard let folder = opendir(directory.path) else { return [] }
        defer { closedir(folder) }
        let descriptor = dirfd(folder)
        var files: [File] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            var info = stat()
            guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            let used = Date(timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec) + TimeInterval(info.st_mtim.tv_nsec) / 1e9)
            files.append(File(name: name, size: Int64(info.st_size), used: used))
        }
        return files
    }

    /// "500M", "1G", "800K", "1048576": a size for `--cache-limit`; nil when it is not one.
    public static func parseSize(_ text: String) -> Int64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).uppercased()
        guard let last = trimmed.last else { return nil }
        let units: [Character: Int64] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40]
        var digits = trimmed
        var factor: Int64 = 1
        if let unit = units[last] {
            factor = unit
            digits.removeLast()
        } else if last == "B", trimmed.count >= 2, let unit = units[trimmed[trimmed.index(trimmed.endIndex, offsetBy: -2)]] {
            factor = unit
            digits.removeLast(2)
        }
        guard let value = Double(digits), value >= 0, value.isFinite else { return nil }
        let bytes = value * Double(factor)
        guard bytes < Double(Int64.max) else { return nil }
        return Int64(bytes)
    }
}
