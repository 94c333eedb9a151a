public import FeedCore
public import Foundation

/// The outbox table (migration 9) over the library's connection: each action written before
/// it is sent, each step of its sending written before the next, so a restart (even after
/// kill -9) finds every action and a sending that was under way (`OutboxRules.afterRestart`).
public final class OutboxStore: OutboxStoring {
    private let connection: SQLiteConnection
    private let now: () -> Date

    public init(connection: SQLiteConnection, now: @escaping () -> Date = { Date() }) {
        self.connection = connection
        self.now = now
    }

    public func outboxEntries() throws -> [OutboxEntry] {
        try connection.query("\(Self.select) ORDER BY id", row: Self.entry).compactMap { $0 }
    }

    public func addToOutbox(_ action: OutboxAction, account: AccountKey, postID: Int64?) throws -> [OutboxEntry] {
        try connection.transaction {
            let before = try connection.query(
                "\(Self.select) WHERE account_server = ? AND account_name = ? AND state != 'dropped' ORDER BY id",
                [account.server, account.name], row: Self.entry).compactMap { $0 }
            // The id is the row's; a new entry is told apart by this placeholder until inserted.
            let after = OutboxRules.adding(action, id: -1, account: account, to: before)
            var written: [OutboxEntry] = []
            for entry in after where !before.contains(entry) {
                if entry.id == -1 {
                    var fresh = entry
                    fresh.postID = postID
                    try insert(fresh)
                    written.append(OutboxEntry(copying: fresh, id: connection.lastInsertRowID))
                } else {
                    try saveOutboxEntry(entry)
                    written.append(entry)
                }
            }
            return written
        }
    }

    public func saveOutboxEntry(_ entry: OutboxEntry) throws {
        let state = StateColumns(entry.state)
        let action = ActionColumns(entry.action)
        try connection.run("""
            UPDATE outbox SET post_id = ?, kind = ?, post_network = ?, post_host = ?, post_api = ?, post_key = ?,
                post_short = ?, channel = ?, turned_on = ?, local_comment_id = ?, text = ?, reply_to = ?,
                target_comment = ?, target_is_local = ?, state = ?, retry_at_ms = ?, reason = ?, remote_id = ?,
                attempts = ?, renew_token_first = ?, may_have_been_sent = ?, last_attempt_ms = ?
            WHERE id = ?
            """, [entry.postID as any SQLiteBindable] + action.values + state.values
                + [entry.attempts, entry.renewTokenFirst, entry.mayHaveBeenSent, entry.lastAttemptMs, entry.id])
    }

