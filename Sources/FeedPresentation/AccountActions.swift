public import FeedCore
import Foundation
import Localization

/// Which of the user's accounts acts on a remote post, and its action written to the outbox.
/// A PeerTube post is acted on by the account on its own instance, else by the first PeerTube
/// account (its home instance finds the video by its address and federates the action); a Loops
/// post only by an account on the same server (Loops' API looks up no other server's video). An
/// account that must sign in again still takes the action: it waits in the outbox until then.
@MainActor
public final class AccountActions: NetworkActing {
    public struct Dependencies {
        /// The accounts signed in to, in the order they were added.
        public var accounts: @MainActor () -> [Account]
        public var outbox: any OutboxAdding
        /// Where the window says what could not be kept (and the `error` event tells it).
        public var say: @MainActor (String) -> Void

        public init(accounts: @escaping @MainActor () -> [Account], outbox: any OutboxAdding,
                    say: @escaping @MainActor (String) -> Void) {
            self.accounts = accounts
            self.outbox = outbox
            self.say = say
        }
    }

    private let deps: Dependencies

    public init(_ dependencies: Dependencies) {
        deps = dependencies
    }

    public func postLiked(_ post: Post) {
        guard let remote = post.remote, let account = Self.actingAccount(for: remote, among: deps.accounts()) else { return }
        add(.rate(post: remote, liked: post.liked), by: Self.key(account), handle: account.handle, postID: post.id)
    }

    public func canAct(on post: RemotePostRef) -> Bool {
        Self.actingAccount(for: post, among: deps.accounts()) != nil
    }

    public func commentWritten(_ comment: Comment, on post: RemotePostRef, replyTo: String?) {
        guard let account = Self.actingAccount(for: post, among: deps.accounts()) else { return }
        add(.comment(post: post, localID: comment.outboxID, text: comment.text, replyTo: replyTo), by: Self.key(account),
            handle: account.handle, postID: comment.postID)
    }

    /// Deleted by the account that sent it (whoever acts on the post now); one the server refused
    /// never reached it, and one never given to the outbox (no account then) stays here.
    public func commentDeleted(_ comment: Comment, on post: RemotePostRef) {
        let localID = comment.outboxID
        guard let written = deps.outbox.entries.last(where: {
            if case .comment(_, localID, _, _) = $0.action { $0.postID == comment.postID } else { false }
        }) else { return }
        switch written.state {
        case .refused, .dropped: return
        default: break
        }
        add(.deleteComment(post: post, comment: .local(localID)), by: written.account,
            handle: written.account.name + "@" + (URL(string: written.account.server).flatMap(RemoteHost.host(of:)) ?? written.account.server),
            postID: comment.postID)
    }

    /// The account that acts on a post of `remote`'s network and server, or nil: it stays here.
    public nonisolated static func actingAccount(for remote: RemotePostRef, among accounts: [Account]) -> Account? {
        let sameNetwork = accounts.filter { $0.network == remote.network }
        if let onItsServer = sameNetwork.first(where: { $0.host == remote.host }) { return onItsServer }
        return remote.network == .peertube ? sameNetwork.first : nil
    }

    private static func key(_ account: Account) -> AccountKey {
        AccountKey(server: account.server, name: account.username)
    }

    private func add(_ action: OutboxAction, by account: AccountKey, handle: String, postID: Int64) {
        do {
            try deps.outbox.add(action, account: account, postID: postID)
        } catch {
            // TRANSLATORS: {account} is name@host; the like or comment stays on this computer.
            deps.say(tr("Couldn’t keep this for {account}: it stays on this computer only ({error})",
                        ["account": handle, "error": error]))
        }
    }
}
