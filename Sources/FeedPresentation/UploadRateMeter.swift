/// An upload's rate for its time left, over its last seconds rather than from its start. The
/// first moments of a run are left out: the system takes the first megabytes into its send
/// buffer at once, and a rate counted from them says the upload ends far sooner than it will.
struct UploadRateMeter {
    /// The send buffer fills in the first moments; half a second is past it on any line.
    static let settleMicroseconds: Int64 = 500_000
    static let windowMicroseconds: Int64 = 10_000_000
    /// Progress comes with every few kilobytes written; the rate needs a point every so often.
    static let sampleMicroseconds: Int64 = 250_000
    /// A rate over less time than this swings with every write.
    static let shortestSpanSeconds = 0.5

    private var runStart: Int64?
    private var samples: [(us: Int64, bytes: Int64)] = []

    /// A new run: the upload waited, or went again from the start.
    mutating func reset() {
        runStart = nil
        samples = []
    }

    /// Seconds until `total` bytes are on the server, or nil while too little is known.
    mutating func secondsLeft(nowMicroseconds now: Int64, bytes: Int64, total: Int64) -> Double? {
        if let last = samples.last, bytes < last.bytes { reset() }
        guard let runStart else {
            self.runStart = now
            return nil
        }
        guard now - runStart >= Self.settleMicroseconds else { return nil }
        if samples.last.map({ now - $0.us >= Self.sampleMicroseconds }) ?? true {
            samples.append((now, bytes))
        }
        // The newest point older than the window stays as the window's start.
        while samples.count > 2, samples[1].us <= now - Self.windowMicroseconds { samples.removeFirst() }
        guard let first = samples.first else { return nil }
        let elapsed = Double(now - first.us) / 1_000_000
        let sent = bytes - first.bytes
        guard sent > 0, elapsed >= Self.shortestSpanSeconds else { return nil }
        return Double(max(total - bytes, 0)) / (Double(sent) / elapsed)
    }
}
