import FeedCore
import Foundation
import GStreamerKit

/// Remote videos: the pipeline reads the cache's bytes through an appsrc once the download
/// knows the file's length.
extension PlaybackEngine {
    /// A remote video: the pipeline starts once the download knows the file's length, reading
    /// the cache's bytes through an appsrc (the load timeout counts from there; connecting has
    /// its own).
    func load(_ bytes: any RemoteVideoBytes, source: UInt64) {
        begin(uri: bytes.address, source: source)
        loaded = .stream(bytes)
        bytes.whenHeadKnown { [weak self] head in
            guard let self else { return }
            thread.invoke { self.assumeIsolated { $0.streamHeadKnown(head, bytes: bytes, source: source) } }
        }
    }

    private func streamHeadKnown(_ head: Result<RemoteVideoHead, MediaError>, bytes: any RemoteVideoBytes, source: UInt64) {
        guard source == self.source, phase == .loading else { return }
        switch head {
        case .failure(let error):
            fail(error)
        case .success(let head):
            report?(.loading(source: source))
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
            // Its own address each time, so playbin makes a new source rather than keep the last
            // one; named with the container's extension, which the type-finder tries first: in
            // pull mode it would otherwise try every type, and some read the end of the file,
            // which would wait for the whole download.
            open("appsrc://loopfeed/\(source)" + Self.containerExtension(head.contentType, address: bytes.address))
        }
    }

    /// ".mp4", ".webm" ...: the container the server's Content-Type names, else the address's own
    /// extension; "" when neither says.
    static func containerExtension(_ contentType: String?, address: String) -> String {
        let type = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        switch type {
        case "video/mp4", "video/x-m4v": return ".mp4"
        case "video/quicktime": return ".mov"
        case "video/webm": return ".webm"
        case "video/x-matroska": return ".mkv"
        default:
            let path = URL(string: address)?.path ?? ""
            let ext = (path as NSString).pathExtension.lowercased()
            return ["mp4", "m4v", "mov", "webm", "mkv", "ogv"].contains(ext) ? "." + ext : ""
        }
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
