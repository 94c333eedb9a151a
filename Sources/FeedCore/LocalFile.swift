import Foundation

/// What a local path is and whether it can be read, found without ever waiting on it.
///
/// Opening a FIFO for reading waits for a writer, forever if none comes; a device such as
/// /dev/zero reads without end. So nothing that may block or never end is opened or handed to
/// GStreamer: `kind` asks with `stat` (which follows links and never waits), and only a regular
/// file is opened, without blocking, to read one byte.
public enum LocalFile {
    public enum Kind: Sendable, Equatable {
        case regular(bytes: Int64)
        case folder
        /// A FIFO (named pipe) or a socket.
        case pipe
        /// A character or block device (/dev/zero, a disk).
        case device
        case missing
        /// `stat` itself failed for another reason (a folder on the way that can't be entered).
        case unreachable(errno: Int32)
    }

    /// What `path` is, following symbolic links.
    public static func kind(atPath path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let error = errno
            return error == ENOENT || error == ENOTDIR || error == ELOOP ? .missing : .unreachable(errno: error)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular(bytes: Int64(info.st_size))
        case S_IFDIR: return .folder
        case S_IFIFO, S_IFSOCK: return .pipe
        default: return .device
        }
    }

    /// nil when the regular file at `path` opens and its first byte reads; else the errno that
    /// refused it (EACCES: the file's permissions, or a file nobody may read such as a
    /// write-only sysfs attribute; EIO: a failing disk). Call it only for a regular file.
    public static func readError(atPath path: String) -> Int32? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return errno }
        defer { close(descriptor) }
        var byte: UInt8 = 0
        return pread(descriptor, &byte, 1, 0) < 0 ? errno : nil
    }
}
