public import FeedCore
public import Foundation
import Localization

/// The comments of one post and what can be done to them: paged newest first, written, liked,
/// deleted with an undo. It decides and stores; `CommentsSheet` only shows what it reports.
///
/// A deletion is final only once its undo is gone: the 5 s count from when the undo is on screen
/// (`undoShown`), stop while the pointer or the keyboard is on it (`holdUndo`), and start again,
/// whole, once they leave; another deletion, another post or the sheet closing end it at once.
@MainActor
public final class CommentsStore {
    public struct Dependencies {
        public var repository: FeedRepository
        public var events: EventSink?
        public var timers: Timers
        public var selfHandle: String
        public var now: () -> Date = { Date() }
        /// Asks a remote post's network for its threads (nil: only what was written here shows).
        public var reader: (any RemotePostReading)?
        /// Where a comment on a remote post goes on to the user's account (nil: it stays here).
        public var actions: (any NetworkActing)?
        /// Where those comments' sendings stand (their marks).
        public var outbox: (any OutboxWatching)?

        public init(repository: FeedRepository, events: EventSink?, timers: Timers, selfHandle: String,
                    now: @escaping () -> Date = { Date() }, reader: (any RemotePostReading)? = nil,
                    actions: (any NetworkActing)? = nil, outbox: (any OutboxWatching)? = nil) {
            self.actions = actions
            self.outbox = outbox
            self.repository = repository
            self.events = events
            self.timers = timers
            self.selfHandle = selfHandle
            self.now = now
            self.reader = reader
        }
    }

    /// What changed, for the view to follow.
    public enum Change: Equatable {
        /// Another post (or a fresh start): show `comments` from scratch.
        case reloaded
        /// The sheet closed: its rows go (the draft stays); opening it again loads them anew.
        case unloaded
        /// More comments were added at the end of the list.
        case appended([Comment])
        /// A comment is now at `index` (a new one at 0, an undone deletion back in its place).
        case inserted(Comment, at: Int)
        case removed(id: Int64)
        case updated(Comment)
        /// The message under the list (nil hides it).
        case message(String?)
        /// Whether "Comment deleted — Undo" shows.
        case undoOffered(Bool)
        /// The post's counts changed (the title and the feed's rail follow).
        case post(Post)
        /// The network's threads of a remote post changed (`threads`).
        case remote(RemoteCommentThreads.Change)
        /// Where a comment written here stands with the post's network (its mark).
        case delivery(commentID: Int64, CommentDelivery)
        /// The network's comment the next one answers (nil: none, a comment of its own).
        case replying(RemoteComment?)
    }

    public static let pageSize = 20
    public static let undoMilliseconds: UInt32 = 5_000

    let deps: Dependencies
    public private(set) var post: Post?
    public internal(set) var comments: [Comment] = []
    public private(set) var hasMore = true
    public private(set) var message: String?
    /// The comment deleted last, while it can still be put back.
    public private(set) var deleted: Comment?
    /// The remote post it was on, where its deletion goes once it stands.
    private var deletedOn: RemotePostRef?
    /// The network's comment the next one answers.
    public internal(set) var replyingTo: RemoteComment?
    /// A remote post's threads on its network, while the sheet shows them; the comments above
    /// were written here (and sent on, where an account acts on the network).
    public private(set) var threads: RemoteCommentThreads?
    private var undoTimer: TimerToken?
    /// The undo is on screen (its count may run).
    private var undoOnScreen = false
    /// The pointer or the keyboard focus is on the undo (its count waits).
    private var undoHeld = false
    public var onChange: ((Change) -> Void)?

    public init(_ deps: Dependencies) {
        self.deps = deps
        deps.outbox?.watch { [weak self] entry in self?.outboxChanged(entry) }
    }

    public var allowsComments: Bool { post?.allowsComments ?? false }

    /// "1 comment", "1.2K comments".
    public var title: String {
        let count = post?.commentCount ?? 0
        // TRANSLATORS: the comments sheet's title; {number} is the count written short ("1.2K").
        return trn("{number} comment", "{number} comments", count, ["number": CountFormatter.short(count)])
    }

