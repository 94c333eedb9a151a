public import FeedCore
public import Foundation
import Localization

/// Sends the outbox (issue 23): every action is in the library before it goes, and every step
/// of its sending is written before the next, as `OutboxRules` decide: in order per post, one at
/// a time per account, again after a network error, a 5xx or a 429 (after its Retry-After), once
/// with a renewed token after a 401, refused with the server's reason on any other 4xx. Each
/// change is reported as an `outbox` event. Over the app's one HTTP client, on the main loop.
@MainActor
public final class OutboxSender {
    public struct Dependencies {
        public var http: any HTTPTransport
        public var store: any OutboxStoring
        public var accounts: any AccountTokenProviding
        public var timers: any Timers
        public var events: (any EventSink)?
        /// The wall clock: retry times are kept in the library, across restarts.
        public var now: @MainActor () -> Date

        public init(http: any HTTPTransport, store: any OutboxStoring, accounts: any AccountTokenProviding,
                    timers: any Timers, events: (any EventSink)? = nil, now: @escaping @MainActor () -> Date = { Date() }) {
            self.http = http
            self.store = store
            self.accounts = accounts
            self.timers = timers
            self.events = events
            self.now = now
        }
    }

    /// The outbox as it stands, oldest first (the window's marks read it).
    public private(set) var entries: [OutboxEntry] = []
    /// Told of each entry that changed (its mark to redraw).
    public var onChange: (@MainActor (OutboxEntry) -> Void)?
    /// Also told of each entry that changed (the comments sheet's marks).
    private var watchers: [@MainActor (OutboxEntry) -> Void] = []
    private let dependencies: Dependencies
    private let peertube: PeerTubeOutboxCalls
    private let loops: LoopsOutboxCalls
    private var retryTimer: (any TimerToken)?
    private var retryDueMs: Int64?
    private var started = false

    public init(_ dependencies: Dependencies) {
        self.dependencies = dependencies
        peertube = PeerTubeOutboxCalls(http: dependencies.http, now: dependencies.now)
        loops = LoopsOutboxCalls(http: dependencies.http, now: dependencies.now)
    }

    private var nowMs: Int64 { Int64((dependencies.now().timeIntervalSince1970 * 1000).rounded()) }

    /// Reads the outbox from the library and starts sending. A sending under way when the app
    /// last stopped is queued again, marked as maybe sent; a retry is not put off past the
    /// longest backoff (the wall clock may have been set back).
    public func start() throws {
        let stored = try dependencies.store.outboxEntries()
        let latest = nowMs + OutboxRules.longestBackoffMs
        entries = OutboxRules.afterRestart(stored).map { entry in
            guard case .retrying(let atMs, let reason) = entry.state, atMs > latest else { return entry }
            var entry = entry
            entry.state = .retrying(atMs: latest, reason: reason)
            return entry
        }
        for (before, after) in zip(stored, entries) where before != after { save(after) }
        started = true
        pump()
    }

    /// Writes `action` to the outbox (before anything is sent: a failure to write is the
    /// caller's to say) and sends it when its turn comes.
    public func add(_ action: OutboxAction, account: AccountKey, postID: Int64?) throws {
        let written = try dependencies.store.addToOutbox(action, account: account, postID: postID)
        for entry in written {
            if let index = entries.firstIndex(where: { $0.id == entry.id }) { entries[index] = entry } else { entries.append(entry) }
            report(entry)
        }
        pump()
    }

    /// The account signed in again: what waited for it goes.
    public func signedIn(_ account: AccountKey) {
        apply(OutboxRules.signedIn(account, entries))
        pump()
    }

    /// Sends a refused entry again (the window's Retry).
    public func retry(_ id: OutboxEntry.ID) {
        apply(OutboxRules.retry(id, in: entries))
        pump()
    }

    /// Stops sending: nothing new begins; what is under way ends as it will and is recorded.
    public func stop() {
        started = false
        retryTimer?.cancel()
        retryTimer = nil
        retryDueMs = nil
    }

    // MARK: - Sending

