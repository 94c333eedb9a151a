public import FeedCore

/// The marks by the like and follow buttons (issue 23): where each post's like and each
/// channel's follow stands in the outbox, told to the views as the outbox changes. A sent one is
/// said for a moment and then no longer (the button's own state says the rest); a refused one
/// can be sent again (Retry) or turned back here (Undo: the view's owner sets the state this
/// returns, through the usual path, and the outbox drops the refused entry, `OutboxRules.adding`).
@MainActor
public final class ActionDeliveryMarks {
    /// How long "Sent" shows.
    public static let sentShownMs: UInt32 = 3_000

    private let outbox: any OutboxWatching
    private let timers: any Timers
    private let actions: (any NetworkActing)?
    /// Entries whose sending ended well while the window watched, still said as "Sent".
    private var justSent: Set<OutboxEntry.ID> = []
    /// Each observer with its owner: it goes with its owner (a Following window closed).
    private var observers: [(owner: Weak, tell: @MainActor (ActedOn) -> Void)] = []

    private struct Weak {
        weak var object: AnyObject?
    }

    public init(outbox: any OutboxWatching, timers: any Timers, actions: (any NetworkActing)? = nil) {
        self.outbox = outbox
        self.timers = timers
        self.actions = actions
        outbox.watch { [weak self] entry in self?.changed(entry) }
    }

    /// `observer` is told which subject's mark changed, for as long as `owner` lives.
    public func observe(by owner: AnyObject, _ observer: @escaping @MainActor (ActedOn) -> Void) {
        observers.removeAll { $0.owner.object == nil }
        observers.append((Weak(object: owner), observer))
    }

    public func delivery(of subject: ActedOn) -> ActionDelivery {
        let entry = ActionDelivery.entry(for: subject, in: outbox.entries)
        return ActionDelivery.of(entry, justSent: entry.map { justSent.contains($0.id) } ?? false)
    }

    /// Whether a like of `post` goes to the user's account (a mark may come by its heart).
    public func likeIsSent(_ post: Post) -> Bool {
        guard let remote = post.remote else { return false }
        return actions?.canAct(on: remote) ?? false
    }

    /// What a follow of `post`'s creator goes to the account as (the "+" follows their channel),
    /// so the mark by the avatar can say where it stands; nil where no account of the user's acts.
    public func followSubject(of post: Post) -> ActedOn? {
        guard likeIsSent(post), let actor = RemoteAuthor.actor(of: post) else { return nil }
        return .channel(actor.handle)
    }

    /// Whether `post`'s like stays on this computer only: a network's post liked here that no
    /// account of the user's acts on (the button says so; signing in is offered by SignInPrompt).
    public func likeStaysHere(_ post: Post) -> Bool {
        post.liked && post.remote != nil && !likeIsSent(post)
    }

    /// Sends the refused like or follow of `subject` again.
    public func retry(_ subject: ActedOn) {
        guard let entry = ActionDelivery.entry(for: subject, in: outbox.entries), case .refused = entry.state else { return }
        outbox.retry(entry.id)
    }

    /// The like (or follow) `subject` goes back to on Undo: the other way from the refused one;
    /// nil when nothing of it was refused.
    public func undoing(_ subject: ActedOn) -> Bool? {
        guard let entry = ActionDelivery.entry(for: subject, in: outbox.entries), case .refused = entry.state else { return nil }
        return switch entry.action {
        case .rate(_, let liked): !liked
        case .follow(_, let following): !following
        case .comment, .deleteComment: nil
        }
    }

    private func changed(_ entry: OutboxEntry) {
        let subject: ActedOn
        switch entry.action {
        case .rate:
            guard let postID = entry.postID else { return }
            subject = .post(postID)
        case .follow(let channel, _):
            subject = .channel(channel)
        case .comment, .deleteComment:
            return
        }
        if case .sent = entry.state, !justSent.contains(entry.id) {
            justSent.insert(entry.id)
            let id = entry.id
            timers.after(milliseconds: Self.sentShownMs) { [weak self] in
                guard let self, justSent.remove(id) != nil else { return }
                tell(subject)
            }
        }
        tell(subject)
    }

    private func tell(_ subject: ActedOn) {
        for observer in observers where observer.owner.object != nil { observer.tell(subject) }
    }
}
