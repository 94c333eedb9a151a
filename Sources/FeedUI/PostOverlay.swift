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
    /// The caption, and over it the ring around its focused link.
    private let captionFrame = Overlay()
    private let linkRing = Box(.vertical)
    private var captionText = ""
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
        linkKeys.onKeyReleased { [weak self] _ in
            self?.describeFocusedLink()
            self?.placeLinkRing()
        }
        caption.addController(linkKeys)
        // GTK 4.8 outlines a link that starts a line together with the end of the line before it
        // (the first link of a caption looked unfocused, inside the caption's own ring): the
        // focused link's ring is drawn here instead, over that link only, white with a dark edge
        // so it shows on a light video too.
        let captionFocus = FocusController()
        captionFocus.onEnter { [weak self] in self?.placeLinkRing() }
        captionFocus.onLeave { [weak self] in self?.placeLinkRing() }
        caption.addController(captionFocus)
        captionFrame.setChild(caption)
        linkRing.addCSSClass("link-ring")
        linkRing.canTarget = false
        linkRing.isVisible = false
        captionFrame.addOverlay(linkRing)
        captionFrame.placeOverlays { [weak self] child, _, _ in
            guard let self, child === linkRing else { return nil }
            // Nowhere to show (the link is in the ellipsis): no ring rather than one round it all.
            return focusedLinkBox() ?? WidgetRect(x: 0, y: 0, width: 0, height: 0)
        }
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
        root.append(captionFrame)
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
        author.text = post.author.shownHandle
        author.tooltip = post.author.atHandle
        // TRANSLATORS: for screen readers; {author} is the @handle of who posted the video.
        authorButton.setAccessibleLabel(tr("Author {author}", ["author": post.author.atHandle]))
        captionText = ShownText.visible(post.caption)
        caption.setMarkup(LinkedText.markup(captionText))
        placeLinkRing()
        showMusic(post)
        root.isVisible = true
    }

    /// The music line, or none for a video without sound (and none until that is known).
    func showMusic(_ post: Post) {
        guard let line = post.shownMusicLine else {
            music.root.isVisible = false
            return
        }
        if line != shownMusic { music.show(line) }
        shownMusic = line
        music.root.isVisible = true
    }

    /// The line the music row shows (set only when it changes: it would start scrolling again).
    private var shownMusic: String?

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

    /// Shows the ring where the focused link is now (after the caption's next allocation).
    private func placeLinkRing() {
        linkRing.isVisible = caption.hasVisibleFocus && caption.currentURI != nil
        captionFrame.queueAllocate()
    }

    /// The focused link's box in the caption, a little larger than the text (asked while the
    /// caption is allocated, so its layout is the one on screen).
    private func focusedLinkBox() -> WidgetRect? {
        guard let uri = caption.currentURI, let bytes = LinkedText.bytes(of: uri, in: captionText),
              let box = caption.box(ofBytes: bytes.lowerBound, to: bytes.upperBound) else { return nil }
        return WidgetRect(x: box.x - 3, y: box.y - 1, width: box.width + 6, height: box.height + 2)
    }

    /// The caption link last described to screen readers.
    private var describedLink = ""

}
