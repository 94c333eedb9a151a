public import FeedCore
public import Foundation
public import GtkKit

/// The frame each post showed on screen, kept as a PNG in the cache (MPRIS art). The main
/// thread only takes a reference to the texture on screen; checking the disk, encoding (tens of
/// milliseconds for a full frame) and writing happen on a worker.
@MainActor
public final class ScreenStills {
    private let directory: URL
    private let work: BackgroundWork
    /// Posts whose still is known to be on disk.
    private var saved: Set<Int64> = []
    private var pending: Set<Int64> = []

    public init(directory: URL, work: BackgroundWork) {
        self.directory = directory
        self.work = work
    }

    public func url(forPostID id: Int64) -> URL {
        directory.appendingPathComponent("post-\(id).png")
    }

    /// The still's file URI, once one is known to be written.
    public func uri(forPostID id: Int64) -> String? {
        saved.contains(id) ? url(forPostID: id).absoluteString : nil
    }

    /// Keeps `texture` as the post's still unless one is on disk already; `written` runs on the
    /// main thread when a new one has been written.
    public func keep(_ texture: Texture, postID: Int64, written: @escaping @MainActor @Sendable () -> Void) {
        guard !pending.contains(postID) else { return }
        pending.insert(postID)
        let target = url(forPostID: postID)
        let directory = directory
        work.run({ () -> Outcome in
            if FileManager.default.fileExists(atPath: target.path) { return .present }
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            // Written beside and renamed, so a half-written still is never shown.
            let part = target.appendingPathExtension("part")
            guard texture.savePNG(to: part.path) else { return .failed }
            do {
                try FileManager.default.moveItem(at: part, to: target)
                return .written
            } catch {
                try? FileManager.default.removeItem(at: part)
                return .failed
            }
        }, then: { [weak self] outcome in
            guard let self else { return }
            pending.remove(postID)
            switch outcome {
            case .present: saved.insert(postID)
            case .written:
                saved.insert(postID)
                written()
            case .failed: saved.remove(postID)
            }
        })
    }

    private enum Outcome: Sendable { case present, written, failed }
}
