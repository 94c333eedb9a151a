import FeedCore
import FeedPresentation
import Foundation
import GLibKit
import GtkKit
import Localization

/// The comments bottom sheet over the dimmed feed (which keeps playing): `CommentsStore` holds
/// the comments and decides, `BottomSheet` moves, this binds the rows and the composer to them.
@MainActor
final class CommentsSheet {
    typealias Dependencies = CommentsDependencies

    private let bottom: BottomSheet
    private let store: CommentsStore
    private let title = Label()
    private let scroller = ScrolledWindow()
    private let list = Box(.vertical, spacing: 14)
    /// The comments made here (marked so above a network's).
    private let localList = Box(.vertical, spacing: 14)
    private let remote: RemoteCommentsSection
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
    private var pointerOnUndo = false
    private var focusInUndo = false
    private let closeButton = Button(iconName: "window-close-symbolic")
    /// "Replying to @name" over the composer, with its cancel.
    private let replyBar = Box(.horizontal, spacing: 6)
    private let replyLabel = Label()
    private let deps: Dependencies
    private var rows: [CommentRow] = []

    /// Full-window layer; hidden while the sheet is closed.
    var layer: Overlay { bottom.layer }
    var isOpen: Bool { bottom.isOpen }
    var post: Post? { store.post }
    /// A #hashtag or @mention in a comment was clicked (the sheet gives way to where it leads).
    var onLink: ((LinkedText.Link) -> Void)?
    /// Called after a comment is added or deleted, with the post as stored now.
    var onPostChanged: ((Post) -> Void)?

    init(_ deps: Dependencies) {
        self.deps = deps
        bottom = BottomSheet(clock: deps.clock)
        store = CommentsStore(CommentsStore.Dependencies(repository: deps.repository, events: deps.events,
                                                         timers: deps.timers, selfHandle: deps.selfHandle,
                                                         now: deps.now, reader: deps.reader, actions: deps.actions,
                                                         outbox: deps.outbox))
        remote = RemoteCommentsSection(now: deps.now, images: deps.webImages)
        let drag = CommentSheetDrag()
        bottom.sheetTakesDrag = { [weak self] in
            drag.sheetTakesDrag(listOffset: self?.scroller.verticalOffset ?? 0, dragDown: true)
        }
        bottom.onClosed = { [weak self] in self?.store.closed() }
        buildHeader()
        scroller.setPolicy(horizontal: false, vertical: true)
        scroller.setExpand(vertical: true)
        list.setMargins(top: 4, bottom: 12, start: 16, end: 8)
        emptyLabel.addCSSClass("comment-time")
        emptyLabel.setMargins(top: 40)
        list.append(emptyLabel)
        list.append(localList)
        list.append(remote.root)
        remote.onEmptinessChanged = { [weak self] in self?.updateEmpty() }
        remote.onOpenLink = { [weak self] url in self?.openLink(url) }
        remote.onReply = { [weak self] id in
            self?.store.reply(to: id)
            self?.composer.grabFocus()
        }
        scroller.setChild(list)
        scroller.onBottomReached { [weak self] in self?.store.loadMore() }
        bottom.sheet.append(scroller)
        buildUndoBar()
        buildComposer()
        store.onChange = { [weak self] change in self?.apply(change) }
    }

    private func buildHeader() {
        let header = Box(.horizontal)
        header.addCSSClass("sheet-header")
        let grip = Box(.horizontal)
        grip.addCSSClass("sheet-grip")
        grip.setAlign(horizontal: .center)
        title.addCSSClass("sheet-title")
        title.setExpand(horizontal: true)
        closeButton.setHasFrame(false)
        closeButton.setAccessibleLabel(tr("Close comments"))
        closeButton.tooltip = tr("Close (Esc)")
        closeButton.onClicked { [weak self] in self?.close() }
        header.append(title)
        header.append(closeButton)
        bottom.sheet.append(grip)
        bottom.sheet.append(header)
    }