    /// Shows `post`'s comments; the same post again keeps the list (and the draft) as it is.
    public func open(_ post: Post) {
        guard post.id != self.post?.id else {
            self.post = post
            if threads == nil { startThreads(of: post) }
            if comments.isEmpty { loadMore() }
            return
        }
        finalizeDelete()
        threads?.cancel()
        threads = nil
        replyTo(nil)
        self.post = post
        comments = []
        hasMore = true
        setMessage(nil)
        onChange?(.reloaded)
        startThreads(of: post)
        loadMore()
    }

    /// A remote post's threads, when there is a network to ask.
    private func startThreads(of post: Post) {
        guard let ref = post.remote, let reader = deps.reader else { return }
        let made = RemoteCommentThreads(reader: reader, post: ref)
        hideSent(in: made)
        made.onChange = { [weak self] change in self?.onChange?(.remote(change)) }
        made.onPageAnswered = { [weak self, weak made] in
            guard let self, let made else { return }
            deps.events?.emit(.commentsShown(postID: post.id, remote: made.shownCount, local: comments.count))
        }
        threads = made
        onChange?(.remote(.reset))
    }

    /// Whether the comments come from a network too (those made here are then marked so).
    public var isRemote: Bool { threads != nil }

    /// The sheet closed: a pending deletion stands, and the loaded comments are let go (a closed
    /// sheet would otherwise keep a row of widgets for each, hundreds on a busy post), the
    /// network's too.
    public func closed() {
        finalizeDelete()
        comments = []
        hasMore = true
        threads?.cancel()
        threads = nil
        replyTo(nil)
        onChange?(.unloaded)
    }

    /// The next page: of the comments made here, and of the network's threads.
    public func loadMore() {
        guard let post else { return }
        if hasMore {
            do {
                let page = try deps.repository.comments(postID: post.id, before: comments.last?.id, limit: Self.pageSize)
                hasMore = page.count == Self.pageSize
                comments.append(contentsOf: page)
                onChange?(.appended(page))
            } catch {
                failed(tr("Couldn’t load comments: {error}", ["error": error]), postID: post.id)
            }
        }
        threads?.loadMore()
    }

    /// Whether the Post button can be pressed for `draft`, and the message it needs now.
    public func draftChanged(_ draft: String) -> Bool {
        let check = CommentValidation.check(draft)
        if case .tooLong(let count, let limit) = check {
            setMessage(Self.tooLong(count: count, limit: limit))
        } else if message != nil, !draft.isEmpty {
            setMessage(nil)
        }
        return check != .empty
    }

    /// The composer left out `dropped` characters that would have made the comment too long.
    public func textCut(dropped: Int) {
        let message = Self.cut(dropped: dropped, limit: CommentValidation.limit)
        setMessage(message)
        deps.events?.emit(.notice(message: message))
    }

    /// Posts `draft`; true when it was stored (the composer empties). On any failure the text
    /// stays in the composer: nothing typed is lost.
    @discardableResult
    public func submit(_ draft: String) -> Bool {
        guard let post, post.allowsComments else { return false }
        switch CommentValidation.check(draft) {
        case .empty:
            setMessage(tr("Write something first."))
            return false
        case .tooLong(let count, let limit):
            setMessage(Self.tooLong(count: count, limit: limit))
            return false
        case .valid(let text):
            do {
                // The user may have renamed themselves since the app started.
                let handle = (try? deps.repository.selfAuthor()?.handle) ?? deps.selfHandle
                let comment = try deps.repository.insertComment(postID: post.id, authorHandle: handle, text: text,
                                                                likeCount: 0, created: deps.now())
                setMessage(nil)
                comments.insert(comment, at: 0)
                send(comment, on: post)
                onChange?(.inserted(comment, at: 0))
                deps.events?.emit(.commentAdded(postID: post.id, commentID: comment.id))
                postChanged()
                return true
            } catch {
                failed(tr("Couldn’t post the comment: {error}", ["error": error]), postID: post.id)
                return false
            }
        }
    }

