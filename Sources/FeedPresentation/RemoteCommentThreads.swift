public import FeedCore
import Localization

/// A network's comment threads under one post, as the comments sheet shows them: paged as the
/// list is scrolled, newest or most answered first, each thread's replies shown and hidden on
/// request (a reply to a reply under what it answers), deleted comments kept in their place. What
/// could not be had is said in words and can be asked again; nothing is asked twice at once, and
/// an answer for another order or after `cancel` is dropped.
@MainActor
public final class RemoteCommentThreads {
    public enum Status: Equatable {
        case loading
        /// More threads after these.
        case more
        /// Every thread is listed.
        case end
        case failed(String)
    }

    public enum Change: Equatable {
        /// Start again (another order): every line goes.
        case reset
        /// Threads added at the end.
        case appended([RemoteCommentLine])
        /// Replies shown under the thread `rootID`, after those shown already.
        case repliesShown(rootID: String, [RemoteCommentLine])
        case repliesHidden(rootID: String)
        /// A thread's line changed (what its replies show).
        case updated(RemoteCommentLine)
        /// A line went (the user's own comment, shown above as written here).
        case removed(id: String)
        case status(Status)
        /// Comments the network listed that could not be read (left out), so far.
        case unreadable(Int)
    }

    private let reader: any RemotePostReading
    public let post: RemotePostRef
    public private(set) var order: RemoteCommentOrder
    /// In the order shown: each thread's first comment, then its replies shown.
    public private(set) var lines: [RemoteCommentLine] = []
    public private(set) var status = Status.more
    /// Comments listed that could not be read (a hostile or broken document), left out.
    public private(set) var unreadable = 0
    private var next: RemotePageCursor?
    private var pageRequest: (any NetworkRequest)?
    private var replyRequests: [String: any NetworkRequest] = [:]
    /// Replies had so far, by thread, and where their next page is (kept while hidden).
    private var repliesHad: [String: (items: [RemoteComment], next: RemotePageCursor?)] = [:]
    /// Comments left out of the lists: the copies of those written here and sent (shown once,
    /// as written here), by id, or by author and text (`copyKey`) where the id is another
    /// instance's.
    public private(set) var hiddenIDs: Set<String> = []
    public private(set) var hiddenCopies: Set<String> = []
    public var onChange: ((Change) -> Void)?
    /// A page of threads was answered (or not): the sheet's `comments_shown`.
    public var onPageAnswered: (() -> Void)?

    public init(reader: any RemotePostReading, post: RemotePostRef, order: RemoteCommentOrder = .newest) {
        self.reader = reader
        self.post = post
        self.order = order
    }

    /// Whether the network offers another order (PeerTube; Loops lists newest first only).
    public var canChooseOrder: Bool { post.network == .peertube }

    /// Comments listed, replies shown included.
    public var shownCount: Int { lines.count }

    /// The first page, or the next one as the list is scrolled to its end.
    public func loadMore() {
        guard pageRequest == nil, status == .more else { return }
        setStatus(.loading)
        pageRequest = reader.commentThreads(of: post, order: order, after: next) { [weak self] result in
            guard let self else { return }
            pageRequest = nil
            switch result {
            case .success(let page):
                next = page.next
                let known = Set(lines.map(\.id))
                // A thread listed again (Loops' pages can repeat one; a new one shifts PeerTube's offsets) shows once.
                let added = page.items.filter { !known.contains($0.id) && !isHidden($0) }.map {
                    RemoteCommentLine(comment: $0, depth: 0, replies: ($0.replyCount ?? 0) > 0 ? .hidden(count: $0.replyCount!) : .none)
                }
                lines += added
                onChange?(.appended(added))
                if page.dropped > 0 {
                    unreadable += page.dropped
                    onChange?(.unreadable(unreadable))
                }
                // A page of nothing ends the list, unless what it listed could not be read.
                setStatus(page.next == nil || (page.items.isEmpty && page.dropped == 0) ? .end : .more)
            case .failure(let failure):
                setStatus(.failed(Self.message(failure)))
            }
            onPageAnswered?()
        }
    }

    /// After a failure: the same page again.
    public func retry() {
        guard case .failed = status else { return }
        status = .more
        loadMore()
    }

    /// Newest or most answered first: the list starts again.
    public func setOrder(_ wanted: RemoteCommentOrder) {
        guard wanted != order, canChooseOrder else { return }
        cancel()
        order = wanted
        lines = []
        next = nil
        unreadable = 0
        repliesHad = [:]
        status = .more
        onChange?(.reset)
        loadMore()
    }

    /// Shows a thread's replies (asked the first time), or hides them.
    public func toggleReplies(of rootID: String) {
        guard let rootIndex = lines.firstIndex(where: { $0.id == rootID && $0.isThread }) else { return }
        let line = lines[rootIndex]
        switch line.replies {
        case .none, .loading:
            return
        case .shown:
            replyRequests.removeValue(forKey: rootID)?.cancel()
            var end = rootIndex + 1
            while end < lines.count, !lines[end].isThread { end += 1 }
            lines.removeSubrange((rootIndex + 1)..<end)
            onChange?(.repliesHidden(rootID: rootID))
            update(rootID, .hidden(count: max(line.comment.replyCount ?? 0, repliesHad[rootID]?.items.count ?? 0)))
        case .hidden, .failed:
            if let had = repliesHad[rootID], !had.items.isEmpty {
                insertReplies(had.items, under: rootID)
                update(rootID, .shown(more: had.next != nil))
            } else {
                askReplies(of: rootID, after: nil)
            }
        }
    }

