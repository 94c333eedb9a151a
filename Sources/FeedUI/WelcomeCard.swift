import GtkKit
import Localization

/// What a first launch says once, at the top of the window: the videos playing are samples, and
/// how to get more of one's own. Its buttons do what they say; Close (or Esc) puts it away.
@MainActor
final class WelcomeCard {
    let root = Box(.vertical, spacing: 8)
    private let addVideos = Button(label: tr("Add videos…"))
    private let follow = Button(label: tr("Follow a channel…"))
    private let close = Button(iconName: "window-close-symbolic")

    var onAddVideos: (() -> Void)?
    var onFollow: (() -> Void)?
    var onClose: (() -> Void)?

    init() {
        root.addCSSClass("welcome-card")
        root.setAlign(horizontal: .fill, vertical: .start)
        let top = Box(.horizontal, spacing: 10)
        // TRANSLATORS: the first launch's card, over the sample videos.
        let title = Label(tr("Welcome to Loopfeed"))
        title.addCSSClass("welcome-title")
        title.setXAlign(0)
        title.setExpand(horizontal: true, vertical: false)
        top.append(title)
        close.setAccessibleLabel(tr("Close the welcome"))
        close.tooltip = tr("Close")
        close.addCSSClass("flat")
        top.append(close)
        root.append(top)
        let text = Label(tr("These videos are samples by their creators, to try the feed. Find more from PeerTube and Loops in Discover, add your own videos (Ctrl+O), or follow a channel or any video feed by its address (Ctrl+L)."))
        text.setWrap(true, maxLines: 6)
        text.setXAlign(0)
        root.append(text)
        let buttons = Box(.horizontal, spacing: 8)
        buttons.append(addVideos)
        buttons.append(follow)
        root.append(buttons)
        addVideos.onClicked { [weak self] in self?.onAddVideos?() }
        follow.onClicked { [weak self] in self?.onFollow?() }
        close.onClicked { [weak self] in self?.onClose?() }
        root.isVisible = false
    }
}
