import FeedCore
import FeedPresentation
import Foundation
import GLibKit
import GtkKit
import Localization

/// One comment of a network's thread: the author's picture, name and `name@host`, the text as
/// plain text with its web links clickable (nothing else in it is interpreted), when it was
/// written in the user's locale; a deleted comment as deleted; under a thread's first comment,
/// its replies to show or hide. Replies are indented under what they answer.
@MainActor
final class RemoteCommentRow {
    let root = Box(.horizontal, spacing: 10)
    private(set) var line: RemoteCommentLine
    private let avatar = Image(file: nil, pixelSize: 32)
    private let repliesButton = Button(label: "")
    private let moreButton = Button(label: tr("More replies"))
    private let repliesMessage = Label()
    /// Show or hide the replies of this thread.
    var onToggleReplies: (() -> Void)?
    var onMoreReplies: (() -> Void)?
    /// Answer this comment.
    var onReply: (() -> Void)?
    /// A web link in the comment was clicked.
    var onOpenLink: ((URL) -> Void)?

    init(line: RemoteCommentLine, now: Date, images: (any WebImageFetching)?, canReply: Bool = false) {
        self.line = line
        let comment = line.comment
        root.addCSSClass("comment-row")
        root.addCSSClass("remote-comment")
        root.setMargins(start: Int32(line.depth * 28))
        avatar.setAlign(horizontal: .start, vertical: .start)
        avatar.addCSSClass("comment-avatar")
        avatar.setOverflowHidden()
        root.append(avatar)

        let body = Box(.vertical, spacing: 2)
        body.setExpand(horizontal: true)
        let text = Label()
        text.setXAlign(0)
        text.setWrap(true)
        text.addCSSClass("comment-text")
        if let author = comment.author, !comment.isDeleted {
            let name = Label(ShownText.visible(author.shownName))
            name.addCSSClass("comment-author-name")
            name.setXAlign(0)
            name.setWrap(true)
            let handle = Label("@" + ShownText.visible(author.handle))
            handle.addCSSClass("comment-author")
            handle.setXAlign(0)
            handle.setWrap(true)
            body.append(name)
            body.append(handle)
            avatar.setAccessibleLabel(author.shownName)
            if let picture = author.avatarURL, let images {
                images.image(at: picture.absoluteString) { [weak self] file in
                    if let file { self?.avatar.setFile(file.path) }
                }
            }
            text.setMarkup(Self.markup(TextWithLinks.runs(ShownText.visible(comment.text), links: comment.links)))
            text.setSelectable(true)
            text.onActivateLink { [weak self] uri in
                // Only the links the comment carries, and only to the web.
                guard let url = URL(string: uri), comment.links.contains(url),
                      ["http", "https"].contains(url.scheme?.lowercased() ?? "") else { return true }
                self?.onOpenLink?(url)
                return true
            }
        } else {
            // TRANSLATORS: in place of a comment its author (or a moderator) deleted.
            text.text = tr("This comment was deleted.")
            text.addCSSClass("comment-deleted")
            avatar.setAccessibleLabel(tr("Deleted comment"))
        }
        body.append(text)
        body.append(Self.timeLine(comment, now: now))
        repliesButton.setHasFrame(false)
        repliesButton.addCSSClass("comment-replies")
        repliesButton.setAlign(horizontal: .start)
        repliesButton.onClicked { [weak self] in self?.onToggleReplies?() }
        moreButton.setHasFrame(false)
        moreButton.addCSSClass("comment-replies")
        moreButton.setAlign(horizontal: .start)
        moreButton.onClicked { [weak self] in self?.onMoreReplies?() }
        repliesMessage.addCSSClass("composer-message")
        repliesMessage.setWrap(true)
        repliesMessage.setXAlign(0)
        let replies = Box(.horizontal, spacing: 4)
        if canReply, let author = comment.author, !comment.isDeleted {
            // TRANSLATORS: a button under a network's comment: answer it.
            let reply = Button(label: tr("Reply"))
            reply.setHasFrame(false)
            reply.addCSSClass("comment-replies")
            reply.setAlign(horizontal: .start)
            // TRANSLATORS: {name} is the name of the comment's author.
            reply.setAccessibleLabel(tr("Reply to {name}", ["name": ShownText.visible(author.shownName)]))
            reply.onClicked { [weak self] in self?.onReply?() }
            replies.append(reply)
        }
        replies.append(repliesButton)
        replies.append(moreButton)
        body.append(replies)
        body.append(repliesMessage)
        root.append(body)
        update(line)
    }

    /// "3 h", its whole date and time for a tooltip, and the likes where the network counts them.
    private static func timeLine(_ comment: RemoteComment, now: Date) -> Label {
        var parts: [String] = []
        if let created = comment.created { parts.append(RelativeTime.short(from: created, to: now)) }
        if let likes = comment.likes, likes > 0, !comment.isDeleted {
            // TRANSLATORS: how many liked a comment on its network; {number} is written short ("1.2K").
            parts.append(trn("{number} like", "{number} likes", likes, ["number": CountFormatter.short(likes)]))
        }
        let time = Label(parts.joined(separator: " · "))
        time.addCSSClass("comment-time")
        time.setXAlign(0)
        if let created = comment.created { time.tooltip = LocaleDates.moment(created) }
        return time
    }

    /// The runs as Pango markup: text escaped, links as links to where they lead.
    static func markup(_ runs: [TextWithLinks.Run]) -> String {
        runs.map { run in
            switch run {
            case .text(let text): Markup.escape(text)
            case .link(let shown, let url): "<a href=\"" + Markup.escape(url.absoluteString) + "\">" + Markup.escape(shown) + "</a>"
            }
        }.joined()
    }

    func update(_ line: RemoteCommentLine) {
        self.line = line
        repliesMessage.isVisible = false
        moreButton.isVisible = false
        repliesButton.sensitive = true
        switch line.replies {
        case .none:
            repliesButton.isVisible = false
        case .hidden(let count):
            repliesButton.isVisible = true
            // TRANSLATORS: a button under a comment that shows the replies to it.
            repliesButton.label = trn("View {count} reply", "View {count} replies", count)
        case .loading:
            repliesButton.isVisible = true
            repliesButton.label = tr("Loading replies…")
            repliesButton.sensitive = false
        case .shown(let more):
            repliesButton.isVisible = true
            repliesButton.label = tr("Hide replies")
            moreButton.isVisible = more
        case .failed(let message):
            repliesButton.isVisible = true
            repliesButton.label = tr("Try again")
            repliesMessage.text = message
            repliesMessage.isVisible = true
        }
    }
}
