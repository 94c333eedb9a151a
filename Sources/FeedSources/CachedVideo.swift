public import FeedCore
import Foundation
import Glibc
import Localization
import Synchronization

/// One remote video in the cache while it downloads: a `.part` file the download appends to,
/// renamed when complete, and read by the player at the same time (`RemoteVideoBytes`).
///
/// The download's writes run on the cache's writer queue; reads run on GStreamer's streaming
/// thread and block until their bytes are written. The file is opened once, read and written
/// with pread/pwrite, so the rename to the finished name never disturbs a reader.
public final class CachedVideo: RemoteVideoBytes {
    public let address: String
    /// The cache's name for it: a hash of the address, never a name from the feed.
    public let key: String
    let partFile: URL
    let finishedFile: URL

    private struct State {
        var descriptor: Int32 = -1
        /// Bytes written from the start of the file.
        var written: Int64 = 0
        var head: RemoteVideoHead?
        var complete = false
        var failure: MediaError?
        var headWaiters: [@Sendable (Result<RemoteVideoHead, MediaError>) -> Void] = []
        var readWaiters: [DispatchSemaphore] = []
        /// Why the video is in an unnamed scratch file, played but not kept (its cache folder
        /// can't be written); nil when it is the cache's `.part`.
        var notKept: CacheWriteError?
        /// Reads blocked now (a video being read is not evicted).
        var blockedReads = 0
        /// The download's attempts so far: a failure told for an earlier one is dropped.
        var attempt = 0
    }

    private let state = Mutex(State())
    /// A read had to wait for bytes past `offset`: the cache makes sure the download runs.
    let onStarved: @Sendable (_ neededUpTo: Int64) -> Void

    init(address: String, key: String, directory: URL, onStarved: @escaping @Sendable (Int64) -> Void) {
        self.address = address
        self.key = key
        partFile = directory.appendingPathComponent(key + ".part")
        finishedFile = directory.appendingPathComponent(key + VideoCacheLayout.finishedSuffix)
        self.onStarved = onStarved
    }

    deinit {
        let descriptor = state.withLock { $0.descriptor }
        if descriptor >= 0 { close(descriptor) }
    }

    // MARK: - The player's side

    public func whenHeadKnown(_ body: @escaping @Sendable (Result<RemoteVideoHead, MediaError>) -> Void) {
        let known: Result<RemoteVideoHead, MediaError>? = state.withLock { state in
            if let failure = state.failure { return .failure(failure) }
            if let head = state.head { return .success(head) }
            state.headWaiters.append(body)
            return nil
        }
        if let known { body(known) }
    }

    public func read(offset: Int64, length: Int, isCancelled: @escaping @Sendable () -> Bool) -> VideoBytesRead {
        var askedForMore = false
        while true {
            enum Step { case read(Int32, Int), end, failed(MediaError), wait(DispatchSemaphore) }
            let step: Step = state.withLock { state in
                if let failure = state.failure { return .failed(failure) }
                let total = state.head?.length
                if let total, offset >= total { return .end }
                let wanted = total.map { Int(min(Int64(length), $0 - offset)) } ?? length
                if state.written >= offset + Int64(wanted) { return .read(state.descriptor, wanted) }
                if state.complete { return state.written > offset ? .read(state.descriptor, Int(state.written - offset)) : .end }
                let semaphore = DispatchSemaphore(value: 0)
                state.readWaiters.append(semaphore)
                state.blockedReads += 1
                return .wait(semaphore)
            }
            switch step {
            case .read(let descriptor, let count):
                return Self.pread(descriptor, offset: offset, count: count)
            case .end:
                return .end
            case .failed(let error):
                return .failed(error)
            case .wait(let semaphore):
                if !askedForMore {
                    askedForMore = true
                    onStarved(offset + Int64(length))
                }
                // Woken by new bytes, a failure or `wakeReaders`; the timeout only bounds how
                // late a cancellation nobody announced is noticed.
                _ = semaphore.wait(timeout: .now() + .milliseconds(250))
                state.withLock { $0.blockedReads -= 1 }
                if isCancelled() { return .cancelled }
            }
        }
    }

    public func wakeReaders() {
        let waiters = state.withLock { state in
            defer { state.readWaiters.removeAll() }
            return state.readWaiters
        }
        for waiter in waiters { waiter.signal() }
    }

