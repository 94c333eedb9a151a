public import FeedCore
import Foundation

/// Where a comment written here stands with the post's network, for the small mark under it:
/// drawn from the outbox's entry that writes it.
public enum CommentDelivery: Equatable {
    /// A comment on a post of this computer: nothing to say.
    case local
    /// On a network's post with no account to send it: "Only on this computer".
    case onlyHere
    /// In the outbox, on its way (or waiting to be tried again).
    case sending
    /// The account must sign in again before it goes.
    case waitingForSignIn
    /// The server has it, as `remoteID` where it said.
    case sent(remoteID: String?)
    /// The server said no, in its words.
    case refused(reason: String)

    /// `comment`'s standing: the latest outbox entry that writes it, on a network's post.
    public static func of(_ comment: Comment, onRemotePost remote: Bool, in entries: [OutboxEntry]) -> CommentDelivery {
        guard remote else { return .local }
        guard let entry = writing(comment, in: entries) else { return .onlyHere }
        return switch entry.state {
        case .queued, .sending, .retrying: .sending
        case .needsSignIn: .waitingForSignIn
        case .sent(let remoteID): .sent(remoteID: remoteID)
        case .refused(let reason): .refused(reason: reason)
        case .dropped: .onlyHere
        }
    }

    /// The outbox entry that writes `comment`, if it was given to the outbox.
    public static func writing(_ comment: Comment, in entries: [OutboxEntry]) -> OutboxEntry? {
        let localID = comment.outboxID
        return entries.last { entry in
            guard entry.postID == comment.postID, case .comment(_, localID, _, _) = entry.action else { return false }
            return true
        }
    }

    /// The servers' ids of the comments the outbox wrote on `postID` (their copies in the
    /// network's thread are the comments shown here already).
    public static func sentIDs(onPost postID: Int64, in entries: [OutboxEntry]) -> Set<String> {
        Set(entries.compactMap { entry in
            guard entry.postID == postID, case .comment = entry.action, case .sent(let remoteID?) = entry.state else { return nil }
            return remoteID
        })
    }

    /// The comments the outbox wrote and sent on `postID` by their author (the account, as
    /// `name@host`) and text (`RemoteCommentThreads.copyKey`): a copy read from another instance
    /// than the account's has that instance's id, not the one the account's server gave.
    public static func sentCopies(onPost postID: Int64, in entries: [OutboxEntry]) -> Set<String> {
        Set(entries.compactMap { entry in
            guard entry.postID == postID, case .comment(_, _, let text, _) = entry.action, case .sent = entry.state,
                  let host = URL(string: entry.account.server).flatMap(RemoteHost.host(of:)) else { return nil }
            return RemoteCommentThreads.copyKey(handle: entry.account.name + "@" + host, text: text)
        })
    }
}
