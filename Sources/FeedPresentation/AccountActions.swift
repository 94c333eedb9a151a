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
        /// Offers to sign in when no account acts on a post that was liked.
        public var prompt: SignInPrompt?

        public init(accounts: @escaping @MainActor () -> [Account], outbox: any OutboxAdding,
                    say: @escaping @MainActor (String) -> Void, prompt: SignInPrompt? = nil) {
            self.prompt = prompt
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
        guard let remote = post.remote else { return }
        guard let account = Self.actingAccount(for: remote, among: deps.accounts()) else {
            // It stays on this computer, as before; the offer to sign in is made (once).
            if post.liked { deps.prompt?.actedWithoutAccount(on: remote, .like) }
            return
        }
        add(.rate(post: remote, liked: post.liked), by: account, postID: post.id)
    }

    public func canAct(on post: RemotePostRef) -> Bool {
        Self.actingAccount(for: post, among: deps.accounts()) != nil
    }

    public func commentWritten(_ comment: Comment, on post: RemotePostRef, replyTo: String?) {
        guard let account = Self.actingAccount(for: post, among: deps.accounts()) else {
            // It stays on this computer, as before; the offer to sign in is made (once).
            deps.prompt?.actedWithoutAccount(on: post, .comment)
            return
        }
        add(.comment(post: post, localID: comment.outboxID, text: comment.text, replyTo: replyTo), by: account,
            postID: comment.postID)
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

    public func channelFollowed(_ channel: RemoteActor, following: Bool) {
        guard let account = Self.followingAccount(for: channel, among: deps.accounts()) else { return }
        add(.follow(channel: channel.handle, following: following), by: account, postID: nil)
    }

    /// The account that follows `channel` on its network, or nil: it is followed here only. A
    /// PeerTube channel is followed by the account on its instance, else the first PeerTube
    /// account (subscriptions take any instance's channel); PeerTube subscribes to channels
    /// only, not accounts. A Loops profile by the account on its server, else the first Loops
    /// account (Loops finds another server's profile by its name@host).
    public nonisolated static func followingAccount(for channel: RemoteActor, among accounts: [Account]) -> Account? {
        let network: RemoteNetwork
        switch channel.kind {
        case .peertubeChannel: network = .peertube
        case .loopsProfile: network = .loops
        case .peertubeAccount: return nil
        }
        let sameNetwork = accounts.filter { $0.network == network }
        return sameNetwork.first { $0.host == channel.host } ?? sameNetwork.first
    }

    /// The account that acts on a post of `remote`'s network and server, or nil: it stays here.
    public nonisolated static func actingAccount(for remote: RemotePostRef, among accounts: [Account]) -> Account? {
        let sameNetwork = accounts.filter { $0.network == remote.network }
        if let onItsServer = sameNetwork.first(where: { $0.host == remote.host }) { return onItsServer }
        return remote.network == .peertube ? sameNetwork.first : nil
    }

    private func add(_ action: OutboxAction, by account: Account, postID: Int64?) {
        add(action, by: AccountKey(server: account.server, name: account.username), handle: account.handle, postID: postID)
    }

    private func add(_ action: OutboxAction, by account: AccountKey, handle: String, postID: Int64?) {
        do {
            try deps.outbox.add(action, account: account, postID: postID)
        } catch {
            // TRANSLATORS: {account} is name@host; the like or comment stays on this computer.
            deps.say(tr("Couldn’t keep this for {account}: it stays on this computer only ({error})",
                        ["account": handle, "error": error]))
        }
    }
}
