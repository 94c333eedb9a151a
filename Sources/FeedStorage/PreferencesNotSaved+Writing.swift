import FeedCore
import Foundation

extension PreferencesNotSaved {
    /// Why `file` was not written: a full disk (the error says so, or its disk has no space
    /// left), or another failure in the system's words.
    static func writing(_ file: URL, failure: (any Error)?) -> PreferencesNotSaved {
        if let failure, Self.meansDiskFull(failure) { return .diskFull(path: file.path) }
        var disk = statvfs()
        if statvfs(file.deletingLastPathComponent().path, &disk) == 0, disk.f_bavail == 0 {
            return .diskFull(path: file.path)
        }
        return .notWritable(path: file.path, detail: failure.map { "\($0)" } ?? "the file was not written again")
    }

    private static func meansDiskFull(_ error: any Error) -> Bool {
        let error = error as NSError
        if error.domain == NSCocoaErrorDomain, error.code == NSFileWriteOutOfSpaceError { return true }
        if error.domain == NSPOSIXErrorDomain, error.code == Int(ENOSPC) || error.code == Int(EDQUOT) { return true }
        return (error.userInfo[NSUnderlyingErrorKey] as? any Error).map(meansDiskFull) ?? false
    }
}

/// Which file is at a path, and when it was last written: a key file replaced by a write has a
/// new inode or time.
struct FileStamp: Equatable {
    let inode: UInt64
    let seconds: Int
    let nanoseconds: Int

    init?(_ file: URL) {
        var info = stat()
        guard stat(file.path, &info) == 0 else { return nil }
        inode = UInt64(info.st_ino)
        seconds = info.st_mtim.tv_sec
        nanoseconds = info.st_mtim.tv_nsec
    }
}
