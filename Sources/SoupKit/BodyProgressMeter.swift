import FeedCore

/// How much of one sending's request body libsoup wrote ("wrote-body-data", a few KB at a time),
/// told to the caller at most once per `intervalMilliseconds`: the first piece at once, then what
/// was written by the end of each interval, so a fast loopback upload does not flood the main
/// loop. The head's arrival tells what is left untold first; nothing is told after it.
@MainActor
final class BodyProgressMeter {
    static let intervalMilliseconds: UInt32 = 100

    private let total: Int64
    private let timers: any Timers
    private var handler: (@MainActor (HTTPUploadProgress) -> Void)?
    private var sent: Int64 = 0
    private var told: Int64?
    /// Open while an interval runs: what is written meanwhile waits for its end.
    private var interval: (any TimerToken)?

    init(total: Int, timers: any Timers, handler: @escaping @MainActor (HTTPUploadProgress) -> Void) {
        self.total = Int64(total)
        self.timers = timers
        self.handler = handler
    }

    func wrote(_ count: Int) {
        sent = min(total, sent + Int64(count))
        guard interval == nil else { return }
        tell()
        openInterval()
    }

    /// libsoup sends the message again (a kept-alive connection closed under it): the body goes
    /// again from its first byte.
    func restart() {
        sent = 0
    }

    /// The answer's head came: the body is all written; what is left untold goes now.
    func finish() {
        interval?.cancel()
        interval = nil
        tell()
        handler = nil
    }

    /// The exchange ended without an answer, or was sent anew: nothing more is told.
    func stop() {
        interval?.cancel()
        interval = nil
        handler = nil
    }

    private func tell() {
        guard let handler, sent != told else { return }
        told = sent
        handler(HTTPUploadProgress(sent: sent, total: total))
    }

    private func openInterval() {
        interval = timers.after(milliseconds: Self.intervalMilliseconds) { [weak self] in
            guard let self else { return }
            interval = nil
            guard handler != nil, sent != told else { return }
            tell()
            openInterval()
        }
    }
}
