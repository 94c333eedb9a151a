public import Foundation

/// What an earlier run left in `recordings/`: a clip whose segments were recorded but never
/// posted (the app was closed or crashed; each segment plays thanks to its reserved moov) is
/// kept for the user, the rest is tidied: album work folders, empty clip folders, and segment
/// files too short to hold a frame.
public enum LeftoverRecordings {
    /// Tidies `recordings` and returns the newest clip folder that still has segments.
    @discardableResult
    public static func tidy(_ recordings: URL, fileManager: FileManager = .default) -> URL? {
        let folders = (try? fileManager.contentsOfDirectory(at: recordings,
                                                             includingPropertiesForKeys: [.contentModificationDateKey])) ?? []
        var kept: [(URL, Date)] = []
        for folder in folders {
            let name = folder.lastPathComponent
            if name.hasPrefix("album-") {
                try? fileManager.removeItem(at: folder)
                continue
            }
            guard name.hasPrefix("clip-") else { continue }
            for segment in SegmentJoiner.segments(in: folder) where size(of: segment) < 1024 {
                try? fileManager.removeItem(at: segment)
            }
            guard !SegmentJoiner.segments(in: folder).isEmpty else {
                try? fileManager.removeItem(at: folder)
                continue
            }
            let date = (try? folder.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate) ?? .distantPast
            kept.append((folder, date))
        }
        return kept.max { $0.1 < $1.1 }?.0
    }

    private static func size(of file: URL) -> Int {
        (try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
    }
}
