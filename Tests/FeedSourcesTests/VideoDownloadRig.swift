import FeedCore
@testable import FeedSources
import FeedTesting
import Foundation
import GLibKit
import TestSupport

/// The video cache over the scripted server and the client's real rules (`LimitedHTTPTransport`),
/// on a clock the test moves; the main loop still runs, for the cache's writer queue hands back to it.
@MainActor
final class VideoDownloadRig {
    let timers = ManualTimers()
    let server: FakeHTTPTransport
    let cache: VideoCache

    init(folder: URL, limit: Int64 = VideoCache.defaultLimit) {
        server = FakeHTTPTransport(timers: timers)
        cache = VideoCache(directory: folder, limit: limit, transport: LimitedHTTPTransport(over: server, timers: timers))
    }

    /// Runs the main loop, the server giving what is due on its clock, until `condition`.
    func run(until condition: () -> Bool, seconds: Double = 10) -> Bool {
        MainLoop.run(until: { timers.elapse(milliseconds: 0); return condition() }, timeoutSeconds: seconds)
    }

    /// Lets the main loop and the writer queue settle without moving the clock.
    func settle() { _ = run(until: { false }, seconds: 0.05) }

    func elapse(_ milliseconds: UInt32) {
        timers.elapse(milliseconds: milliseconds)
        settle()
    }

    /// A read on another thread (reads block), as GStreamer's streaming thread makes them.
    func startRead(_ bytes: any RemoteVideoBytes, offset: Int64, length: Int) -> Locked<VideoBytesRead?> {
        let result = Locked<VideoBytesRead?>(nil)
        DispatchQueue.global().async { result.value = bytes.read(offset: offset, length: length, isCancelled: { false }) }
        return result
    }

    func read(_ bytes: any RemoteVideoBytes, offset: Int64, length: Int) -> VideoBytesRead? {
        let result = startRead(bytes, offset: offset, length: length)
        _ = run(until: { result.value != nil })
        return result.value
    }

    func head(_ bytes: any RemoteVideoBytes) -> Result<RemoteVideoHead, MediaError>? {
        let result = Locked<Result<RemoteVideoHead, MediaError>?>(nil)
        bytes.whenHeadKnown { result.value = $0 }
        _ = run(until: { result.value != nil })
        return result.value
    }

    func ranges(_ url: URL) -> [String?] { server.requests(to: url).map { $0.headers["Range"] } }

    func file(_ url: URL, _ suffix: String = ".video") -> URL {
        cache.directory.appendingPathComponent(VideoCacheLayout.key(for: url.absoluteString) + suffix)
    }
}