    private func buildUndoBar() {
        undoBar.addCSSClass("undo-bar")
        undoLabel.setExpand(horizontal: true)
        undoLabel.setXAlign(0)
        let undo = Button(label: tr("Undo"))
        undo.setAccessibleLabel(tr("Undo deleting the comment"))
        undo.onClicked { [weak self] in self?.store.undoDelete() }
        // The press itself undoes: a click whose release is lost (the pointer still moving, the
        // sheet shifting under it) is still an Undo.
        let press = ClickGesture()
        press.setPhase(.capture)
        press.onPressed { [weak self] _, _, _ in self?.store.undoDelete() }
        undo.addController(press)
        undoBar.append(undoLabel)
        undoBar.append(undo)
        undoBar.isVisible = false
        // While the pointer or the keyboard is on it, the undo waits.
        let pointer = MotionController()
        pointer.onEnter { [weak self] _, _ in self?.undoHeld(pointer: true) }
        pointer.onLeave { [weak self] in self?.undoHeld(pointer: false) }
        undoBar.addController(pointer)
        let focus = FocusController()
        focus.onEnter { [weak self] in self?.undoHeld(focus: true) }
        focus.onLeave { [weak self] in self?.undoHeld(focus: false) }
        undoBar.addController(focus)
        bottom.sheet.append(undoBar)
    }

    private func undoHeld(pointer: Bool? = nil, focus: Bool? = nil) {
        if let pointer { pointerOnUndo = pointer }
        if let focus { focusInUndo = focus }
        store.holdUndo(pointerOnUndo || focusInUndo)
    }

    /// The undo is going: the keyboard focus it had goes to the comment field (or the close
    /// button), never to a control hidden behind the sheet.
    private func hideUndo() {
        let hadFocus = focusInUndo
        undoBar.isVisible = false
        focusInUndo = false
        pointerOnUndo = false
        guard hadFocus else { return }
        focusComposerOrClose()
    }

    private func focusComposerOrClose() {
        if composerRow.isVisible { composer.grabFocus() } else { closeButton.grabFocus() }
    }

    private func buildComposer() {
        message.addCSSClass("composer-message")
        message.setWrap(true)
        message.setXAlign(0)
        message.isVisible = false
        bottom.sheet.append(message)
        commentsOff.addCSSClass("composer-message")
        commentsOff.isVisible = false
        bottom.sheet.append(commentsOff)
        buildReplyBar()
        composerRow.addCSSClass("composer")
        let field = Overlay()
        field.setExpand(horizontal: true)
        composer.addCSSClass("composer-text")
        composer.setAccessibleLabel(tr("Comment text"))
        composer.tooltip = tr("Enter posts, Shift+Enter starts a new line")
        // What would make the comment too long is cut off as it arrives, never laid out whole.
        composer.limitCharacters(to: CommentValidation.limit) { [weak self] dropped in self?.store.textCut(dropped: dropped) }
        // The field grows with the comment up to a few lines, then scrolls (the wheel and the cursor
        // scroll it). Without a scrollbar: once the comment outgrew the field, GTK 4.8 painted the
        // scrollbar before giving it a place ("Trying to snapshot GtkGizmo ... without a current
        // allocation", its trough, while a long comment was typed at 1.5x text).
        let composerScroller = ScrolledWindow()
        composerScroller.setExternalVerticalScrolling()
        composerScroller.growVertically(upTo: 120)
        composerScroller.setChild(composer)
        field.setChild(composerScroller)
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
        composerRow.append(field)
        composerRow.append(postButton)
        bottom.sheet.append(composerRow)
        composerChanged()
    }

    private func buildReplyBar() {
        replyBar.addCSSClass("reply-bar")
        replyLabel.addCSSClass("comment-time")
        replyLabel.setXAlign(0)
        replyLabel.setExpand(horizontal: true)
        replyLabel.setEllipsizeEnd()
        let cancel = Button(iconName: "window-close-symbolic")
        cancel.setHasFrame(false)
        cancel.setAccessibleLabel(tr("Cancel the reply"))
        cancel.tooltip = tr("Cancel the reply")
        cancel.onClicked { [weak self] in self?.store.reply(to: nil) }
        replyBar.append(replyLabel)
        replyBar.append(cancel)
        replyBar.isVisible = false
        bottom.sheet.append(replyBar)
    }

    // MARK: - Opening and closing

    func open(_ post: Post) {
        store.open(post)
        title.text = store.title
        composerRow.isVisible = post.allowsComments
        commentsOff.isVisible = !post.allowsComments
        guard !bottom.isOpen else { return }
        bottom.open()
        composer.grabFocus()
    }

    func close() { bottom.close() }

    /// The window closes: a deletion whose undo is offered stands.
    func deletionStands() { store.finalizeDelete() }

