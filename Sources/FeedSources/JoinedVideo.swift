public import FeedCore
import Foundation
import Glibc
import Localization
import Synchronization

/// A video whose picture and sound are two files (`JoinedTracks`) as the player reads it: nothing
/// until both are downloaded and joined into one MP4 in the cache, then that file's bytes. The
/// player waits on `whenHeadKnown` as for any download; the join's failure is its error.
public final class JoinedVideo: RemoteVideoBytes {
    public let address: String
    let file: URL

    private struct State {
        var descriptor: Int32 = -1
        var head: RemoteVideoHead?
        var failure: MediaError?
        var headWaiters: [@Sendable (Result<RemoteVideoHead, MediaError>) -> Void] = []
        var readWaiters: [DispatchSemaphore] = []
    }

    private let state = Mutex(State())

    init(address: String, file: URL) {
        self.address = address
        self.file = file
    }

    deinit {
        let descriptor = state.withLock { $0.descriptor }
        if descriptor >= 0 { close(descriptor) }
    }

    var isDone: Bool { state.withLock { $0.head != nil || $0.failure != nil } }
    var failure: MediaError? { state.withLock { $0.failure } }

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
        while true {
            enum Step { case read(Int32, Int), end, failed(MediaError), wait(DispatchSemaphore) }
            let step: Step = state.withLock { state in
                if let failure = state.failure { return .failed(failure) }
                guard let head = state.head else {
                    let semaphore = DispatchSemaphore(value: 0)
                    state.readWaiters.append(semaphore)
                    return .wait(semaphore)
                }
                if offset >= head.length { return .end }
                return .read(state.descriptor, Int(min(Int64(length), head.length - offset)))
            }
            switch step {
            case .read(let descriptor, let count):
                var bytes = [UInt8](repeating: 0, count: count)
                var done = 0
                while done < count {
                    let got = bytes.withUnsafeMutableBytes { Glibc.pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset) + off_t(done)) }
                    if got < 0, errno == EINTR { continue }
                    guard got > 0 else {
                        return .failed(MediaError(kind: .network, message: tr("The downloaded video can’t be read back."),
                                                  detail: String(cString: strerror(errno))))
                    }
                    done += got
                }
                return .bytes(bytes)
            case .end:
                return .end
            case .failed(let error):
                return .failed(error)
            case .wait(let semaphore):
                _ = semaphore.wait(timeout: .now() + .milliseconds(250))
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

    /// The joined file is in the cache: readers get its bytes (any thread).
    func joined() {
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            return failed(MediaError(kind: .network, message: tr("The downloaded video can’t be read back."),
                                     detail: String(cString: strerror(errno))))
        }
        let length = Int64(lseek(descriptor, 0, SEEK_END))
        let head = RemoteVideoHead(length: max(0, length), contentType: "video/mp4")
        let waiters = state.withLock { state in
            state.descriptor = descriptor
            state.head = head
            defer { state.headWaiters.removeAll() }
            return state.headWaiters
        }
        for waiter in waiters { waiter(.success(head)) }
        wakeReaders()
    }

    func failed(_ error: MediaError) {
        let waiters = state.withLock { state in
            guard state.failure == nil, state.head == nil else { return [@Sendable (Result<RemoteVideoHead, MediaError>) -> Void]() }
            state.failure = error
            defer { state.headWaiters.removeAll() }
            return state.headWaiters
        }
        for waiter in waiters { waiter(.failure(error)) }
        wakeReaders()
    }
}
