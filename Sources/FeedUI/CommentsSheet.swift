import FeedCore
import Foundation
import GLibKit
import GtkKit
import Localization

/// The comments bottom sheet: 75 % of the window, over the dimmed feed (which keeps playing).
/// It slides in and out in 0.25 s, follows a downward drag and closes on a fast release or
/// past a third of its height, and pages comments 20 at a time, newest first.
@MainActor
final class CommentsSheet {
    struct Dependencies {
        var repository: FeedRepository
        var events: EventSink?
        var clock: MonotonicClock
        var selfHandle: String
        var filePath: (String?) -> String?
        var now: () -> Date = { Date() }
    }

    /// Full-window layer; hidden while the sheet is closed. The dim is its main child and the
    /// sheet an overlay placed by code, so sliding the sheet out of the window never makes the
    /// layer (and so the window) taller, as a GtkFixed child would.
    let layer = Overlay()
    private let probe = SizeProbe()
    private let dim = Box(.vertical)
    private let sheet = Box(.vertical)
    private let title = Label()
    private let scroller = ScrolledWindow()
    private let list = Box(.vertical, spacing: 14)
    private let emptyLabel = Label(tr("No comments yet. Say something nice."))
    private let composer = TextView()
    private let composerRow = Box(.horizontal, spacing: 8)
    private let commentsOff = Label(tr("The author turned comments off for this video."))
    private let placeholder = Label(tr("Add a comment…"))
    // TRANSLATORS: the button that posts a comment (the verb).
    private let postButton = Button(label: tr("Post"))
    private let message = Label()
    private let undoBar = Box(.horizontal, spacing: 8)
    private let undoLabel = Label(tr("Comment deleted"))
    private var undoTimer: SourceHandle?
    private var deleted: Comment?

    private let deps: Dependencies
    private var rows: [CommentRow] = []
    private(set) var post: Post?
    private var hasMore = true
    private let pageSize = 20
    private let drag = CommentSheetDrag()
    private var velocity = VelocityTracker()
    private var dragging = false
    private var height: Double = 0
    private var sheetHeight: Double { (height * 0.75).rounded() }
    /// 0 = fully open; sheetHeight = fully closed.
    private var offset: Double = 0
    private var animation: SnapAnimation?
    private var closingAfterAnimation = false
    private var tick: UInt32?

    private(set) var isOpen = false
    /// Called after a comment is added or deleted, with the post as stored now.
    var onPostChanged: ((Post) -> Void)?

    init(_ deps: Dependencies) {
        self.deps = deps
        layer.isVisible = false
        layer.setExpand(horizontal: true, vertical: true)
        dim.addCSSClass("sheet-dim")
        dim.setExpand(horizontal: true, vertical: true)
        let dimClick = ClickGesture()
        dimClick.onPressed { [weak self] _, _, _ in self?.close() }
        dim.addController(dimClick)
        layer.setChild(dim)
        layer.addOverlay(probe)
        probe.onResize { [weak self] width, height in self?.resize(Double(width), Double(height)) }

        sheet.addCSSClass("comments-sheet")
        buildHeader()
        scroller.setPolicy(horizontal: false, vertical: true)
        scroller.setExpand(vertical: true)
        list.setMargins(top: 4, bottom: 12, start: 16, end: 8)
        emptyLabel.addCSSClass("comment-time")
        emptyLabel.setMargins(top: 40)
        list.append(emptyLabel)
        scroller.setChild(list)
        scroller.onBottomReached { [weak self] in self?.loadMore() }
        sheet.append(scroller)
        buildUndoBar()
        buildComposer()
        layer.addOverlay(sheet)
        layer.placeOverlays { [weak self] child, width, height in
            guard let self, child === sheet else { return nil }
            return sheetRect(width: width, height: height)
        }

        let sheetDrag = DragGesture()
        sheetDrag.onBegin { [weak self] _, _ in self?.dragBegan() }
        sheetDrag.onUpdate { [weak self] _, dy in self?.dragMoved(dy) }
        sheetDrag.onEnd { [weak self] _, dy in self?.dragEnded(dy) }
        sheet.addController(sheetDrag)
    }

