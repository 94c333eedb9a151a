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
    /// The server's ids of the account's comments that were sent, by their local ids.
    let sentComments: [String: String]
    private var ended = false
    private let ending: @MainActor (OutboxRules.Outcome) -> Void

    init(entry: OutboxEntry, home: URL, token: String, mayBeThereSince: Date?, sentComments: [String: String],
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
        case .local(let id): sentComments[id]
        }
    }

    /// The account's name on its home server.
    var accountName: String { entry.account.name }
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
