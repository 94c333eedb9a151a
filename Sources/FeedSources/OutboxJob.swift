import FeedCore
import Foundation
import XMLKit

/// One network's way of carrying out outbox actions for an account (PeerTube, Loops).
@MainActor
protocol OutboxCalls: AnyObject {
    /// Sends `job`'s action and calls `job.finish` once with what came of it.
    func perform(_ job: OutboxJob)
}

/// One sending of an outbox entry: the action, where and as whom it goes, what the outbox knows
/// that it needs, and where its outcome goes (once).
@MainActor
final class OutboxJob {
    let entry: OutboxEntry
    /// The account's home server (its origin).
    let home: URL
    let token: String
    /// Set when an earlier sending of this comment may have reached the server: look for it in
    /// its thread from this time on before sending it again.
    let mayBeThereSince: Date?
    /// The account's comments that were sent, by their local ids.
    let sentComments: [String: SentComment]
    private var ended = false
    private let ending: @MainActor (OutboxRules.Outcome) -> Void

    init(entry: OutboxEntry, home: URL, token: String, mayBeThereSince: Date?, sentComments: [String: SentComment],
         finish: @escaping @MainActor (OutboxRules.Outcome) -> Void) {
        self.entry = entry
        self.home = home
        self.token = token
        self.mayBeThereSince = mayBeThereSince
        self.sentComments = sentComments
        self.ending = finish
    }

    func finish(_ outcome: OutboxRules.Outcome) {
        guard !ended else { return }
        ended = true
        ending(outcome)
    }

    func url(_ path: String) -> URL { home.appendingPathComponent(path) }

    /// The server's id of a comment to delete; nil when it never reached the server (refused,
    /// dropped), so there is nothing to delete.
    func remoteCommentID(_ comment: OutboxAction.CommentHandle) -> String? {
        switch comment {
        case .remote(let id): id
        case .local(let id): sentComments[id]?.remoteID
        }
    }

    /// The comment a comment to delete answered, when the outbox sent it (Loops deletes a reply
    /// under its parent).
    func parentOfComment(_ comment: OutboxAction.CommentHandle) -> String? {
        if case .local(let id) = comment { sentComments[id]?.replyTo } else { nil }
    }

    /// The account's name on its home server.
    var accountName: String { entry.account.name }
}

/// A comment the outbox sent: the server's id, and the comment it answered.
struct SentComment: Equatable {
    var remoteID: String
    var replyTo: String?
}

/// Whether a comment that may have been sent is on the server.
enum CommentSearchResult {
    case found(remoteID: String)
    case absent
    /// The thread could not be read: the sending waits as any other would.
    case failed(OutboxRules.Outcome)
}

/// Comment texts compared as a reader sees them: the server's HTML made plain, white space
/// collapsed.
enum CommentText {
    static func same(_ html: String, as written: String) -> Bool {
        normalized(HTMLText.plain(html)) == normalized(written)
    }

    static func normalized(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
