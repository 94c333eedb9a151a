public import FeedCore

/// What a like or a follow was done on, for its mark: a library post, or a network's channel
/// by its `name@host`.
public enum ActedOn: Hashable, Sendable {
    case post(Int64)
    case channel(String)
}

/// Where the latest like (or follow) of a post (or channel) stands with its network, for the
/// small mark by its button (issue 23): drawn from the outbox entry that carries it.
public enum ActionDelivery: Equatable, Sendable {
    /// Nothing to say: never given to the outbox, sent a while ago, or undone.
    case none
    /// In the outbox, not sent yet (or waiting to be tried again).
    case waiting
    /// The account must sign in again before it goes.
    case waitingForSignIn
    /// Just sent: said for a moment, then `none`.
    case sent
    /// The server said no, in its words: Retry sends it again, Undo turns it back here.
    case refused(reason: String)

    /// The latest outbox entry that carries a like of `subject` (a `.post`) or a follow of it
    /// (a `.channel`).
    public static func entry(for subject: ActedOn, in entries: [OutboxEntry]) -> OutboxEntry? {
        entries.last { entry in
            switch (subject, entry.action) {
            case (.post(let id), .rate): entry.postID == id
            case (.channel(let handle), .follow(let channel, _)): channel == handle
            default: false
            }
        }
    }

    /// `entry`'s standing; a sent one only while `justSent` (the mark says so for a moment).
    public static func of(_ entry: OutboxEntry?, justSent: Bool) -> ActionDelivery {
        guard let entry else { return .none }
        return switch entry.state {
        case .queued, .sending, .retrying: .waiting
        case .needsSignIn: .waitingForSignIn
        case .sent: justSent ? .sent : .none
        case .refused(let reason): .refused(reason: reason)
        case .dropped: .none
        }
    }
}
