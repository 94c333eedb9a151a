public import FeedCore
public import Foundation
import GLibKit

/// Keeps the library folders and the feed in step while the app runs: a GFileMonitor on each
/// folder and subfolder; a video written or moved in is handed to `importFiles` (once it is
/// complete, a second after its last change), and a video deleted or moved away takes its post
/// out of the library.
///
/// A watched folder that goes away as a whole (a drive unplugged: its file system unmounted, or
/// the folder removed) is not its videos deleted: their posts, with their likes and comments,
/// stay, the window is told, and the folder is looked for every few seconds; when it is back it
/// is watched again and caught up with. So a deletion is acted on only a second later, once it
/// is clear the folder it was in is still there, on the same file system.
@MainActor
public final class LibraryWatcher: LibraryWatching {
    private let repository: any FeedRepository
    private var monitors: [URL: DirectoryMonitor] = [:]
    private var arrived: Set<URL> = []
    private var settleTimer: SourceHandle?
    /// Folders being listed on the worker; a newer `watch` makes an older listing moot.
    private var generation = 0
    /// The watched folders and the file system each was on when it was watched (nil: missing).
    private var roots: [URL: UInt64?] = [:]
    private var missing: Set<URL> = []
    private var left: Set<URL> = []
    private var leaveTimer: SourceHandle?
    private var lookTimer: SourceHandle?
    /// How often a missing folder is looked for.
    static let lookMilliseconds: UInt32 = 3_000

    public var onArrived: (([URL]) -> Void)?
    public var onRemoved: (([Post]) -> Void)?
    public var onFolderGone: ((URL) -> Void)?

    public init(repository: any FeedRepository) {
        self.repository = repository
    }

    public var watchedFolders: [URL] { monitors.keys.sorted { $0.path < $1.path } }

    /// Watches exactly `folders` and every folder inside them (listed on a worker thread).
    public func watch(_ folders: [String]) {
        generation += 1
        let wanted = generation
        let rootURLs = folders.map { URL(fileURLWithPath: $0, isDirectory: true).standardizedFileURL }
        DispatchQueue.global(qos: .utility).async {
            let devices = rootURLs.map { Self.device(of: $0) }
            let all = rootURLs.flatMap { [$0] + Self.subfolders(of: $0) }
            MainLoop.invoke { [weak self] in
                guard let self, generation == wanted else { return }
                roots = Dictionary(uniqueKeysWithValues: zip(rootURLs, devices))
                missing = missing.filter { roots[$0] != nil }
                let keep = Set(all)
                monitors = monitors.filter { keep.contains($0.key) }
                for folder in all where monitors[folder] == nil { monitor(folder) }
                for (root, device) in roots where device == nil { folderGone(root) }
                lookAfterFolders()
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

    /// The file system a folder is on; nil when it is not a folder that can be read.
    private nonisolated static func device(of folder: URL) -> UInt64? {
        var info = stat()
        guard stat(folder.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        return UInt64(info.st_dev)
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
        case .unmounted(let url):
            leave(url)
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
        left.insert(url)
        // A folder going away deletes its files one by one first: wait until it is clear whether
        // they were deleted or the folder left.
        leaveTimer?.cancel()
        leaveTimer = MainLoop.after(milliseconds: 1_000) { [weak self] in self?.settleLeaves() }
    }

    private func settleLeaves() {
        let gone = left
        left.removeAll()
        var removed: [Post] = []
        for url in gone.sorted(by: { $0.path < $1.path }) {
            guard let folder = root(of: url) else { continue }
            guard isThere(folder) else {
                folderGone(folder)
                continue
            }
            guard let post = try? repository.post(videoURI: url.absoluteString),
                  (try? repository.deletePost(id: post.id)) != nil else { continue }
            removed.append(post)
        }
        if !removed.isEmpty { onRemoved?(removed) }
    }

    private func root(of url: URL) -> URL? {
        let path = url.standardizedFileURL.path
        return roots.keys.filter { path == $0.path || path.hasPrefix($0.path + "/") }.max { $0.path.count < $1.path.count }
    }

    /// The folder is where it was watched: there, and on the same file system (an unplugged
    /// drive leaves its empty mount point behind).
    private func isThere(_ root: URL) -> Bool {
        guard let watched = roots[root], let device = Self.device(of: root) else { return false }
        return watched == nil || watched == device
    }

    private func folderGone(_ folder: URL) {
        guard missing.insert(folder).inserted else { return }
        monitors = monitors.filter { root(of: $0.key) != folder }
        onFolderGone?(folder)
    }

    /// Every few seconds, off the main thread (a stat of a dead network folder may hang): a
    /// watched folder no longer there is gone (a drive unmounted under files still open tells
    /// no monitor), and a missing one that has something in it again is watched again and caught
    /// up with (posts still in the library are found, not added twice).
    private func lookAfterFolders() {
        guard lookTimer == nil else { return }
        lookTimer = MainLoop.every(milliseconds: Self.lookMilliseconds) { [weak self] in
            guard let self, !roots.isEmpty else {
                self?.lookTimer = nil
                return false
            }
            let watched = roots, missing = missing
            DispatchQueue.global(qos: .utility).async {
                let devices = watched.keys.map { ($0, Self.device(of: $0)) }
                let back = missing.filter { root in
                    ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).contains { !$0.hasPrefix(".") }
                }
                MainLoop.invoke { [weak self] in self?.looked(devices: devices, back: back) }
            }
            return true
        }
    }

    private func looked(devices: [(URL, UInt64?)], back: Set<URL>) {
        for (root, device) in devices where roots[root] != nil && !missing.contains(root) {
            if let watched = roots[root] ?? nil, device != watched { folderGone(root) }
        }
        let returned = back.intersection(missing)
        guard !returned.isEmpty else { return }
        missing.subtract(returned)
        watch(roots.keys.map(\.path))
        onArrived?(returned.sorted { $0.path < $1.path })
    }
}
