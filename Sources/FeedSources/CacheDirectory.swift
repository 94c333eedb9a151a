public import FeedCore
public import Foundation

/// The cache's thumbnails and downloaded videos, as the profile's "Clear cache" sees them:
/// measured and emptied on background work, so a large cache never holds up the profile. Only
/// the folders named are touched (the compiled settings schema beside them stays), and never a
/// file the video cache still needs (the post on screen, a download running).
@MainActor
public final class CacheDirectory: CacheControl {
    private let directory: URL
    private let folders: [String]
    private let work: BackgroundWork
    private let keep: @MainActor () -> Set<String>
    private let cleared: @MainActor () -> Void

    /// `keep`: names, without their extension, that stay; `cleared`: told after emptying.
    public init(directory: URL, folders: [String] = ["thumbnails", "videos"], work: BackgroundWork,
                keep: @escaping @MainActor () -> Set<String> = { [] }, cleared: @escaping @MainActor () -> Void = {}) {
        self.directory = directory
        self.folders = folders
        self.work = work
        self.keep = keep
        self.cleared = cleared
    }

    public func measure(_ completion: @escaping @MainActor (Int64) -> Void) {
        let roots = folders.map { directory.appendingPathComponent($0) }
        work.run({ roots.reduce(Int64(0)) { $0 + Self.size(of: $1) } }, then: { completion($0) })
    }

    public func clear(_ completion: @escaping @MainActor (Int64) -> Void) {
        let roots = folders.map { directory.appendingPathComponent($0) }
        let keep = keep()
        let cleared = cleared
        work.run({ () -> Int64 in
            let before = roots.reduce(Int64(0)) { $0 + Self.size(of: $1) }
            let fm = FileManager.default
            for root in roots {
                for item in (try? fm.contentsOfDirectory(at: root, includingPropertiesForKeys: nil)) ?? []
                where !keep.contains(item.deletingPathExtension().lastPathComponent) {
                    try? fm.removeItem(at: item)
                }
            }
            return before - roots.reduce(Int64(0)) { $0 + Self.size(of: $1) }
        }, then: { freed in
            cleared()
            completion(freed)
        })
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
