/// One action in the outbox, for one account, and where its sending stands.
public struct OutboxEntry: Equatable, Sendable, Identifiable {
    /// The order it was made in (the library's row id).
    public let id: Int64
    /// The library's post it was done on (the window's mark, the `outbox` event); nil for a follow.
    public var postID: Int64?
    /// The account that acts: its server's origin and its name there.
    public var account: AccountKey
    public var action: OutboxAction
    public var state: State
    /// Sendings begun so far.
    public var attempts = 0
    /// The account's token is to be renewed before the next sending (a 401 was met once).
    public var renewTokenFirst = false
    /// A sending was under way when the app stopped: it may have reached the server, so a
    /// comment's thread is read before it is sent again.
    public var mayHaveBeenSent = false
    /// When the last sending began (wall clock, ms since 1970): a comment that may have reached
    /// the server is looked for in its thread from a little before then.
    public var lastAttemptMs: Int64?

    public enum State: Equatable, Sendable {
        case queued
        case sending
        /// To be sent again at `atMs` (monotonic), after a network error, a 5xx or a 429.
        case retrying(atMs: Int64, reason: String)
        /// The server has it; its id for a comment.
        case sent(remoteID: String?)
        /// The server said no for good, in its words: the window offers undo or retry.
        case refused(reason: String)
        /// The account's sign-in is no longer taken: waits, kept, until the user signs in again.
        case needsSignIn
        /// Never sent, and never will be: undone before it left (a comment deleted while queued).
        case dropped

        /// Still to be sent (or being sent).
        public var isPending: Bool {
            switch self {
            case .queued, .sending, .retrying, .needsSignIn: true
            case .sent, .refused, .dropped: false
            }
        }

        /// For the `outbox` event: queued, sent or refused.
        public var eventName: String {
            switch self {
            case .queued, .sending, .retrying, .needsSignIn: "queued"
            case .sent: "sent"
            case .refused, .dropped: "refused"
            }
        }
    }

    public init(id: Int64, account: AccountKey, action: OutboxAction, state: State = .queued, postID: Int64? = nil) {
        self.id = id
        self.postID = postID
        self.account = account
        self.action = action
        self.state = state
    }
}

/// An account: the server's origin and the account's name there.
public struct AccountKey: Hashable, Sendable {
    public var server: String
    public var name: String

    public init(server: String, name: String) {
        self.server = server
        self.name = name
    }
}
