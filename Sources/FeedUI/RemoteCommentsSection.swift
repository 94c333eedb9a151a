import FeedCore
import FeedPresentation
import Foundation
import GtkKit
import Localization

/// The network's part of a remote post's comments sheet, below the comments made here: where
/// they come from and their order (newest or top, where the network offers both), the threads
/// as `RemoteCommentThreads` reports them, and under them what is loading or could not be had,
/// with Try again.
@MainActor
final class RemoteCommentsSection {
    let root = Box(.vertical, spacing: 14)
    private let header = Box(.horizontal, spacing: 6)
    private let source = Label()
    // TRANSLATORS: the comments' order: the newest first.
    private let newest = Button(label: tr("Newest"))
    // TRANSLATORS: the comments' order: the most answered first.
    private let top = Button(label: tr("Top"))
    private let rowsBox = Box(.vertical, spacing: 14)
    private var rows: [RemoteCommentRow] = []
    private let footer = Box(.horizontal, spacing: 8)
    private let spinner = Spinner()
    private let status = Label()
    private let retry = Button(label: tr("Try again"))
    /// How many comments the network listed that could not be read.
    private let unreadable = Label()
    private weak var threads: RemoteCommentThreads?
    private let now: () -> Date
    private let images: (any WebImageFetching)?
    /// A web link in a comment was clicked.
    var onOpenLink: ((URL) -> Void)?
    /// Whether the comments can be answered (an account acts on the post's network).
    var canReply = false
    /// Reply to the comment with this id.
    var onReply: ((String) -> Void)?
    /// Whether it shows no comment (the sheet's "No comments yet" then speaks for it).
    var isEmpty: Bool { rows.isEmpty }
    var onEmptinessChanged: (() -> Void)?

    init(now: @escaping () -> Date, images: (any WebImageFetching)?) {
        self.now = now
        self.images = images
        source.addCSSClass("comment-time")
        source.setXAlign(0)
        source.setWrap(true)
        source.setExpand(horizontal: true)
        header.append(source)
        for (button, order) in [(newest, RemoteCommentOrder.newest), (top, .top)] {
            button.setHasFrame(false)
            button.addCSSClass("comment-order")
            button.onClicked { [weak self] in self?.threads?.setOrder(order) }
            header.append(button)
        }
        newest.tooltip = tr("Newest comments first")
        top.tooltip = tr("Most answered comments first")
        root.append(header)
        root.append(rowsBox)
        spinner.setSizeRequest(width: 16, height: 16)
        status.addCSSClass("comment-status")
        status.setWrap(true)
        status.setXAlign(0)
        status.setExpand(horizontal: true)
        retry.addCSSClass("comment-retry")
        retry.onClicked { [weak self] in self?.threads?.retry() }
        footer.append(spinner)
        footer.append(status)
        footer.append(retry)
        root.append(footer)
        unreadable.addCSSClass("comment-status")
        unreadable.setWrap(true)
        unreadable.setXAlign(0)
        root.append(unreadable)
        root.isVisible = false
    }

    /// The threads of the post shown (nil: a post with no network to ask).
    func show(_ threads: RemoteCommentThreads?) {
        self.threads = threads
        removeRows()
        root.isVisible = threads != nil
        guard let threads else { return }
        // TRANSLATORS: above a remote post's comments; {host} is its server ("tube.example").
        source.text = tr("Comments on {host}", ["host": threads.post.host])
        newest.isVisible = threads.canChooseOrder
        top.isVisible = threads.canChooseOrder
        for (button, order) in [(newest, RemoteCommentOrder.newest), (top, .top)] {
            button.setCSSClass("selected", threads.order == order)
            button.setAccessiblePressed(threads.order == order)
        }
        append(threads.lines)
        showUnreadable(threads.unreadable)
        showStatus(threads.status)
    }

    func apply(_ change: RemoteCommentThreads.Change) {
        switch change {
        case .reset:
            show(threads)
        case .appended(let lines):
            append(lines)
        case .repliesShown(let rootID, let lines):
            guard var index = rows.firstIndex(where: { $0.line.id == rootID }) else { return }
            index += 1
            while index < rows.count, !rows[index].line.isThread { index += 1 }
            var after = rows[index - 1].root
            for (offset, line) in lines.enumerated() {
                let row = makeRow(line)
                rows.insert(row, at: index + offset)
                rowsBox.append(row.root)
                rowsBox.reorder(row.root, after: after)
                after = row.root
            }
        case .repliesHidden(let rootID):
            guard let index = rows.firstIndex(where: { $0.line.id == rootID }) else { return }
            var end = index + 1
            while end < rows.count, !rows[end].line.isThread { end += 1 }
            for row in rows[(index + 1)..<end] { rowsBox.remove(row.root) }
            rows.removeSubrange((index + 1)..<end)
        case .updated(let line):
            rows.first { $0.line.id == line.id }?.update(line)
        case .removed(let id):
            guard let index = rows.firstIndex(where: { $0.line.id == id }) else { return }
            rowsBox.remove(rows[index].root)
            rows.remove(at: index)
            if rows.isEmpty { onEmptinessChanged?() }
        case .status(let new):
            showStatus(new)
        case .unreadable(let count):
            showUnreadable(count)
        }
    }

    private func append(_ lines: [RemoteCommentLine]) {
        let wasEmpty = rows.isEmpty
        for line in lines {
            let row = makeRow(line)
            rows.append(row)
            rowsBox.append(row.root)
        }
        if wasEmpty != rows.isEmpty { onEmptinessChanged?() }
    }

    private func removeRows() {
        for row in rows { rowsBox.remove(row.root) }
        let hadRows = !rows.isEmpty
        rows.removeAll()
        if hadRows { onEmptinessChanged?() }
    }

    private func makeRow(_ line: RemoteCommentLine) -> RemoteCommentRow {
        let row = RemoteCommentRow(line: line, now: now(), images: images, canReply: canReply)
        let id = line.id
        row.onReply = { [weak self] in self?.onReply?(id) }
        row.onToggleReplies = { [weak self] in self?.threads?.toggleReplies(of: id) }
        row.onMoreReplies = { [weak self] in self?.threads?.moreReplies(of: id) }
        row.onOpenLink = { [weak self] url in self?.onOpenLink?(url) }
        return row
    }

    private func showUnreadable(_ count: Int) {
        // TRANSLATORS: under a remote post's comments: {count} of them came in a form that could not be read.
        unreadable.text = count > 0 ? trn("{count} comment could not be read and is left out.",
                                          "{count} comments could not be read and are left out.", count) : ""
        unreadable.isVisible = count > 0
    }

    private func showStatus(_ new: RemoteCommentThreads.Status) {
        spinner.spinning = new == .loading
        spinner.isVisible = new == .loading
        retry.isVisible = false
        switch new {
        case .loading:
            // TRANSLATORS: while a remote post's comments are asked of its server; {host} names it.
            status.text = tr("Loading comments from {host}…", ["host": threads?.post.host ?? ""])
        case .failed(let message):
            status.text = message
            retry.isVisible = true
        case .more, .end:
            status.text = ""
        }
        footer.isVisible = !status.text.isEmpty
        onEmptinessChanged?()
    }
}
