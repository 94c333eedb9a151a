public import FeedCore
public import Foundation

/// The cache folder (thumbnails, downloads): measured and emptied on background work, so a
/// large cache never holds up the profile.
@MainActor
public final class CacheDirectory: CacheControl {
    private let directory: URL
    private let work: BackgroundWork

    public init(directory: URL, work: BackgroundWork) {
        self.directory = directory
        self.work = work
    }

    public func measure(_ completion: @escaping @MainActor (Int64) -> Void) {
        let directory = directory
        work.run({ Self.size(of: directory) }, then: { completion($0) })
    }

    public func clear(_ completion: @escaping @MainActor (Int64) -> Void) {
        let directory = directory
        work.run({ () -> Int64 in
            let size = Self.size(of: directory)
            let fm = FileManager.default
            for item in (try? fm.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? [] {
                try? fm.removeItem(at: item)
            }
            return size - Self.size(of: directory)
        }, then: { completion($0) })
    }

    nonisolated static func size(of directory: URL) -> Int64 {
        let keys: [URLResourceKey] = [.fileSizeKey, .isRegularFileKey]
        guard let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: keys) else { return 0 }
        var total: Int64 = 0
        for case let url as URL in files {
            // Files only: a folder's own entry is not what the cache holds.
            guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else { continue }
            total += Int64(values.fileSize ?? 0)
        }
        return total
    }
}
