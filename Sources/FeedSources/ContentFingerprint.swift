public import Foundation
import GLibKit

/// A fingerprint of a file's bytes that is cheap for a 2 GB video: SHA-256 over its size, its
/// first and its last 64 KiB. Two copies of a video match; two different videos of the same
/// length do not (a container's header and index differ with the content). Reads the file:
/// worker threads only.
public enum ContentFingerprint {
    static let chunk = 64 * 1024

    /// nil when the file can't be read.
    public static func of(_ file: URL) -> String? {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return nil }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd() else { return nil }
        let checksum = Checksum()
        checksum.update(Array("\(size):".utf8))
        do {
            try handle.seek(toOffset: 0)
            checksum.update(Array(try handle.read(upToCount: chunk) ?? Data()))
            if size > UInt64(chunk) {
                try handle.seek(toOffset: max(UInt64(chunk), size - UInt64(chunk)))
                checksum.update(Array(try handle.read(upToCount: chunk) ?? Data()))
            }
        } catch {
            return nil
        }
        return checksum.hexDigest()
    }
}