    private func buildHeader() {
        let header = Box(.horizontal)
        header.addCSSClass("sheet-header")
        let grip = Box(.horizontal)
        grip.addCSSClass("sheet-grip")
        grip.setAlign(horizontal: .center)
        title.addCSSClass("sheet-title")
        title.setExpand(horizontal: true)
        let close = Button(iconName: "window-close-symbolic")
        close.setHasFrame(false)
        close.setAccessibleLabel(tr("Close comments"))
        close.tooltip = tr("Close (Esc)")
        close.onClicked { [weak self] in self?.close() }
        header.append(title)
        header.append(close)
        sheet.append(grip)
        sheet.append(header)
    }

    private func buildUndoBar() {
        undoBar.addCSSClass("undo-bar")
        undoLabel.setExpand(horizontal: true)
        undoLabel.setXAlign(0)
        let undo = Button(label: tr("Undo"))
        undo.setAccessibleLabel(tr("Undo deleting the comment"))
        undo.onClicked { [weak self] in self?.undoDelete() }
        undoBar.append(undoLabel)
        undoBar.append(undo)
        undoBar.isVisible = false
        sheet.append(undoBar)
    }

    private func buildComposer() {
        message.addCSSClass("composer-message")
        message.setWrap(true)
        message.setXAlign(0)
        message.isVisible = false
        sheet.append(message)
        commentsOff.addCSSClass("composer-message")
        commentsOff.isVisible = false
        sheet.append(commentsOff)
        let row = composerRow
        row.addCSSClass("composer")
        let field = Overlay()
        field.setExpand(horizontal: true)
        composer.addCSSClass("composer-text")
        composer.setAccessibleLabel(tr("Comment text"))
        composer.tooltip = tr("Enter posts, Shift+Enter starts a new line")
        field.setChild(composer)
        placeholder.addCSSClass("composer-placeholder")
        placeholder.setAlign(horizontal: .start, vertical: .center)
        placeholder.canTarget = false
        field.addOverlay(placeholder)
        composer.onChanged { [weak self] in self?.composerChanged() }
        let keys = KeyController()
        keys.onKeyPressed { [weak self] key in self?.composerKey(key) ?? false }
        composer.addController(keys)
        postButton.addCSSClass("suggested-action")
        postButton.setAccessibleLabel(tr("Post comment"))
        postButton.tooltip = tr("Post (Enter)")
        postButton.onClicked { [weak self] in self?.submit() }
        row.append(field)
        row.append(postButton)
        sheet.append(row)
        composerChanged()
    }

    // MARK: - Opening and closing

    func open(_ post: Post) {
        if self.post?.id != post.id { reload(post) }
        self.post = post
        updateTitle(post)
        composerRow.isVisible = post.allowsComments
        commentsOff.isVisible = !post.allowsComments
        guard !isOpen || closingAfterAnimation else { return }
        isOpen = true
        closingAfterAnimation = false
        layer.isVisible = true
        if height > 0 { animate(from: animation == nil ? sheetHeight : offset, to: 0, durationUs: 250_000) }
        composer.grabFocus()
    }

    func close() {
        guard isOpen, !closingAfterAnimation else { return }
        closingAfterAnimation = true
        animate(from: offset, to: sheetHeight, durationUs: 250_000)
    }

    private func finishClosing() {
        isOpen = false
        closingAfterAnimation = false
        layer.isVisible = false
        finalizeDelete()
    }

    private func reload(_ post: Post) {
        for row in rows { list.remove(row.root) }
        rows.removeAll()
        hasMore = true
        finalizeDelete()
        message.isVisible = false
        composer.text = ""
        self.post = post
        loadMore()
    }

    private func loadMore() {
        guard hasMore, let post else { return }
        do {
            let page = try deps.repository.comments(postID: post.id, before: rows.last?.comment.id, limit: pageSize)
            hasMore = page.count == pageSize
            for comment in page { append(makeRow(comment)) }
        } catch {
            show(message: tr("Couldn’t load comments: {error}", ["error": error]))
        }
        emptyLabel.isVisible = rows.isEmpty
    }

