import FeedCore
import FeedPresentation
import Foundation
import GtkKit
import Localization

/// One comment: avatar, author, the text exactly as written (never markup), how long ago, and
/// a like toggle with its count; your own comments also get a delete button. On a network's
/// post, where it stands with the network: only here, sending, sent, or refused in the server's
/// words with Retry and Undo.
@MainActor
final class CommentRow {
    let root = Box(.horizontal, spacing: 10)
    private(set) var comment: Comment
    private let likeIcon = Image(iconName: "loopfeed-heart-symbolic", pixelSize: 16)
    private let likeCount = Label()
    private let likeButton: Button
    private let time = Label()
    private var delivery: CommentDelivery
    private let refusal = Box(.vertical, spacing: 4)
    private let refusalText = Label()
    private var now: Date
    var onLike: ((Comment) -> Void)?
    var onDelete: ((Comment) -> Void)?
    /// Send a refused comment again.
    var onRetry: ((Comment) -> Void)?
    /// Take back a refused comment.
    var onWithdraw: ((Comment) -> Void)?
    /// A #hashtag or @mention in the comment was clicked.
    var onLink: ((LinkedText.Link) -> Void)?

    /// `answered`: whom a reply sent from here answers ("" when not known), nil for a comment.
    init(comment: Comment, avatarPath: String?, now: Date, delivery: CommentDelivery = .local, answered: String? = nil) {
        self.comment = comment
        self.delivery = delivery
        self.now = now
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
        if let answered {
            // TRANSLATORS: above a reply written here; {name} is the @name@host it answers.
            let replying = Label(answered.isEmpty ? tr("Reply") : tr("Reply to {name}", ["name": ShownText.visible(answered)]))
            replying.addCSSClass("comment-time")
            replying.setXAlign(0)
            replying.setWrap(true)
            body.append(replying)
        }
        body.append(text)
        body.append(time)
        body.append(refusal)
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
        buildRefusal()
        update(comment, now: now)
        text.onActivateLink { [weak self] uri in
            guard let link = LinkedText.link(uri) else { return false }
            self?.onLink?(link)
            return true
        }
    }

    /// "Not sent: {reason}" with Retry and Undo, shown while the server refuses the comment.
    private func buildRefusal() {
        refusalText.addCSSClass("comment-refused")
        refusalText.setWrap(true)
        refusalText.setXAlign(0)
        // TRANSLATORS: a button under a comment the server refused: send it again.
        let retry = Button(label: tr("Retry"))
        retry.setAccessibleLabel(tr("Retry sending your comment"))
        retry.onClicked { [weak self] in
            guard let self else { return }
            onRetry?(self.comment)
        }
        // TRANSLATORS: a button under a comment the server refused: take the comment back.
        let undo = Button(label: tr("Undo"))
        undo.setAccessibleLabel(tr("Undo your comment: remove it"))
        undo.onClicked { [weak self] in
            guard let self else { return }
            onWithdraw?(self.comment)
        }
        let buttons = Box(.horizontal, spacing: 8)
        for button in [retry, undo] {
            button.addCSSClass("comment-refused-action")
            buttons.append(button)
        }
        refusal.append(refusalText)
        refusal.append(buttons)
        refusal.isVisible = false
    }

    /// Where the comment stands with the post's network now.
    func show(_ delivery: CommentDelivery) {
        self.delivery = delivery
        update(comment, now: now)
    }

    func update(_ comment: Comment, now: Date) {
        self.comment = comment
        self.now = now
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
        let mark: String? = switch delivery {
        case .local: nil
        // TRANSLATORS: beside a comment's age, on a post from the web: the comment was not sent there.
        case .onlyHere: tr("Only on this computer")
        // TRANSLATORS: beside a comment's age: it is on its way to the user's account on the network.
        case .sending: tr("Sending…")
        // TRANSLATORS: beside a comment's age: it goes once the user signs in to their account again.
        case .waitingForSignIn: tr("Sends when you sign in again")
        // TRANSLATORS: beside a comment's age: the network has it.
        case .sent: tr("Sent")
        // TRANSLATORS: beside a comment's age: the network refused it (why is said under it).
        case .refused: tr("Not sent")
        }
        time.text = RelativeTime.short(from: comment.created, to: now) + (mark.map { " · " + $0 } ?? "")
        time.tooltip = LocaleDates.moment(comment.created)
        if case .refused(let reason) = delivery {
            // TRANSLATORS: under a comment its network refused; {reason} is the server's words.
            refusalText.text = tr("The server refused it: {reason}", ["reason": ShownText.visible(reason)])
            refusal.isVisible = true
        } else {
            refusal.isVisible = false
        }
    }
}
