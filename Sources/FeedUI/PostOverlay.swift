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
    private let caption = Label()
    let music = MusicMarquee()

    init() {
        root.addCSSClass("post-info")
        root.setAlign(horizontal: .fill, vertical: .end)
        author.addCSSClass("post-author")
        author.setXAlign(0)
        caption.addCSSClass("post-caption")
        caption.setXAlign(0)
        caption.setWrap(true, maxLines: 3)
        caption.onActivateLink { [weak self] uri in
            if uri.hasPrefix("mention:"), let handle = String(uri.dropFirst(8)).removingPercentEncoding {
                self?.onMention?(handle)
                return true
            }
            guard uri.hasPrefix("hashtag:"), let tag = String(uri.dropFirst(8)).removingPercentEncoding else { return false }
            self?.onHashtag?(tag)
            return true
        }
        let authorClick = ClickGesture()
        authorClick.onReleased { [weak self] _, _, _ in self?.onAuthor?() }
        author.addController(authorClick)
        author.tooltip = tr("Open profile")
        root.append(author)
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

    func show(_ post: Post) {
        author.text = post.author.atHandle
        // TRANSLATORS: for screen readers; {author} is the @handle of who posted the video.
        author.setAccessibleLabel(tr("Author {author}", ["author": post.author.atHandle]))
        caption.setMarkup(Self.captionMarkup(ShownText.visible(post.caption)))
        music.show(post.music)
        root.isVisible = true
    }

    /// Caption text escaped for Pango, hashtags in bold; user text is never interpreted.
    static func captionMarkup(_ caption: String) -> String {
        Hashtags.runs(caption).map { run in
            switch run {
            case .text(let text): Markup.escape(text)
            case .hashtag(let tag):
                "<a href=\"hashtag:" + Markup.escape(tag.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? tag)
                    + "\"><b>#" + Markup.escape(tag) + "</b></a>"
            case .mention(let handle):
                "<a href=\"mention:" + Markup.escape(handle) + "\"><b>@" + Markup.escape(handle) + "</b></a>"
            }
        }.joined()
    }
}