    private func makeRow(_ comment: Comment) -> CommentRow {
        let row = CommentRow(comment: comment, avatarPath: deps.filePath(comment.author.avatarURI), now: deps.now())
        row.onLike = { [weak self] comment in self?.toggleLike(comment) }
        row.onDelete = { [weak self] comment in self?.delete(comment) }
        return row
    }

    private func append(_ row: CommentRow) {
        rows.append(row)
        list.append(row.root)
    }

    private func updateTitle(_ post: Post) {
        // TRANSLATORS: the comments sheet's title; {number} is the count written short ("1.2K").
        title.text = trn("{number} comment", "{number} comments", post.commentCount,
                         ["number": CountFormatter.short(post.commentCount)])
    }

    // MARK: - Writing

    private func composerChanged() {
        let empty = composer.text.isEmpty
        placeholder.isVisible = empty
        postButton.sensitive = CommentValidation.check(composer.text) != .empty
        if case .tooLong(let count, let limit) = CommentValidation.check(composer.text) {
            show(message: Self.tooLong(count: count, limit: limit))
        } else if message.isVisible, !empty {
            message.isVisible = false
        }
    }

    private func composerKey(_ key: KeyPress) -> Bool {
        switch key.name {
        case "Return", "KP_Enter":
            if key.modifiers.contains(.shift) { return false } // a new line
            submit()
            return true
        case "Escape":
            close()
            return true
        default:
            return false
        }
    }

    private func submit() {
        guard let post, post.allowsComments else { return }
        switch CommentValidation.check(composer.text) {
        case .empty:
            show(message: tr("Write something first."))
        case .tooLong(let count, let limit):
            show(message: Self.tooLong(count: count, limit: limit))
        case .valid(let text):
            do {
                // The user may have renamed themselves since the app started.
                let handle = (try? deps.repository.selfAuthor()?.handle) ?? deps.selfHandle
                let comment = try deps.repository.insertComment(postID: post.id, authorHandle: handle,
                                                                text: text, likeCount: 0, created: deps.now())
                composer.text = ""
                message.isVisible = false
                let row = makeRow(comment)
                rows.insert(row, at: 0)
                list.append(row.root)
                list.reorder(row.root, after: nil)
                emptyLabel.isVisible = false
                scroller.verticalOffset = 0
                deps.events?.emit(.commentAdded(postID: post.id, commentID: comment.id))
                postChanged()
            } catch {
                // The text stays in the field: nothing typed is lost.
                show(message: tr("Couldn’t post the comment: {error}", ["error": error]))
            }
        }
    }

    /// A comment over the length limit.
    private static func tooLong(count: Int, limit: Int) -> String {
        // TRANSLATORS: {count} is the most characters a comment may have, {length} how many it has.
        trn("Comments can be at most {count} character; this one has {length}.",
            "Comments can be at most {count} characters; this one has {length}.", limit,
            ["length": LocaleNumbers.whole(count)])
    }

    private func show(message text: String) {
        message.text = text
        message.isVisible = true
    }

    private func toggleLike(_ comment: Comment) {
        do {
            let stored = try deps.repository.setCommentLiked(id: comment.id, liked: !comment.liked)
            rows.first { $0.comment.id == comment.id }?.update(stored, now: deps.now())
        } catch {
            show(message: tr("Couldn’t save the like: {error}", ["error": error]))
        }
    }

    private func delete(_ comment: Comment) {
        finalizeDelete()
        do {
            let removed = try deps.repository.deleteComment(id: comment.id)
            if let index = rows.firstIndex(where: { $0.comment.id == comment.id }) {
                list.remove(rows[index].root)
                rows.remove(at: index)
            }
            emptyLabel.isVisible = rows.isEmpty
            deleted = removed
            undoBar.isVisible = true
            undoTimer = MainLoop.after(milliseconds: 5_000) { [weak self] in self?.finalizeDelete() }
            deps.events?.emit(.commentDeleted(postID: removed.postID, commentID: removed.id))
            postChanged()
        } catch {
            show(message: tr("Couldn’t delete the comment: {error}", ["error": error]))
        }
    }

