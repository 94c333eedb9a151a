public import Foundation

/// What a remote video's download said about it once its headers came.
public struct RemoteVideoHead: Sendable, Equatable {
    /// The whole file's length in bytes.
    public var length: Int64
    /// The server's Content-Type ("video/mp4"), when it gave one.
    public var contentType: String?

    public init(length: Int64, contentType: String?) {
        self.length = length
        self.contentType = contentType
    }
}

/// What a read of a remote video's bytes gave.
public enum VideoBytesRead: Sendable, Equatable {
    case bytes([UInt8])
    /// Past the last byte.
    case end
    case failed(MediaError)
    /// The reader gave up (its stream was flushed or closed) before the bytes came.
    case cancelled
}

/// A remote video's bytes while they download into the cache, read by the player on GStreamer's
/// streaming threads. The download writes once; playing reads what it wrote, so a video is never
/// fetched twice for playing and for keeping.
public protocol RemoteVideoBytes: AnyObject, Sendable {
    /// The remote address (what the page shows and reports).
    var address: String { get }
    /// Calls `body`, on any thread and once, when the length is known or the download failed.
    func whenHeadKnown(_ body: @escaping @Sendable (Result<RemoteVideoHead, MediaError>) -> Void)
    /// Blocks until `length` bytes from `offset` have arrived (fewer at the end of the file),
    /// the download fails, or `isCancelled()` says to stop.
    func read(offset: Int64, length: Int, isCancelled: @escaping @Sendable () -> Bool) -> VideoBytesRead
    /// Wakes blocked readers so they look at `isCancelled` again.
    func wakeReaders()
}

/// The cache of remote videos as players and pages see it (FeedSources' VideoCache).
@MainActor
public protocol RemoteVideoCache: AnyObject {
    /// The downloaded file's URI, when the whole video is in the cache (and marks it used).
    func cachedFileURI(for address: String) -> String?
    /// The video's bytes as they download; the download starts, or goes on, for it.
    func bytes(for address: String) -> any RemoteVideoBytes
    /// Whether the whole video is in the cache.
    func isCached(_ address: String) -> Bool
    /// The post on screen and the ones after it: `current` is never evicted and downloads in
    /// full; once it has, the first part of each of `upcoming` is fetched; prefetches of posts
    /// no longer upcoming stop.
    func focus(current: String?, upcoming: [String])
}

extension String {
    /// http: or https:, the addresses the cache downloads.
    public var isWebAddress: Bool {
        let lower = prefix(8).lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }
}

/// Images the web gives (a video's still from its feed, a channel's picture), fetched once into
/// the cache (FeedSources' WebImageCache).
@MainActor
public protocol WebImageFetching: AnyObject {
    /// `then` gets the image's file, or nil when it can't be had (not an image, too large, offline).
    func image(at address: String, then: @escaping @MainActor (URL?) -> Void)
}
