import FeedCore
import FeedPresentation
import GtkKit
import Localization

/// The right-hand rail over a video: author avatar, like, comments and share, with counts.
@MainActor
final class RailView {
    let root = Box(.vertical, spacing: 14)
    private let avatar = Image(file: nil, pixelSize: 48)
    private let avatarButton: Button
    private let likeIcon = Image(iconName: "loopfeed-heart-symbolic", pixelSize: 34)
    private let likeCount = Label()
    private let likeButton: Button
    /// Where the like stands with the post's network: sending, sent, refused (issue 23).
    let likeMark = DeliveryMark()
    /// Where a follow made with the "+" stands with the creator's network, under the avatar.
    let followMark = DeliveryMark()
    /// Where the marks come from (none: a window without the outbox).
    var deliveries: ActionDeliveryMarks?
    /// What a follow of this post's creator goes to the account as (nil: it stays here).
    private(set) var followSubject: ActedOn?
    private var authorFollowed = false
    private var postID: Int64?
    private var liked = false
    /// Whether the like's tooltip says it stays on this computer (as last set).
    private var likeStaysHere = false
    private let commentCount = Label()
    private let commentButton: Button
    private let shareCount = Label()
    private let shareButton: Button
    /// The "+" over the avatar's lower edge while the user does not follow its creator.
    private let followBadge = Button(iconName: "list-add-symbolic")
    /// How many times a network's video was watched, where the network counts it (not a button).
    private let views = Box(.vertical, spacing: 2)
    private let viewCount = Label()
    /// CC: a network's captions on or off, where the video has some.
    // TRANSLATORS: the rail's captions button, as players write it (closed captions).
    private let captionsButton = Button(child: Label(tr("CC")))

    var onAvatar: (() -> Void)?
    /// The "+" was pressed: follow the creator.
    var onFollow: (() -> Void)?
    var onLike: (() -> Void)?
    var onComments: (() -> Void)?
    var onShare: (() -> Void)?
    var onCaptions: (() -> Void)?

    init() {
        root.addCSSClass("rail")
        root.setAlign(horizontal: .end, vertical: .end)
        root.setMargins(bottom: 20, end: 8)

        avatar.addCSSClass("rail-avatar")
        avatar.setOverflowHidden()
        avatarButton = Button(child: avatar)
        likeButton = Self.railButton(icon: likeIcon, count: likeCount)
        commentButton = Self.railButton(icon: Image(iconName: "loopfeed-comment-symbolic", pixelSize: 32), count: commentCount)
        shareButton = Self.railButton(icon: Image(iconName: "loopfeed-share-symbolic", pixelSize: 30), count: shareCount)
        for button in [avatarButton, likeButton, commentButton, shareButton] {
            button.setHasFrame(false)
            button.addCSSClass("rail-button")
        }
        root.append(avatarWithBadge())
        root.append(followMark.root)
        root.append(likeButton)
        root.append(likeMark.root)
        root.append(commentButton)
        root.append(shareButton)
        // TRANSLATORS: a button that likes (the verb).
        likeButton.setAccessibleLabel(tr("Like"))
        likeButton.tooltip = tr("Like (L)")
        commentButton.setAccessibleLabel(tr("Comments"))
        commentButton.tooltip = tr("Comments (C)")
        // TRANSLATORS: a button that shares the video (the verb).
        shareButton.setAccessibleLabel(tr("Share"))
        shareButton.tooltip = tr("Share (S)")
        views.append(Image(iconName: "loopfeed-views-symbolic", pixelSize: 24))
        viewCount.addCSSClass("rail-count")
        views.append(viewCount)
        views.addCSSClass("rail-views")
        views.isVisible = false
        root.append(views)
        captionsButton.setHasFrame(false)
        captionsButton.addCSSClass("rail-button")
        captionsButton.addCSSClass("rail-captions")
        captionsButton.tooltip = tr("Captions (V)")
        captionsButton.isVisible = false
        captionsButton.onClicked { [weak self] in self?.onCaptions?() }
        root.append(captionsButton)
        avatarButton.onClicked { [weak self] in self?.onAvatar?() }
        followBadge.onClicked { [weak self] in self?.onFollow?() }
        likeButton.onClicked { [weak self] in self?.onLike?() }
        commentButton.onClicked { [weak self] in self?.onComments?() }
        shareButton.onClicked { [weak self] in self?.onShare?() }
    }

    /// The avatar with room under it, so the "+" can sit across its lower edge as TikTok's does.
    private func avatarWithBadge() -> Widget {
        let column = Box(.vertical)
        column.append(avatarButton)
        let room = Box(.vertical)
        room.setSizeRequest(width: -1, height: 10)
        column.append(room)
        let stack = Overlay()
        stack.setChild(column)
        followBadge.addCSSClass("follow-badge")
        followBadge.setHasFrame(false)
        followBadge.setAlign(horizontal: .center, vertical: .end)
        followBadge.isVisible = false
        stack.addOverlay(followBadge)
        return stack
    }

