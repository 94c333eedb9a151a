public import FeedCore
import Foundation
import Localization
import Synchronization

/// The `--events` log: one JSON object per line, written and flushed as things happen, from
/// any thread.
public final class JSONLinesEventLog: EventSink {
    private let descriptor: Mutex<Int32>
    private let clock: MonotonicClock

    public init(path: String, clock: MonotonicClock) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path,
                             NSLocalizedDescriptionKey: tr("Can’t write the events log {path}: {reason}",
                                                           ["reason": String(cString: strerror(errno)), "path": path])])
        }
        descriptor = Mutex(fd)
        self.clock = clock
    }

    deinit { descriptor.withLock { _ = close($0) } }

    public func emit(_ event: AppEvent) {
        let line = event.jsonLine(timeMicroseconds: clock.nowMicroseconds()) + "\n"
        descriptor.withLock { fd in
            // One write per line, unbuffered: a reader sees whole lines as they happen.
            var bytes = Array(line.utf8)
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
                if written <= 0 { break }
                offset += written
            }
        }
    }
}