    private func undoDelete() {
        guard let comment = deleted else { return }
        do {
            try deps.repository.restoreComment(comment)
            deleted = nil
            undoTimer?.cancel()
            undoBar.isVisible = false
            let row = makeRow(comment)
            // Back in its place among the newest-first rows.
            let index = rows.firstIndex { ($0.comment.created, $0.comment.id) < (comment.created, comment.id) } ?? rows.count
            rows.insert(row, at: index)
            list.append(row.root)
            list.reorder(row.root, after: index == 0 ? nil : rows[index - 1].root)
            emptyLabel.isVisible = false
            deps.events?.emit(.commentAdded(postID: comment.postID, commentID: comment.id))
            postChanged()
        } catch {
            show(message: tr("Couldn’t restore the comment: {error}", ["error": error]))
        }
    }

    /// The undo window is over: the deletion stands.
    private func finalizeDelete() {
        undoTimer?.cancel()
        undoTimer = nil
        deleted = nil
        undoBar.isVisible = false
    }

    private func postChanged() {
        guard let id = post?.id, let stored = try? deps.repository.post(id: id) else { return }
        post = stored
        updateTitle(stored)
        onPostChanged?(stored)
    }

    // MARK: - Layout and motion

    private func resize(_ width: Double, _ height: Double) {
        self.height = height
        if animation == nil && !dragging { place(offset: isOpen ? offset : sheetHeight) }
    }

    /// The sheet's place in a layer of this size: the bottom 75 %, moved down by `offset`; in a
    /// wide window a column no wider than a phone's landscape width, centred.
    private func sheetRect(width: Int, height: Int) -> WidgetRect {
        let sheetHeight = Int((Double(height) * 0.75).rounded())
        let sheetWidth = min(width, Self.maximumWidth)
        return WidgetRect(x: (width - sheetWidth) / 2, y: height - sheetHeight + Int(offset.rounded()),
                          width: sheetWidth, height: sheetHeight)
    }

    private static let maximumWidth = 640

    private func place(offset: Double) {
        self.offset = offset
        layer.queueAllocate()
        dim.opacity = sheetHeight > 0 ? max(0, 1 - offset / sheetHeight) : 1
    }

    private func animate(from: Double, to: Double, durationUs: Int64) {
        animation = SnapAnimation(from: from, to: to, startUs: deps.clock.nowMicroseconds(), durationUs: durationUs)
        place(offset: from)
        guard tick == nil else { return }
        tick = layer.addTickCallback { [weak self] _ in self?.step() ?? false }
    }

    private func step() -> Bool {
        guard let animation else {
            tick = nil
            return false
        }
        let now = deps.clock.nowMicroseconds()
        place(offset: animation.value(atUs: now))
        guard animation.isFinished(atUs: now) else { return true }
        self.animation = nil
        tick = nil
        if closingAfterAnimation { finishClosing() }
        return false
    }

    private func dragBegan() {
        dragging = false
        velocity.reset()
    }

    private func dragMoved(_ dy: Double) {
        if !dragging {
            guard abs(dy) > 6, drag.sheetTakesDrag(listOffset: scroller.verticalOffset, dragDown: dy > 0),
                  animation == nil else { return }
            dragging = true
        }
        velocity.add(y: dy, atUs: deps.clock.nowMicroseconds())
        place(offset: drag.offset(dragY: dy, sheetHeight: sheetHeight))
    }

    private func dragEnded(_ dy: Double) {
        guard dragging else { return }
        dragging = false
        switch drag.release(offset: offset, velocityY: velocity.velocity, sheetHeight: sheetHeight) {
        case .close:
            closingAfterAnimation = true
            animate(from: offset, to: sheetHeight, durationUs: 200_000)
        case .snapBack:
            animate(from: offset, to: 0, durationUs: 200_000)
        }
    }
}
