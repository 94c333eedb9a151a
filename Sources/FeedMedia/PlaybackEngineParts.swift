import FeedCore
import Foundation
import GStreamerKit
import Synchronization

/// The engine's current remote feed and the download error it met, shared with GStreamer's
/// threads (source-setup, the streaming thread's reads).
final class StreamFeedSlot: Sendable {
    private let current = Mutex<RandomAccessFeed?>(nil)
    let failure = FailureMark()

    var feed: RandomAccessFeed? {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }
}

final class FailureMark: Sendable {
    private let error = Mutex<MediaError?>(nil)
    var value: MediaError? { error.withLock { $0 } }
    func store(_ value: MediaError?) { error.withLock { $0 = value } }
}

/// A URI that names a local file.
enum FileURI {
    /// The path of a file:// URI (percent-decoded), nil for any other.
    static func localPath(_ uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return url.path
    }
}

/// Frames that reached the receiver since the clip began: written by the streaming thread,
/// read by the player thread.
final class FrameCount: Sendable {
    private let count = Atomic<Int>(0)
    var value: Int { count.load(ordering: .acquiring) }
    func add() { count.add(1, ordering: .releasing) }
    func reset() { count.store(0, ordering: .releasing) }
}
