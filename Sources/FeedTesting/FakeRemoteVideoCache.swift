public import FeedCore
import Foundation
import Synchronization

/// A remote video cache in memory: each address's bytes are given by the test, released to
/// readers as the test says (a download arriving), or failed. Records what the feed asked.
@MainActor
public final class FakeRemoteVideoCache: RemoteVideoCache {
    public private(set) var focused: [(current: String?, upcoming: [String])] = []
    public private(set) var opened: [String] = []
    /// Addresses whose whole video counts as cached, with the file URI played for each.
    public var cachedFiles: [String: String] = [:]
    private var videos: [String: FakeRemoteVideo] = [:]

    public init() {}

    /// `available`: how many bytes readers may have now (nil: all).
    @discardableResult
    public func serve(_ address: String, bytes: [UInt8], available: Int? = nil, contentType: String? = "video/mp4") -> FakeRemoteVideo {
        let video = FakeRemoteVideo(address: address, bytes: bytes, available: available ?? bytes.count, contentType: contentType)
        videos[address] = video
        return video
    }

    public func cachedFileURI(for address: String) -> String? { cachedFiles[address] }
    public func isCached(_ address: String) -> Bool { cachedFiles[address] != nil }

    public func bytes(for address: String) -> any RemoteVideoBytes {
        opened.append(address)
        return videos[address] ?? serve(address, bytes: [])
    }

    public func focus(current: String?, upcoming: [String]) { focused.append((current, upcoming)) }
}

/// One fake download: reads block until the test releases their bytes.
public final class FakeRemoteVideo: RemoteVideoBytes {
    public let address: String
    private let data: [UInt8]
    private let contentType: String?
    private struct State {
        var available: Int
        var failure: MediaError?
        var waiting: [DispatchSemaphore] = []
        var blocked = 0
    }
    private let state: Mutex<State>

    init(address: String, bytes: [UInt8], available: Int, contentType: String?) {
        self.address = address
        data = bytes
        self.contentType = contentType
        state = Mutex(State(available: available))
    }

    /// Reads waiting for bytes now (a test waits on this fact instead of a while).
    public var blockedReads: Int { state.withLock { $0.blocked } }

    /// More of the download arrived.
    public func release(upTo count: Int) {
        state.withLock { $0.available = min(data.count, count) }
        wakeReaders()
    }

    public func fail(_ error: MediaError) {
        state.withLock { $0.failure = error }
        wakeReaders()
    }

    public func whenHeadKnown(_ body: @escaping @Sendable (Result<RemoteVideoHead, MediaError>) -> Void) {
        body(.success(RemoteVideoHead(length: Int64(data.count), contentType: contentType)))
    }

    public func read(offset: Int64, length: Int, isCancelled: @escaping @Sendable () -> Bool) -> VideoBytesRead {
        let start = Int(offset)
        guard start < data.count else { return .end }
        let end = min(data.count, start + length)
        var counted = false
        defer { if counted { state.withLock { $0.blocked -= 1 } } }
        while true {
            let semaphore = DispatchSemaphore(value: 0)
            let ready: VideoBytesRead? = state.withLock { state in
                if let failure = state.failure { return .failed(failure) }
                if state.available >= end { return .bytes(Array(data[start..<end])) }
                state.waiting.append(semaphore)
                if !counted { state.blocked += 1 }
                return nil
            }
            if let ready { return ready }
            counted = true
            _ = semaphore.wait(timeout: .now() + .milliseconds(100))
            if isCancelled() { return .cancelled }
        }
    }

    public func wakeReaders() {
        let waiting = state.withLock { state in
            defer { state.waiting.removeAll() }
            return state.waiting
        }
        for semaphore in waiting { semaphore.signal() }
    }
}