    /// Where the captions menu points.
    var captionsAnchor: Widget { captionsButton }

    /// Where the share menu points.
    var shareAnchor: Widget { shareButton }

    /// Which button has keyboard focus (avatar 0, like 1, comments 2, share 3), if one has (the
    /// "+" counts as the avatar: the next page's creator may be followed already).
    var focusedButton: Int? {
        if followBadge.containsFocus { return 0 }
        return [avatarButton, likeButton, commentButton, shareButton].firstIndex { $0.containsFocus }
    }

    func focusButton(_ index: Int) {
        let buttons = [avatarButton, likeButton, commentButton, shareButton]
        if buttons.indices.contains(index) { buttons[index].grabFocus() }
    }

    private static func railButton(icon: Image, count: Label) -> Button {
        let content = Box(.vertical, spacing: 2)
        content.append(icon)
        count.addCSSClass("rail-count")
        content.append(count)
        return Button(child: content)
    }

    /// The CC control: shown where the post has captions, pressed while they show.
    func showCaptions(available: Bool, on: Bool) {
        captionsButton.isVisible = available
        captionsButton.setCSSClass("on", on)
        captionsButton.setAccessiblePressed(on)
        // TRANSLATORS: the rail's CC button, which shows or hides a network's captions.
        captionsButton.setAccessibleLabel(on ? tr("Captions, on") : tr("Captions, off"))
    }

    func setAvatar(_ path: String?) { avatar.setFile(path) }

    /// The like's mark, as the outbox has it now.
    func showDelivery() {
        guard let deliveries, let postID else { return likeMark.show(.none, of: .like) }
        likeMark.show(deliveries.delivery(of: .post(postID)), of: liked ? .like : .unlike)
    }

    /// The "+"'s mark, as the outbox has the creator's channel now.
    func showFollowDelivery() {
        guard let deliveries, let followSubject else { return followMark.show(.none, of: .follow) }
        followMark.show(deliveries.delivery(of: followSubject), of: authorFollowed ? .follow : .unfollow)
    }

    func show(_ post: Post) {
        avatar.setFile(nil)
        avatarButton.setAccessibleLabel(tr("Profile of {author}", ["author": post.author.atHandle]))
        // TRANSLATORS: the avatar's tooltip: the author's name and @handle.
        avatarButton.tooltip = tr("{name} ({handle})", ["handle": post.author.atHandle, "name": ShownText.isolated(post.author.name)])
        update(post)
    }

    func update(_ post: Post) {
        let author = post.author
        followBadge.isVisible = author.showsFollowBadge
        // TRANSLATORS: the "+" on a creator's picture, for screen readers; {author} is their @handle.
        followBadge.setAccessibleLabel(tr("Follow {author}", ["author": author.atHandle]))
        followBadge.tooltip = tr("Follow {author}", ["author": author.atHandle])
        postID = post.id
        liked = post.liked
        likeMark.keepsRoom = deliveries?.likeIsSent(post) == true
        showDelivery()
        followSubject = deliveries?.followSubject(of: post)
        authorFollowed = author.isFollowed
        followMark.keepsRoom = followSubject != nil
        showFollowDelivery()
        // Set only when it changes: each set of the tooltip or description made GTK tell a screen
        // reader the button's state again, a "not pressed" before every like.
        let staysHere = deliveries?.likeStaysHere(post) == true
        if staysHere != likeStaysHere {
            likeStaysHere = staysHere
            likeButton.tooltip = staysHere ? tr("Liked only on this computer (L)") : tr("Like (L)")
            likeButton.setAccessibleDescription(staysHere ? tr("Only on this computer") : "")
        }
        likeCount.text = CountFormatter.short(post.likeCount)
        likeIcon.setCSSClass("liked", post.liked)
        likeButton.setAccessiblePressed(post.liked)
        likeButton.setAccessibleLabel(post.liked ? trn("Unlike, {count} like", "Unlike, {count} likes", post.likeCount)
                                                 : trn("Like, {count} like", "Like, {count} likes", post.likeCount))
        commentCount.text = CountFormatter.short(post.commentCount)
        // TRANSLATORS: the comments button for screen readers, with how many there are.
        commentButton.setAccessibleLabel(trn("Comments, {count}", "Comments, {count}", post.commentCount))
        shareCount.text = CountFormatter.short(post.shareCount)
        shareButton.setAccessibleLabel(trn("Share, {count} share", "Share, {count} shares", post.shareCount))
        views.isVisible = post.viewCount != nil
        if let watched = post.viewCount {
            viewCount.text = CountFormatter.short(watched)
            // TRANSLATORS: for screen readers, how many times a video from the web was watched.
            views.setAccessibleLabel(trn("{count} view", "{count} views", watched))
        }
    }
}