    private static func pread(_ descriptor: Int32, offset: Int64, count: Int) -> VideoBytesRead {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                Glibc.pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset) + off_t(done))
            }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else {
                return .failed(MediaError(kind: .network, message: tr("The downloaded video can’t be read back."),
                                          detail: String(cString: strerror(errno))))
            }
            done += got
        }
        return .bytes(bytes)
    }

    // MARK: - What the cache asks about it (any thread)

    /// Bytes on disk so far.
    var written: Int64 { state.withLock { $0.written } }
    var isComplete: Bool { state.withLock { $0.complete } }
    var failure: MediaError? { state.withLock { $0.failure } }
    var isBeingRead: Bool { state.withLock { $0.blockedReads > 0 } }
    var length: Int64? { state.withLock { $0.head?.length } }

    /// A new attempt at the download: readers wait for it instead of failing at once, and a
    /// failure of the attempt before, still on its way through the writer queue, is not told.
    func beginAttempt() -> Int {
        state.withLock { state in
            state.failure = nil
            state.attempt += 1
            return state.attempt
        }
    }

    // MARK: - The download's side (the writer queue)

    /// Opens what an earlier run left (a `.part` to resume); returns its size. A cache folder
    /// removed behind the app's back is made again; one that can't be written (read-only, or its
    /// disk gone) leaves the video to an unnamed scratch file: it plays, and is not kept.
    func openPart() throws -> Int64 {
        let existing = state.withLock { $0.descriptor }
        if existing >= 0 { return written }
        var descriptor = open(partFile.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        if descriptor < 0, errno == ENOENT {
            try? FileManager.default.createDirectory(at: partFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            descriptor = open(partFile.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        }
        var notKept: CacheWriteError?
        if descriptor < 0 {
            let refused = CacheWriteError(errno: errno)
            guard !refused.isDiskFull, let scratch = Self.scratchFile() else { throw refused }
            descriptor = scratch
            notKept = refused
        }
        let size = Int64(lseek(descriptor, 0, SEEK_END))
        state.withLock { state in
            state.descriptor = descriptor
            state.written = max(0, size)
            state.notKept = notKept
        }
        return max(0, size)
    }

    /// Why this video plays from a scratch file and is not kept; nil when the cache keeps it.
    var notKept: CacheWriteError? { state.withLock { $0.notKept } }

    /// An unnamed file in the temporary folder (made and unlinked at once): gone with its
    /// descriptor, so nothing is left behind.
    private static func scratchFile() -> Int32? {
        var template = Array((NSTemporaryDirectory() + "/loopfeed-video-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return descriptor
    }

    /// The answer's headers: the whole file's length, and whether the body starts over (a
    /// server that ignored the Range), in which case what was written goes.
    func began(length: Int64?, contentType: String?, restart: Bool) throws {
        let descriptor = state.withLock { $0.descriptor }
        if restart, ftruncate(descriptor, 0) != 0 { throw CacheWriteError(errno: errno) }
        let waiters: [@Sendable (Result<RemoteVideoHead, MediaError>) -> Void] = state.withLock { state in
            if restart { state.written = 0 }
            // Without a length the head is known only when the download ends.
            guard let length else { return [] }
            state.head = RemoteVideoHead(length: length, contentType: contentType)
            defer { state.headWaiters.removeAll() }
            return state.headWaiters
        }
        let head = RemoteVideoHead(length: length ?? 0, contentType: contentType)
        for waiter in waiters { waiter(.success(head)) }
    }

    func append(_ bytes: [UInt8]) throws {
        let (descriptor, offset) = state.withLock { ($0.descriptor, $0.written) }
        var done = 0
        while done < bytes.count {
            let put = bytes.withUnsafeBytes { buffer in
                pwrite(descriptor, buffer.baseAddress! + done, bytes.count - done, off_t(offset) + off_t(done))
            }
            if put < 0, errno == EINTR { continue }
            guard put > 0 else { throw CacheWriteError(errno: errno) }
            done += put
        }
        state.withLock { $0.written = offset + Int64(bytes.count) }
        wakeReaders()
    }

    /// The body ended: complete when it has the promised length, then renamed to its finished
    /// name. False when it came short (the next attempt resumes).
    func finished(contentType: String?) -> Bool {
        let (written, length, kept) = state.withLock { ($0.written, $0.head?.length, $0.notKept == nil) }
        if let length, written != length { return false }
        // The folder made read-only while it downloaded: the bytes are all there to play, in a
        // file that can't be named finished, so it is not kept (resuming would only refetch it).
        let renamed = !kept || rename(partFile.path, finishedFile.path) == 0
        let refused = renamed ? nil : CacheWriteError(errno: errno)
        let waiters = state.withLock { state in
            if let refused { state.notKept = refused }
            state.complete = true
            if state.head == nil { state.head = RemoteVideoHead(length: written, contentType: contentType) }
            defer { state.headWaiters.removeAll() }
            return (state.headWaiters, state.head!)
        }
        for waiter in waiters.0 { waiter(.success(waiters.1)) }
        wakeReaders()
        return true
    }

    /// `attempt`: the attempt that failed, when it may be an earlier one than now.
    func failed(_ error: MediaError, inAttempt attempt: Int? = nil) {
        let waiters: [@Sendable (Result<RemoteVideoHead, MediaError>) -> Void]? = state.withLock { state in
            if let attempt, attempt != state.attempt { return nil }
            state.failure = error
            defer { state.headWaiters.removeAll() }
            return state.headWaiters
        }
        guard let waiters else { return }
        for waiter in waiters { waiter(.failure(error)) }
        wakeReaders()
    }
}

/// Writing the cache failed (a full disk, most often).
struct CacheWriteError: Error {
    let errno: Int32
    var isDiskFull: Bool { errno == ENOSPC || errno == EDQUOT }
    var description: String { String(cString: strerror(errno)) }
}
