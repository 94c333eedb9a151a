import GLibKit
import FeedCore
import FeedPresentation
import FeedMedia
import Foundation
import GtkKit
import Localization

/// Activity on your videos and profile, newest first; new items are marked until seen.
/// Clicking one opens the post (and its comments, for a comment).
@MainActor
final class InboxPage {
    typealias Dependencies = InboxDependencies

    let root = Box(.vertical)
    private let list = Box(.vertical, spacing: 2)
    private let empty = Label(tr("Likes, comments and new followers will show up here."))
    private let deps: Dependencies
    private let store: InboxStore
    private var rows: [Widget] = []
    var onOpen: ((_ post: Post, _ openComments: Bool) -> Void)?
    var onOpenProfile: ((Author) -> Void)?

    init(_ deps: Dependencies) {
        self.deps = deps
        store = InboxStore(repository: deps.repository)
        root.addCSSClass("inbox-page")
        // TRANSLATORS: the Inbox page's title: what happened to your videos and profile.
        let title = Label(tr("Activity"))
        title.addCSSClass("inbox-title")
        root.append(title)
        let scroller = ScrolledWindow()
        scroller.setPolicy(horizontal: false, vertical: true)
        scroller.setExpand(horizontal: true, vertical: true)
        empty.addCSSClass("discover-status")
        empty.setWrap(true)
        list.append(empty)
        // Rows keep a readable length in a wide window.
        let clamp = Clamp(maximum: 640)
        clamp.setChild(list)
        scroller.setChild(clamp)
        root.append(scroller)
    }

    /// Shows the inbox as it is, then marks everything seen (marks stay until the next visit).
    func show() {
        for row in rows { list.remove(row) }
        rows.removeAll()
        store.open()
        empty.isVisible = store.items.isEmpty
        for item in store.items {
            let row = makeRow(item)
            rows.append(row)
            list.append(row)
        }
    }

    var unseenCount: Int { store.unseenCount }

    private func makeRow(_ entry: InboxStore.Item) -> Widget {
        let item = entry.activity
        let content = Box(.horizontal, spacing: 12)
        let avatar = Image(file: deps.filePath(item.actor.avatarURI), pixelSize: 44)
        avatar.setAlign(vertical: .center)
        avatar.addCSSClass("comment-avatar")
        avatar.setOverflowHidden()
        content.append(avatar)

        let text = Box(.vertical, spacing: 2)
        text.setExpand(horizontal: true)
        text.setAlign(vertical: .center)
        let line = Label()
        // The translated sentence, its {name} (the actor's, in bold) filled in after escaping.
        line.setMarkup(Localization.fill(Markup.escape(item.sentence), ["name": "<b>" + Markup.escape(ShownText.isolated(item.actor.name)) + "</b>"]))
        line.setWrap(true, maxLines: 2)
        line.setXAlign(0)
        let time = Label(RelativeTime.short(from: item.created, to: deps.now()))
        time.addCSSClass("comment-time")
        time.setXAlign(0)
        text.append(line)
        text.append(time)
        content.append(text)

        // What happened, at a glance: a like is a red heart here as everywhere.
        let kind = Image(iconName: item.kind == .like ? "loopfeed-heart-symbolic"
                         : item.kind == .comment ? "loopfeed-comment-symbolic" : "avatar-default-symbolic", pixelSize: 16)
        kind.addCSSClass("inbox-kind")
        kind.setCSSClass("liked", item.kind == .like)
        kind.setAlign(vertical: .center)
        content.append(kind)
        if !item.seen {
            let dot = Box(.horizontal)
            dot.addCSSClass("unread-dot")
            dot.setAlign(vertical: .center)
            content.append(dot)
        }
        if let post = entry.post {
            let thumbnail = Picture()
            thumbnail.setFit(.cover)
            thumbnail.setSizeRequest(width: 44, height: 57)
            thumbnail.addCSSClass("inbox-thumbnail")
            thumbnail.setOverflowHidden()
            deps.thumbnails.thumbnail(postID: post.id, uri: deps.playableURI(post.videoURI)) { [weak thumbnail] url in
                thumbnail?.setFile(path: url?.path)
            }
            content.append(thumbnail)
        }
        let button = Button(child: content)
        button.setHasFrame(false)
        button.addCSSClass("inbox-row")
        button.setCSSClass("unread", !item.seen)
        let sentence = Localization.fill(item.sentence, ["name": ShownText.isolated(item.actor.name)])
        // TRANSLATORS: an unread Inbox item for screen readers; {sentence} is what happened.
        button.setAccessibleLabel(item.seen ? sentence + " " : tr("{sentence} (new)", ["sentence": sentence]))
        button.onClicked { [weak self] in
            guard let self else { return }
            switch store.destination(of: entry) {
            case .post(let post, let openComments): onOpen?(post, openComments)
            case .profile(let author): onOpenProfile?(author)
            }
        }
        return button
    }
}
