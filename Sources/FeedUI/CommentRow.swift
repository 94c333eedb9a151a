import FeedCore
import Foundation
import GtkKit
import Localization

/// One comment: avatar, author, the text exactly as written (never markup), how long ago, and
/// a like toggle with its count; your own comments also get a delete button.
@MainActor
final class CommentRow {
    let root = Box(.horizontal, spacing: 10)
    private(set) var comment: Comment
    private let likeIcon = Image(iconName: "loopfeed-heart-symbolic", pixelSize: 16)
    private let likeCount = Label()
    private let likeButton: Button
    private let time = Label()
    /// Made here on a post from a network, not sent there (until an account can).
    private let onlyHere: Bool
    var onLike: ((Comment) -> Void)?
    var onDelete: ((Comment) -> Void)?
    /// A #hashtag or @mention in the comment was clicked.
    var onLink: ((LinkedText.Link) -> Void)?

    init(comment: Comment, avatarPath: String?, now: Date, onlyHere: Bool = false) {
        self.comment = comment
        self.onlyHere = onlyHere
        root.addCSSClass("comment-row")
        let avatar = Image(file: avatarPath, pixelSize: 36)
        avatar.setAlign(horizontal: .start, vertical: .start)
        avatar.addCSSClass("comment-avatar")
        avatar.setOverflowHidden()
        avatar.setAccessibleLabel(comment.author.name)
        root.append(avatar)

        let body = Box(.vertical, spacing: 2)
        body.setExpand(horizontal: true)
        // TRANSLATORS: the author line of the user's own comment; {name} is their name.
        let author = Label(comment.author.isSelf ? tr("{name} · you", ["name": ShownText.isolated(comment.author.name)])
                                               : ShownText.visible(comment.author.name))
        author.addCSSClass("comment-author")
        author.setXAlign(0)
        let text = Label()
        // Exactly as written, but a direction override shows as a mark rather than reorder it,
        // and #hashtags and @mentions are links, as in captions.
        text.setMarkup(LinkedText.markup(ShownText.visible(comment.text)))
        text.addCSSClass("comment-text")
        text.setXAlign(0)
        text.setWrap(true)
        text.setSelectable(true)
        time.addCSSClass("comment-time")
        time.setXAlign(0)
        body.append(author)
        body.append(text)
        body.append(time)
        root.append(body)

        let likeBox = Box(.vertical, spacing: 0)
        likeBox.append(likeIcon)
        likeCount.addCSSClass("comment-like-count")
        likeBox.append(likeCount)
        likeButton = Button(child: likeBox)
        likeButton.setHasFrame(false)
        likeButton.addCSSClass("comment-like")
        likeButton.setAlign(vertical: .start)
        likeButton.onClicked { [weak self] in
            guard let self else { return }
            onLike?(self.comment)
        }
        root.append(likeButton)

        if comment.author.isSelf {
            let delete = Button(iconName: "user-trash-symbolic")
            delete.setHasFrame(false)
            delete.addCSSClass("comment-delete")
            delete.setAlign(vertical: .start)
            delete.setAccessibleLabel(tr("Delete your comment"))
            delete.tooltip = tr("Delete")
            delete.onClicked { [weak self] in
                guard let self else { return }
                onDelete?(self.comment)
            }
            root.append(delete)
        }
        update(comment, now: now)
        text.onActivateLink { [weak self] uri in
            guard let link = LinkedText.link(uri) else { return false }
            self?.onLink?(link)
            return true
        }
    }

    func update(_ comment: Comment, now: Date) {
        self.comment = comment
        likeCount.text = CountFormatter.short(comment.likeCount)
        likeIcon.setCSSClass("liked", comment.liked)
        if comment.liked {
            likeButton.setAccessibleLabel(trn("Unlike comment, {count} like", "Unlike comment, {count} likes", comment.likeCount))
            // TRANSLATORS: a button that takes back your like.
            likeButton.tooltip = tr("Unlike")
        } else {
            likeButton.setAccessibleLabel(trn("Like comment, {count} like", "Like comment, {count} likes", comment.likeCount))
            // TRANSLATORS: a button that likes (the verb).
            likeButton.tooltip = tr("Like")
        }
        // TRANSLATORS: beside a comment's age, on a post from the web: the comment was not sent there.
        time.text = RelativeTime.short(from: comment.created, to: now) + (onlyHere ? " · " + tr("Only on this computer") : "")
        time.tooltip = LocaleDates.moment(comment.created)
    }
}
