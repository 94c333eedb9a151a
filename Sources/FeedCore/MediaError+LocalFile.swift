import Foundation
import Localization

extension MediaError {
    /// Why the local file at `path` must not be handed to a player, or nil when it may be: only
    /// a regular, non-empty file that opens and reads is. GStreamer is never given a FIFO or a
    /// device to wait on, and a file it could not read is said in plain words, not in its own.
    public static func localFileProblem(atPath path: String) -> MediaError? {
        switch LocalFile.kind(atPath: path) {
        case .missing:
            return MediaError(kind: .notFound, message: tr("The video file can’t be found."), detail: path)
        case .folder:
            return MediaError(kind: .unreadable, message: tr("This is a folder, not a video file."), detail: path)
        case .pipe:
            // TRANSLATORS: a FIFO or a socket: something programs pass data through, not a file.
            return MediaError(kind: .unreadable, message: tr("This is a pipe between programs, not a video file."),
                              detail: path)
        case .device:
            return MediaError(kind: .unreadable, message: tr("This is a device, not a video file."), detail: path)
        case .unreachable(let error):
            return unreadable(path, errno: error)
        case .regular(let bytes):
            if bytes == 0 {
                return MediaError(kind: .corrupt, message: tr("This file is empty."), detail: path)
            }
            return LocalFile.readError(atPath: path).map { unreadable(path, errno: $0) }
        }
    }

    private static func unreadable(_ path: String, errno error: Int32) -> MediaError {
        let detail = path + ": " + String(cString: strerror(error))
        if error == EACCES || error == EPERM {
            return MediaError(kind: .unreadable, message: tr("Loopfeed isn’t allowed to read this file."), detail: detail)
        }
        return MediaError(kind: .unreadable, message: tr("This file can’t be read: the system reported an error."),
                          detail: detail)
    }
}
