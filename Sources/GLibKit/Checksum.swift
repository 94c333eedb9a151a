import CGLib

/// SHA-256 over chunks of bytes (GChecksum), as lowercase hex or as bytes.
public struct Checksum: ~Copyable {
    private let checksum: OpaquePointer

    public init() {
        checksum = g_checksum_new(G_CHECKSUM_SHA256)
    }

    deinit { g_checksum_free(checksum) }

    public func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { g_checksum_update(checksum, $0.baseAddress, gssize($0.count)) }
    }

    /// The digest's 32 bytes (after it, nothing more can be added).
    public func digest() -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 32)
        var length = gsize(bytes.count)
        bytes.withUnsafeMutableBufferPointer { g_checksum_get_digest(checksum, $0.baseAddress, &length) }
        return Array(bytes.prefix(Int(length)))
    }

    /// The digest of everything added so far.
    public func hexDigest() -> String {
        String(cString: g_checksum_get_string(checksum))
    }
}