    private func pump() {
        guard started else { return }
        while let id = OutboxRules.next(in: entries, nowMs: nowMs), let index = entries.firstIndex(where: { $0.id == id }) {
            let previous = entries[index]
            var entry = OutboxRules.sending(previous)
            entry.lastAttemptMs = nowMs
            entries[index] = entry
            guard save(entry) else {
                // Not recorded as under way: it is not sent (a crash then could send it twice).
                finish(id, .unreachable(tr("the library could not be written")))
                continue
            }
            begin(entry, mayBeThereSince: previous.mayHaveBeenSent
                  ? Date(timeIntervalSince1970: Double(previous.lastAttemptMs ?? entry.lastAttemptMs ?? 0) / 1000) : nil)
        }
        armRetry()
    }

    private func begin(_ entry: OutboxEntry, mayBeThereSince: Date?) {
        let id = entry.id
        guard let network = dependencies.accounts.network(of: entry.account),
              let home = URL(string: entry.account.server) else { return needsSignIn(id) }
        dependencies.accounts.accessToken(for: entry.account, renewing: entry.renewTokenFirst) { [weak self] token in
            guard let self else { return }
            switch token {
            case .failure(.unreachable(_, let failure)): finish(id, .unreachable(failure.description))
            case .failure: needsSignIn(id)
            case .success(let token):
                let job = OutboxJob(entry: entry, home: home, token: token, mayBeThereSince: mayBeThereSince,
                                    sentComments: sentComments(of: entry.account)) { [weak self] outcome in
                    self?.finish(id, outcome)
                }
                switch network {
                case .peertube: peertube.perform(job)
                case .loops: loops.perform(job)
                }
            }
        }
    }

    private func finish(_ id: OutboxEntry.ID, _ outcome: OutboxRules.Outcome) {
        apply(OutboxRules.after(outcome, of: id, in: entries, nowMs: nowMs))
        pump()
    }

    /// The account's sign-in is not taken (or it is signed out): its entries wait, kept.
    private func needsSignIn(_ id: OutboxEntry.ID) {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
        // As a 401 after the renewal: every pending entry of the account waits for a sign-in.
        entries[index].renewTokenFirst = true
        finish(id, .unauthorized)
    }

    /// The server's ids of the account's sent comments, by local id (a delete of one goes by it).
    private func sentComments(of account: AccountKey) -> [String: SentComment] {
        var sent: [String: SentComment] = [:]
        for entry in entries where entry.account == account {
            if case .comment(_, let localID, _, let replyTo) = entry.action, case .sent(let remoteID?) = entry.state {
                sent[localID] = SentComment(remoteID: remoteID, replyTo: replyTo)
            }
        }
        return sent
    }

    // MARK: - Recording

    /// Takes `updated` as the outbox, writing and reporting each entry that changed.
    private func apply(_ updated: [OutboxEntry]) {
        let before = Dictionary(entries.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        entries = updated
        for entry in updated where before[entry.id] != entry {
            save(entry)
            report(entry)
        }
    }

    @discardableResult
    private func save(_ entry: OutboxEntry) -> Bool {
        do {
            try dependencies.store.saveOutboxEntry(entry)
            return true
        } catch {
            dependencies.events?.emit(.error(kind: "outbox", message: tr("The outbox could not be written"), postID: entry.postID,
                                             detail: String(describing: error)))
            return false
        }
    }

    private func report(_ entry: OutboxEntry) {
        onChange?(entry)
        for watcher in watchers { watcher(entry) }
        guard entry.state != .sending else { return }
        let reason: String = switch entry.state {
        case .retrying(_, let reason), .refused(let reason): reason
        case .needsSignIn: tr("waiting for a sign-in")
        default: ""
        }
        dependencies.events?.emit(.outbox(action: entry.action.name, postID: entry.postID, state: entry.state.eventName,
                                          attempt: entry.attempts, entry: entry.id, reason: reason))
    }

    /// A timer for the next retry due, if none sooner is set.
    private func armRetry() {
        guard started, let due = OutboxRules.nextRetryMs(in: entries) else { return }
        if let retryDueMs, retryDueMs <= due, retryTimer != nil { return }
        retryTimer?.cancel()
        retryDueMs = due
        let wait = UInt32(clamping: max(0, due - nowMs))
        retryTimer = dependencies.timers.after(milliseconds: wait) { [weak self] in
            guard let self else { return }
            retryTimer = nil
            retryDueMs = nil
            pump()
        }
    }
}

extension OutboxSender: OutboxAdding, OutboxWatching {
    public func watch(_ observer: @escaping @MainActor (OutboxEntry) -> Void) {
        watchers.append(observer)
    }
}
