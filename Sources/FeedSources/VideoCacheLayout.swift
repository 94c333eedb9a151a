public import Foundation
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

    /// What the folder holds now (off the main thread).
    static func scan(_ directory: URL) -> [File] {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
        let items = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys)) ?? []
        return items.compactMap { url in
            guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else { return nil }
            return File(name: url.lastPathComponent, size: Int64(values.fileSize ?? 0),
                        used: values.contentModificationDate ?? .distantPast)
        }
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