    /// The next page of a thread's replies (Loops gives them three at a time).
    public func moreReplies(of rootID: String) {
        guard let line = lines.first(where: { $0.id == rootID && $0.isThread }), line.replies == .shown(more: true),
              let next = repliesHad[rootID]?.next else { return }
        askReplies(of: rootID, after: next)
    }

    /// The same comment's key by its author's handle and its text as a reader sees it.
    public nonisolated static func copyKey(handle: String, text: String) -> String {
        handle.lowercased() + "\n" + text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private func isHidden(_ comment: RemoteComment) -> Bool {
        hiddenIDs.contains(comment.id)
            || (!comment.isDeleted && comment.author.map { hiddenCopies.contains(Self.copyKey(handle: $0.handle, text: comment.text)) } ?? false)
    }

    /// Leaves out the comments `ids`, and those by the same author with the same text as a key of
    /// `copies`, from now on, and takes out those shown (a thread's first comment with the
    /// replies shown under it).
    public func hide(_ ids: Set<String>, copies: Set<String> = []) {
        guard !ids.isSubset(of: hiddenIDs) || !copies.isSubset(of: hiddenCopies) else { return }
        hiddenIDs.formUnion(ids)
        hiddenCopies.formUnion(copies)
        var index = 0
        while index < lines.count {
            guard isHidden(lines[index].comment) else {
                index += 1
                continue
            }
            var end = index + 1
            if lines[index].isThread {
                while end < lines.count, !lines[end].isThread { end += 1 }
            }
            let gone = lines[index..<end].map(\.id)
            lines.removeSubrange(index..<end)
            for id in gone { onChange?(.removed(id: id)) }
        }
    }

    /// The sheet closed or shows another post: nothing more is asked, no answer is taken.
    public func cancel() {
        pageRequest?.cancel()
        pageRequest = nil
        for request in replyRequests.values { request.cancel() }
        replyRequests = [:]
        if status == .loading { status = .more }
    }

    private func askReplies(of rootID: String, after cursor: RemotePageCursor?) {
        guard replyRequests[rootID] == nil, let root = lines.first(where: { $0.id == rootID })?.comment else { return }
        let before = lines.first { $0.id == rootID }?.replies ?? .none
        update(rootID, .loading)
        replyRequests[rootID] = reader.replies(to: root, of: post, after: cursor) { [weak self] result in
            guard let self, replyRequests.removeValue(forKey: rootID) != nil else { return }
            switch result {
            case .success(let page):
                let had = repliesHad[rootID]?.items ?? []
                let known = Set(had.map(\.id))
                let fresh = page.items.filter { !known.contains($0.id) && $0.id != rootID && !isHidden($0) }
                repliesHad[rootID] = (had + fresh, page.next)
                insertReplies(fresh, under: rootID)
                update(rootID, .shown(more: page.next != nil && !page.items.isEmpty))
            case .failure(let failure):
                // Replies already shown stay shown.
                if case .shown = before { update(rootID, before) } else { update(rootID, .failed(Self.message(failure, replies: true))) }
            }
        }
    }

    /// Replies go after the thread's last line shown, each reply to a reply after what it answers.
    private func insertReplies(_ replies: [RemoteComment], under rootID: String) {
        guard let rootIndex = lines.firstIndex(where: { $0.id == rootID }) else { return }
        var depths: [String: Int] = [rootID: 0]
        var end = rootIndex + 1
        while end < lines.count, !lines[end].isThread {
            depths[lines[end].id] = lines[end].depth
            end += 1
        }
        var made: [RemoteCommentLine] = []
        for reply in replies where !isHidden(reply) {
            // A reply to a reply sits under what it answers, a step further in (up to `deepest`).
            let parentDepth = reply.parentID.flatMap { depths[$0] } ?? 0
            let depth = min(parentDepth + 1, RemoteCommentLine.deepest)
            depths[reply.id] = depth
            made.append(RemoteCommentLine(comment: reply, depth: depth))
        }
        lines.insert(contentsOf: made, at: end)
        if !made.isEmpty { onChange?(.repliesShown(rootID: rootID, made)) }
    }

    private func update(_ rootID: String, _ replies: RemoteCommentLine.Replies) {
        guard let index = lines.firstIndex(where: { $0.id == rootID }), lines[index].replies != replies else { return }
        lines[index].replies = replies
        onChange?(.updated(lines[index]))
    }

    private func setStatus(_ new: Status) {
        guard new != status else { return }
        status = new
        onChange?(.status(new))
    }

    private static func message(_ failure: NetworkFailure, replies: Bool = false) -> String {
        // TRANSLATORS: {reason} says why, with the server's name ("tube.example can’t be reached: …").
        replies ? tr("The replies could not be loaded. {reason}", ["reason": failure.description])
            // TRANSLATORS: {reason} says why, with the server's name ("tube.example can’t be reached: …").
            : tr("The comments could not be loaded. {reason}", ["reason": failure.description])
    }
}
