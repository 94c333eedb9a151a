import FeedCore
import GStreamerKit

/// Remote videos: the pipeline reads the cache's bytes through an appsrc once the download
/// knows the file's length.
extension PlaybackEngine {
    /// Asks the current clip's download for its length; the answer comes back on this thread.
    func awaitStreamHead(_ source: UInt64) {
        guard let bytes = streamBytes else { return }
        bytes.whenHeadKnown { [weak self] head in
            guard let self else { return }
            thread.invoke { self.assumeIsolated { $0.apply(.streamHead(source: source, head)) } }
        }
    }

    /// The appsrc playbin makes for the next URI reads the download's bytes (source-setup).
    func feedStream(_ head: RemoteVideoHead) {
        guard let bytes = streamBytes else { return }
        let failure = streamFeed.failure
        streamFeed.feed = RandomAccessFeed(length: head.length, reader: {
            offset, length, isCancelled in
            switch bytes.read(offset: offset, length: length, isCancelled: isCancelled) {
            case .bytes(let data): return .bytes(data)
            case .end: return .end
            case .cancelled: return .cancelled
            case .failed(let error):
                failure.store(error)
                return .failed(error.detail)
            }
        }, wake: { bytes.wakeReaders() })
    }

    /// Ends the remote feed before a state change: a read waiting for bytes returns and the
    /// source ends its stream, so the streaming threads can be joined. What the old stream posts
    /// meanwhile is dropped with the rest of its messages (`begin`).
    func closeFeed() {
        streamFeed.feed?.close()
        streamFeed.feed = nil
        streamFeed.failure.store(nil)
    }
}
