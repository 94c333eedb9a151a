import GLibKit
import Foundation
import FeedCore
import GtkKit
import Localization

/// What is written over a video: @author, the caption with hashtags highlighted, the music.
@MainActor
final class PostOverlay {
    let root = Box(.vertical, spacing: 6)
    private let author = Label()
    /// The @author is a button (a screen reader says so, Tab reaches it) that looks like the text.
    private let authorButton: Button
    private let caption = Label()
    /// A network's captions, above the caption text (FeedController shows them on the current page).
    let captions = Label()
    let music = MusicMarquee()

    init() {
        authorButton = Button(child: author)
        root.addCSSClass("post-info")
        root.setAlign(horizontal: .fill, vertical: .end)
        author.addCSSClass("post-author")
        author.setXAlign(0)
        caption.addCSSClass("post-caption")
        caption.setXAlign(0)
        caption.setWrap(true, maxLines: 3)
        caption.onActivateLink { [weak self] uri in
            switch LinkedText.link(uri) {
            case .hashtag(let tag)?: self?.onHashtag?(tag)
            case .mention(let handle)?: self?.onMention?(handle)
            case nil: return false
            }
            return true
        }
        // GTK 4.8 gives screen readers a label's text but not its links: the focused one is said
        // in the caption's description, which changes (and is announced) as Tab moves along them.
        let linkKeys = KeyController()
        linkKeys.onKeyReleased { [weak self] _ in self?.describeFocusedLink() }
        caption.addController(linkKeys)
        authorButton.setHasFrame(false)
        authorButton.addCSSClass("post-author-button")
        authorButton.setAlign(horizontal: .start)
        authorButton.onClicked { [weak self] in self?.onAuthor?() }
        authorButton.tooltip = tr("Open profile")
        captions.addCSSClass("video-captions")
        captions.setWrap(true)
        captions.setXAlign(0.5)
        captions.setAlign(horizontal: .center)
        captions.isVisible = false
        root.append(captions)
        root.append(authorButton)
        root.append(caption)
        root.append(music.root)
    }

    /// Called when the @author is clicked.
    var onAuthor: (() -> Void)?
    /// Called with a hashtag (without "#") when one is clicked in the caption.
    var onHashtag: ((String) -> Void)?
    /// Called with a handle (without "@") when a mention is clicked in the caption.
    var onMention: ((String) -> Void)?

    func focusCaption() { caption.grabFocus() }
    func focusAuthor() { authorButton.grabFocus() }
    var authorHasFocus: Bool { authorButton.containsFocus }

    func show(_ post: Post) {
        author.text = post.author.atHandle
        // TRANSLATORS: for screen readers; {author} is the @handle of who posted the video.
        authorButton.setAccessibleLabel(tr("Author {author}", ["author": post.author.atHandle]))
        caption.setMarkup(LinkedText.markup(ShownText.visible(post.caption)))
        music.show(post.musicLine)
        root.isVisible = true
    }

    private func describeFocusedLink() {
        let uri = caption.currentURI ?? ""
        guard uri != describedLink else { return }
        describedLink = uri
        switch LinkedText.link(uri) {
        case .hashtag(let tag)?:
            // TRANSLATORS: for screen readers, a focused #hashtag in a caption; {tag} is without “#”.
            caption.setAccessibleDescription(tr("Link #{tag}: Enter searches it", ["tag": tag]))
        case .mention(let handle)?:
            // TRANSLATORS: for screen readers, a focused @mention in a caption; {handle} is without “@”.
            caption.setAccessibleDescription(tr("Link @{handle}: Enter opens the profile", ["handle": handle]))
        case nil:
            caption.setAccessibleDescription("")
        }
    }

    /// The caption link last described to screen readers.
    private var describedLink = ""

}