    private func insert(_ entry: OutboxEntry) throws {
        let state = StateColumns(entry.state)
        let action = ActionColumns(entry.action)
        try connection.run("""
            INSERT INTO outbox (account_server, account_name, post_id, kind, post_network, post_host, post_api, post_key,
                post_short, channel, turned_on, local_comment_id, text, reply_to, target_comment, target_is_local,
                state, retry_at_ms, reason, remote_id, attempts, renew_token_first, may_have_been_sent,
                last_attempt_ms, created_ms)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [entry.account.server, entry.account.name, entry.postID as any SQLiteBindable] + action.values + state.values
                + [entry.attempts, entry.renewTokenFirst, entry.mayHaveBeenSent, entry.lastAttemptMs, now()])
    }

    // MARK: - Rows

    private static let select = """
        SELECT id, account_server, account_name, post_id, kind, post_network, post_host, post_api, post_key, post_short,
            channel, turned_on, local_comment_id, text, reply_to, target_comment, target_is_local, state, retry_at_ms,
            reason, remote_id, attempts, renew_token_first, may_have_been_sent, last_attempt_ms
        FROM outbox
        """

    /// A row as an entry; nil for one this build cannot read (a kind or state of a newer one),
    /// which stays in the table untouched.
    private static func entry(_ row: SQLiteRow) -> OutboxEntry? {
        let account = AccountKey(server: row.string(1), name: row.string(2))
        let post = row.isNull(8) ? nil : RemotePostRef(
            network: RemoteNetwork(rawValue: row.string(5)) ?? .peertube, host: row.string(6),
            apiBase: URL(string: row.string(7)) ?? URL(fileURLWithPath: "/"), id: row.string(8),
            shortUUID: row.optionalString(9))
        let action: OutboxAction? = switch row.string(4) {
        case "rate": post.map { .rate(post: $0, liked: row.bool(11)) }
        case "comment": post.map { .comment(post: $0, localID: row.string(12), text: row.string(13), replyTo: row.optionalString(14)) }
        case "delete_comment":
            post.map { .deleteComment(post: $0, comment: row.bool(16) ? .local(row.string(15)) : .remote(row.string(15))) }
        case "follow": .follow(channel: row.string(10), following: row.bool(11))
        default: nil
        }
        guard let action else { return nil }
        let reason = row.optionalString(19) ?? ""
        let state: OutboxEntry.State? = switch row.string(17) {
        case "queued": .queued
        case "sending": .sending
        case "retrying": .retrying(atMs: row.int64(18), reason: reason)
        case "sent": .sent(remoteID: row.optionalString(20))
        case "refused": .refused(reason: reason)
        case "needs_sign_in": .needsSignIn
        case "dropped": .dropped
        default: nil
        }
        guard let state else { return nil }
        var entry = OutboxEntry(id: row.int64(0), account: account, action: action, state: state,
                                postID: row.isNull(3) ? nil : row.int64(3))
        entry.attempts = row.int(21)
        entry.renewTokenFirst = row.bool(22)
        entry.mayHaveBeenSent = row.bool(23)
        entry.lastAttemptMs = row.isNull(24) ? nil : row.int64(24)
        return entry
    }

    /// The action's columns, in the order `saveOutboxEntry` and `insert` write them (kind first).
    private struct ActionColumns {
        var values: [any SQLiteBindable]

        init(_ action: OutboxAction) {
            func post(_ ref: RemotePostRef) -> [any SQLiteBindable] {
                [ref.network.rawValue, ref.host, ref.apiBase.absoluteString, ref.id, ref.shortUUID]
            }
            let noPost: [any SQLiteBindable] = [String?.none, String?.none, String?.none, String?.none, String?.none]
            let none = String?.none
            switch action {
            case .rate(let ref, let liked):
                values = ["rate"] + post(ref) + [none, liked, none, none, none, none, Bool?.none]
            case .comment(let ref, let localID, let text, let replyTo):
                values = ["comment"] + post(ref) + [none, Bool?.none, localID, text, replyTo, none, Bool?.none]
            case .deleteComment(let ref, let comment):
                let (target, isLocal): (String, Bool) = switch comment {
                case .local(let id): (id, true)
                case .remote(let id): (id, false)
                }
                values = ["delete_comment"] + post(ref) + [none, Bool?.none, none, none, none, target, isLocal]
            case .follow(let channel, let following):
                values = ["follow"] + noPost + [channel, following, none, none, none, none, Bool?.none]
            }
        }
    }

    /// The state's columns: its name, the retry's time, the reason, the server's id.
    private struct StateColumns {
        var values: [any SQLiteBindable]

        init(_ state: OutboxEntry.State) {
            let none = String?.none
            values = switch state {
            case .queued: ["queued", Int64?.none, none, none]
            case .sending: ["sending", Int64?.none, none, none]
            case .retrying(let atMs, let reason): ["retrying", atMs, reason, none]
            case .sent(let remoteID): ["sent", Int64?.none, none, remoteID]
            case .refused(let reason): ["refused", Int64?.none, reason, none]
            case .needsSignIn: ["needs_sign_in", Int64?.none, none, none]
            case .dropped: ["dropped", Int64?.none, none, none]
            }
        }
    }
}

extension OutboxEntry {
    /// `entry` under the id the library gave it.
    init(copying entry: OutboxEntry, id: Int64) {
        self.init(id: id, account: entry.account, action: entry.action, state: entry.state, postID: entry.postID)
        attempts = entry.attempts
        renewTokenFirst = entry.renewTokenFirst
        mayHaveBeenSent = entry.mayHaveBeenSent
        lastAttemptMs = entry.lastAttemptMs
    }
}
