import Foundation
import Localization

/// Something the cache could not keep (a video still, a channel's picture): the disk is full,
/// or the cache folder can't be written (made read-only, or gone with a disk). Nothing the
/// user made is in the cache, so the app goes on without it and makes it again when shown;
/// the window says it once, so a grid of empty tiles is not a mystery.
public enum CacheWriteProblem: Error, Equatable, Sendable, CustomStringConvertible {
    case diskFull(path: String)
    case notWritable(path: String, detail: String)

    /// The problem writing `error` into `folder`.
    public static func from(_ error: any Error, folder: String) -> CacheWriteProblem {
        if RecorderError.isOutOfSpace(error) { return .diskFull(path: folder) }
        return .notWritable(path: folder, detail: (error as NSError).localizedDescription)
    }

    public var description: String {
        switch self {
        case .diskFull:
            tr("The disk is full, so video stills can’t be kept in the cache. Free some space: they are made again when shown.")
        case .notWritable(let path, _):
            tr("The cache folder {path} can’t be written, so video stills can’t be kept. They are made again when shown once it can be.",
               ["path": ShownText.oneLine(path)])
        }
    }

    /// The words for the log.
    public var detail: String {
        switch self {
        case .diskFull(let path): "disk full: \(path)"
        case .notWritable(let path, let detail): "\(path): \(detail)"
        }
    }
}
