public import FeedCore
public import Foundation
import GLibKit

/// Keeps the library folders and the feed in step while the app runs: a GFileMonitor on each
/// folder and subfolder; a video written or moved in is handed to `importFiles` (once it is
/// complete, a second after its last change), and a video deleted or moved away takes its post
/// out of the library.
@MainActor
public final class LibraryWatcher: LibraryWatching {
    private let repository: any FeedRepository
    private var monitors: [URL: DirectoryMonitor] = [:]
    private var arrived: Set<URL> = []
    private var settleTimer: SourceHandle?
    /// Folders being listed on the worker; a newer `watch` makes an older listing moot.
    private var generation = 0

    public var onArrived: (([URL]) -> Void)?
    public var onRemoved: (([Post]) -> Void)?

    public init(repository: any FeedRepository) {
        self.repository = repository
    }

    public var watchedFolders: [URL] { monitors.keys.sorted { $0.path < $1.path } }

    /// Watches exactly `folders` and every folder inside them (listed on a worker thread).
    public func watch(_ folders: [String]) {
        generation += 1
        let wanted = generation
        let roots = folders.map { URL(fileURLWithPath: $0) }
        DispatchQueue.global(qos: .utility).async {
            let all = roots.flatMap { [$0] + Self.subfolders(of: $0) }
            MainLoop.invoke { [weak self] in
                guard let self, generation == wanted else { return }
                let keep = Set(all)
                monitors = monitors.filter { keep.contains($0.key) }
                for folder in all where monitors[folder] == nil { monitor(folder) }
            }
        }
    }

    private nonisolated static func subfolders(of root: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey],
                                                          options: [.skipsHiddenFiles]) else { return [] }
        var found: [URL] = []
        var seen: Set<String> = [root.resolvingSymlinksInPath().path]
        for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true {
            // A link back up the tree would be walked for ever.
            guard seen.insert(url.resolvingSymlinksInPath().path).inserted else { walker.skipDescendants(); continue }
            found.append(url)
        }
        return found
    }

    private func monitor(_ folder: URL) {
        monitors[folder] = DirectoryMonitor(folder: folder) { [weak self] change in self?.handle(change) }
    }

    private func handle(_ change: DirectoryMonitor.Change) {
        switch change {
        case .created(let url), .changesDone(let url), .movedIn(let url):
            arrive(url)
        case .deleted(let url), .movedOut(let url):
            leave(url)
        case .renamed(let from, let to):
            leave(from)
            arrive(to)
        }
    }

    private func arrive(_ url: URL) {
        guard !url.lastPathComponent.hasPrefix(".") else { return }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue, monitors[url] == nil {
            monitor(url)
        }
        arrived.insert(url)
        // Files being copied change for a while: they are read once they have been still for a second.
        settleTimer?.cancel()
        settleTimer = MainLoop.after(milliseconds: 1_000) { [weak self] in
            guard let self else { return }
            let files = arrived.sorted { $0.path < $1.path }
            arrived.removeAll()
            onArrived?(files)
        }
    }

    private func leave(_ url: URL) {
        arrived.remove(url)
        monitors[url] = nil
        guard let post = try? repository.post(videoURI: url.absoluteString) else { return }
        guard (try? repository.deletePost(id: post.id)) != nil else { return }
        onRemoved?([post])
    }
}
