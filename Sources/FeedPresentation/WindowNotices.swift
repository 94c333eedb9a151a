public import Foundation

/// What the services behind the window have to say that belongs to no screen of their own (a
/// cache folder that can't be written, a sound server that went away): kept until the window
/// is up, and each sentence said once in a while, not once for every tile of a grid that met
/// the same problem. The window shows it above every page and writes an `error` event.
@MainActor
public final class WindowNotices {
    /// How long the same sentence is not said again.
    public static let quietSeconds: TimeInterval = 30

    private var pending: [(kind: String, message: String)] = []
    private var lastSaid: [String: Date] = [:]
    private let now: () -> Date

    /// Set by the window; what was said before it is told at once.
    public var show: ((_ kind: String, _ message: String) -> Void)? {
        didSet {
            guard let show else { return }
            let waiting = pending
            pending = []
            for notice in waiting { show(notice.kind, notice.message) }
        }
    }

    public init(now: @escaping () -> Date = Date.init) {
        self.now = now
    }

    /// Says `message` (of `kind`, the error event's) unless it was said in the last 30 s.
    public func say(kind: String, _ message: String) {
        let time = now()
        if let last = lastSaid[message], time.timeIntervalSince(last) < Self.quietSeconds { return }
        lastSaid[message] = time
        if let show { show(kind, message) } else { pending.append((kind, message)) }
    }
}