    // MARK: - Following the store

    private func apply(_ change: CommentsStore.Change) {
        switch change {
        case .reloaded:
            for row in rows { localList.remove(row.root) }
            rows.removeAll()
            composer.text = ""
            remote.show(store.threads)
            updateEmpty()
        case .unloaded:
            for row in rows { localList.remove(row.root) }
            rows.removeAll()
            remote.show(nil)
        case .appended(let comments):
            for comment in comments {
                let row = makeRow(comment)
                rows.append(row)
                localList.append(row.root)
            }
            updateEmpty()
        case .inserted(let comment, let index):
            let row = makeRow(comment)
            rows.insert(row, at: index)
            localList.append(row.root)
            localList.reorder(row.root, after: index == 0 ? nil : rows[index - 1].root)
            updateEmpty()
            if index == 0 { scroller.verticalOffset = 0 }
        case .removed(let id):
            if let index = rows.firstIndex(where: { $0.comment.id == id }) {
                localList.remove(rows[index].root)
                rows.remove(at: index)
            }
            updateEmpty()
        case .updated(let comment):
            rows.first { $0.comment.id == comment.id }?.update(comment, now: deps.now())
        case .message(let text):
            message.text = text ?? ""
            message.isVisible = text != nil
        case .undoOffered(true):
            undoBar.isVisible = true
            // Its count starts once it can be seen.
            undoBar.onNextPaint { [weak self] in self?.store.undoShown() }
        case .undoOffered(false):
            hideUndo()
        case .post(let post):
            title.text = store.title
            onPostChanged?(post)
        case .remote(.reset):
            remote.canReply = store.sendsComments
            remote.show(store.threads)
            updateEmpty()
        case .remote(let change):
            remote.apply(change)
            updateEmpty()
        case .delivery(let id, let delivery):
            rows.first { $0.comment.id == id }?.show(delivery)
        case .replying(let target):
            let name = target?.author.map { "@" + $0.handle } ?? ""
            // TRANSLATORS: over the comment field while writing a reply; {name} is the @name@host answered.
            replyLabel.text = tr("Replying to {name}", ["name": ShownText.visible(name)])
            replyBar.isVisible = target != nil
            postButton.setAccessibleLabel(target == nil ? tr("Post comment") : tr("Post reply"))
        }
    }

    /// "No comments yet" once nothing was written here and the network (if any) has said it has none.
    private func updateEmpty() {
        // (Comments that came unreadable are not "none": the section says how many.)
        let networkDone = store.threads.map { $0.status == .end && $0.unreadable == 0 } ?? true
        emptyLabel.isVisible = rows.isEmpty && remote.isEmpty && networkDone
        // An empty box would still take the list's spacing above the network's comments.
        localList.isVisible = !rows.isEmpty
    }

    /// A web link in a network's comment, in the desktop's browser.
    private func openLink(_ url: URL) {
        AppLauncher.openDefault(uri: url.absoluteString) { [weak self] result in
            guard case .failure(let error) = result else { return }
            self?.message.text = tr("The link could not be opened: {error}", ["error": error.message])
            self?.message.isVisible = true
        }
    }

    private func makeRow(_ comment: Comment) -> CommentRow {
        let row = CommentRow(comment: comment, avatarPath: deps.filePath(comment.author.avatarURI), now: deps.now(),
                             delivery: store.delivery(of: comment), answered: store.answered(by: comment))
        row.onLike = { [weak self] comment in self?.store.toggleLike(comment.id) }
        row.onRetry = { [weak self] comment in self?.store.retrySending(comment.id) }
        row.onWithdraw = { [weak self] comment in
            self?.store.withdraw(comment.id)
            self?.focusComposerOrClose()
        }
        row.onLink = { [weak self] link in self?.onLink?(link) }
        row.onDelete = { [weak self] comment in
            guard let self else { return }
            store.delete(comment.id)
            // The focus was on the row that went: it goes to the comment field, not into the undo
            // (which would then wait for as long as the focus stayed) nor behind the sheet.
            focusComposerOrClose()
        }
        return row
    }

    // MARK: - Writing

    private func composerChanged() {
        placeholder.isVisible = composer.text.isEmpty
        postButton.sensitive = store.draftChanged(composer.text)
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
        if store.submit(composer.text) { composer.text = "" }
    }
}
