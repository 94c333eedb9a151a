/// The outbox's decisions, pure so they are tested without a server or a clock: what an added
/// action does to what waits, which entry goes next, what an answer does to it, and what a
/// restart finds. The sender (FeedSources) carries them out and the library keeps the result.
public enum OutboxRules {
    /// How a sending ended.
    public enum Outcome: Equatable, Sendable {
        case done(remoteID: String?)
        /// No answer: no connection, a timeout, a stall.
        case unreachable(String)
        /// A 5xx.
        case serverError(status: Int)
        /// A 429 or 503, with the Retry-After it gave (milliseconds).
        case busy(retryAfterMs: Int64?)
        case unauthorized
        /// It is not there (a comment to delete that is gone is as good as deleted).
        case notFound
        /// Any other 4xx, with the server's words.
        case refused(status: Int, message: String)
    }

    /// The longest wait between two sendings (a server's Retry-After is obeyed up to it).
    public static let longestBackoffMs: Int64 = 5 * 60_000
    /// The longest wait of the outbox's own, after a lost connection or a server error: once a
    /// server is back, what waited for it goes within a minute (at five minutes, a home instance
    /// down for three left a like, a follow and a comment waiting 78 s after it came back).
    public static let longestOwnBackoffMs: Int64 = 60_000

    /// 2 s after the first failure, doubling, at most a minute.
    public static func backoffMs(afterAttempts attempts: Int) -> Int64 {
        let exponent = min(max(attempts - 1, 0), 16)
        return min(2_000 << Int64(exponent), longestOwnBackoffMs)
    }

    /// `entries` with `action` added as `id`: a state (like, follow) replaces one of the same
    /// subject not yet under way, and undoes one the server refused (the refused one is dropped:
    /// the server never took it, so there is nothing to take back there); deleting a comment that
    /// never left drops both; else appended.
    public static func adding(_ action: OutboxAction, id: Int64, account: AccountKey,
                              to entries: [OutboxEntry]) -> [OutboxEntry] {
        var entries = entries
        if action.isState, let index = entries.lastIndex(where: {
            $0.account == account && $0.action.subject == action.subject && $0.action.isState && $0.state != .dropped
        }), case .refused = entries[index].state, entries[index].action.reversed == action {
            entries[index].state = .dropped
            return entries
        }
        if action.isState, let index = entries.lastIndex(where: {
            $0.account == account && $0.action.subject == action.subject && $0.action.isState && $0.state.waitsUnsent
        }) {
            entries[index].action = action
            return entries
        }
        if case .deleteComment(_, .local(let localID)) = action, let index = entries.firstIndex(where: {
            if case .comment(_, localID, _, _) = $0.action { return $0.account == account } else { return false }
        }), entries[index].state.waitsUnsent, !entries[index].mayHaveBeenSent {
            entries[index].state = .dropped
            return entries
        }
        entries.append(OutboxEntry(id: id, account: account, action: action))
        return entries
    }

    /// The entry to send now: the oldest due one whose subject has nothing older pending (one
    /// waiting for its retry holds back its post's later ones, not the account's other posts),
    /// and whose account is not already sending or waiting for a sign-in.
    public static func next(in entries: [OutboxEntry], nowMs: Int64) -> OutboxEntry.ID? {
        let ordered = entries.sorted { $0.id < $1.id }
        let busyAccounts = Set(ordered.filter { $0.state == .sending || $0.state == .needsSignIn }.map(\.account))
        var blockedSubjects = Set<String>()
        for entry in ordered where entry.state.isPending {
            let subject = entry.account.server + "|" + entry.action.subject
            defer { blockedSubjects.insert(subject) }
            guard !busyAccounts.contains(entry.account), !blockedSubjects.contains(subject) else { continue }
            switch entry.state {
            case .queued: return entry.id
            case .retrying(let atMs, _) where atMs <= nowMs: return entry.id
            default: break
            }
        }
        return nil
    }

