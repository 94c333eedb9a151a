import FeedCore
import Foundation

/// One change to GSettings' key file, made so that a failed write can't cost what the file held.
///
/// GLib's key file backend replaces the file through GIO, and on a full disk GIO renames the
/// copy it could not write (empty) over the file and only warns: every preference was gone, and
/// the file's new inode looked like a write that worked. So a change that can't fit is refused
/// before it is made; the file as it was is kept aside as a hard link (which takes no space) and
/// put back when what was written is not a whole key file.
struct KeyFileWrite {
    let file: URL
    /// Room a write needs beyond the file's own size.
    static let margin: UInt64 = 16 * 1024

    func perform(_ change: () -> Void) throws(PreferencesNotSaved) {
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.uint64Value ?? 0
        var disk = statvfs()
        if statvfs(file.deletingLastPathComponent().path, &disk) == 0,
           UInt64(disk.f_bavail) * UInt64(disk.f_frsize) < size + Self.margin {
            throw .diskFull(path: file.path)
        }
        let before = FileStamp(file)
        let kept = file.path + ".kept"
        unlink(kept)
        let isKept = before != nil && link(file.path, kept) == 0
        defer { if isKept { unlink(kept) } }
        change()
        guard let after = FileStamp(file), after != before else {
            throw PreferencesNotSaved.writing(file, failure: nil)
        }
        guard Self.isWhole(file) else {
            if isKept { rename(kept, file.path) }
            throw PreferencesNotSaved.writing(file, failure: nil)
        }
    }

    /// What GKeyFile writes: a group header, and a last line ended (a write cut short isn't).
    static func isWhole(_ file: URL) -> Bool {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return false }
        return text.hasPrefix("[") && text.hasSuffix("\n")
    }
}