    public func toggleLike(_ id: Int64) {
        guard let index = comments.firstIndex(where: { $0.id == id }) else { return }
        do {
            let stored = try deps.repository.setCommentLiked(id: id, liked: !comments[index].liked)
            comments[index] = stored
            onChange?(.updated(stored))
        } catch {
            failed(tr("Couldn’t save the like: {error}", ["error": error]), postID: post?.id)
        }
    }

    /// Deletes at once and offers Undo for 5 s; a second deletion makes the first one stand.
    public func delete(_ id: Int64) {
        finalizeDelete()
        do {
            let removed = try deps.repository.deleteComment(id: id)
            comments.removeAll { $0.id == id }
            onChange?(.removed(id: id))
            deleted = removed
            deletedOn = post?.remote
            onChange?(.undoOffered(true))
            deps.events?.emit(.commentDeleted(postID: removed.postID, commentID: removed.id))
            postChanged()
        } catch {
            failed(tr("Couldn’t delete the comment: {error}", ["error": error]), postID: post?.id)
        }
    }

    /// Puts the deleted comment back as it was (same id, date and likes), in its place.
    public func undoDelete() {
        guard let comment = deleted else { return }
        do {
            try deps.repository.restoreComment(comment)
            clearUndo()
            let index = comments.firstIndex { ($0.created, $0.id) < (comment.created, comment.id) } ?? comments.count
            comments.insert(comment, at: index)
            onChange?(.inserted(comment, at: index))
            deps.events?.emit(.commentAdded(postID: comment.postID, commentID: comment.id))
            postChanged()
        } catch {
            failed(tr("Couldn’t restore the comment: {error}", ["error": error]), postID: comment.postID)
        }
    }

    /// The undo is on screen now: its count starts (unless it is held).
    public func undoShown() {
        guard deleted != nil, !undoOnScreen else { return }
        undoOnScreen = true
        restartUndoCount()
    }

    /// The pointer is over the undo or the keyboard focus in it (`true`), or neither any more.
    public func holdUndo(_ held: Bool) {
        guard held != undoHeld else { return }
        undoHeld = held
        restartUndoCount()
    }

    private func restartUndoCount() {
        undoTimer?.cancel()
        undoTimer = nil
        guard deleted != nil, undoOnScreen, !undoHeld else { return }
        undoTimer = deps.timers.after(milliseconds: Self.undoMilliseconds) { [weak self] in self?.finalizeDelete() }
    }

    /// The undo window is over: the deletion stands.
    public func finalizeDelete() {
        guard let comment = deleted else { return }
        if let remote = deletedOn { deps.actions?.commentDeleted(comment, on: remote) }
        clearUndo()
    }

    private func clearUndo() {
        undoTimer?.cancel()
        undoTimer = nil
        undoOnScreen = false
        deleted = nil
        deletedOn = nil
        onChange?(.undoOffered(false))
    }

    func postChanged() {
        guard let id = post?.id, let stored = try? deps.repository.post(id: id) else { return }
        post = stored
        onChange?(.post(stored))
    }

    /// A change the library refused: said in the sheet and in the events, and what was typed
    /// stays where it was.
    func failed(_ message: String, postID: Int64?) {
        setMessage(message)
        deps.events?.emit(.error(kind: "storage", message: message, postID: postID))
    }

    private func setMessage(_ text: String?) {
        guard text != message else { return }
        message = text
        onChange?(.message(text))
    }

    /// What was left out of a paste that would have gone over the limit.
    public static func cut(dropped: Int, limit: Int) -> String {
        // TRANSLATORS: {count} is the most characters a comment may have, {dropped} how many were left out.
        trn("A comment can have at most {count} character: the last {dropped} you added were left out.",
            "A comment can have at most {count} characters: the last {dropped} you added were left out.", limit,
            ["dropped": LocaleNumbers.whole(dropped)])
    }

    /// A comment over the length limit.
    public static func tooLong(count: Int, limit: Int) -> String {
        // TRANSLATORS: {count} is the most characters a comment may have, {length} how many it has.
        trn("Comments can be at most {count} character; this one has {length}.",
            "Comments can be at most {count} characters; this one has {length}.", limit,
            ["length": LocaleNumbers.whole(count)])
    }
}