    /// When the next retry is due, for a timer; nil when none waits.
    public static func nextRetryMs(in entries: [OutboxEntry]) -> Int64? {
        entries.compactMap { if case .retrying(let atMs, _) = $0.state { atMs } else { nil } }.min()
    }

    /// `entry` as its sending begins.
    public static func sending(_ entry: OutboxEntry) -> OutboxEntry {
        var entry = entry
        entry.state = .sending
        entry.attempts += 1
        return entry
    }

    /// `entries` after `id`'s sending ended with `outcome` at `nowMs`: done, retried later
    /// (network, 5xx, 429 after its Retry-After), sent again once after renewing the token on a
    /// 401 (a second 401 leaves every pending entry of the account waiting for a sign-in), or
    /// refused with the server's words.
    public static func after(_ outcome: Outcome, of id: OutboxEntry.ID, in entries: [OutboxEntry],
                             nowMs: Int64) -> [OutboxEntry] {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return entries }
        var entries = entries
        var entry = entries[index]
        entry.mayHaveBeenSent = false
        switch outcome {
        case .done(let remoteID):
            entry.state = .sent(remoteID: remoteID)
            entry.renewTokenFirst = false
        case .notFound:
            if case .deleteComment = entry.action {
                entry.state = .sent(remoteID: nil)
            } else {
                entry.state = .refused(reason: "not found")
            }
        case .unreachable(let reason):
            entry.state = .retrying(atMs: nowMs + backoffMs(afterAttempts: entry.attempts), reason: reason)
            // The request may have reached the server and only its answer been lost (a cut
            // connection, a timeout): a comment's thread is read before it goes again.
            if case .comment = entry.action { entry.mayHaveBeenSent = true }
        case .serverError(let status):
            entry.state = .retrying(atMs: nowMs + backoffMs(afterAttempts: entry.attempts), reason: "HTTP \(status)")
        case .busy(let retryAfterMs):
            let wait = retryAfterMs.map { min(max($0, 0), longestBackoffMs) } ?? backoffMs(afterAttempts: entry.attempts)
            entry.state = .retrying(atMs: nowMs + wait, reason: "busy")
        case .unauthorized:
            if entry.renewTokenFirst {
                entry.renewTokenFirst = false
                entries[index] = entry
                for other in entries.indices where entries[other].account == entry.account && entries[other].state.isPending {
                    entries[other].state = .needsSignIn
                }
                return entries
            }
            entry.renewTokenFirst = true
            entry.state = .queued
        case .refused(_, let message):
            entry.state = .refused(reason: message)
        }
        entries[index] = entry
        return entries
    }

    /// What a launch finds: a sending under way when the app stopped is queued again, marked as
    /// maybe sent.
    public static func afterRestart(_ entries: [OutboxEntry]) -> [OutboxEntry] {
        entries.map { entry in
            guard entry.state == .sending else { return entry }
            var entry = entry
            entry.state = .queued
            entry.mayHaveBeenSent = true
            return entry
        }
    }

    /// The account signed in again: what waited for it is queued.
    public static func signedIn(_ account: AccountKey, _ entries: [OutboxEntry]) -> [OutboxEntry] {
        entries.map { entry in
            guard entry.account == account, entry.state == .needsSignIn else { return entry }
            var entry = entry
            entry.state = .queued
            return entry
        }
    }

    /// Retry, from the window, of a refused entry.
    public static func retry(_ id: OutboxEntry.ID, in entries: [OutboxEntry]) -> [OutboxEntry] {
        entries.map { entry in
            guard entry.id == id, case .refused = entry.state else { return entry }
            var entry = entry
            entry.state = .queued
            return entry
        }
    }
}

extension OutboxEntry.State {
    /// Not under way and not finished: still only on this computer.
    var waitsUnsent: Bool {
        switch self {
        case .queued, .retrying, .needsSignIn: true
        default: false
        }
    }
}
