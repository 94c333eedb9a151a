/// Why a post can't play, in words for the error card.
public struct MediaError: Error, Equatable, Sendable {
    public enum Kind: String, Sendable {
        case notFound = "not_found"
        case missingPlugin = "missing_plugin"
        case corrupt = "corrupt"
        case noVideo = "no_video"
        case other = "playback"
        /// Not a file a player may open (a folder, a FIFO, a device), or one the system refuses
        /// to read (permissions, a failing disk).
        case unreadable = "unreadable"
        /// A remote video's download failed (the server, the connection, the disk); Retry may help.
        case network = "network"
        /// No connection, and the video is not in the cache.
        case offline = "offline"
        /// A network's video nothing here plays (`UnplayableVideo`): a live stream, no file, a
        /// format the players don't take. Never tried, so never retried.
        case unplayable = "unplayable"
    }

    public let kind: Kind
    /// A sentence for people.
    public let message: String
    /// GStreamer's own text, for the log.
    public let detail: String

    /// Whether trying again may help (the error card offers Retry).
    public var isRetryable: Bool { kind == .network || kind == .offline }

    /// Whether the post's own file is what fails (gone, or not something that can be played):
    /// the error card offers to take it out of the feed.
    public var isAboutTheFile: Bool { kind == .notFound || kind == .unreadable }

    public init(kind: Kind, message: String, detail: String = "") {
        self.kind = kind
        self.message = message
        self.detail = detail
    }
}
