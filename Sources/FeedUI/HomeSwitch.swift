import FeedPresentation
import GtkKit
import Localization

/// "For You | Following" at the top of Home, as on TikTok: two buttons of white text with a
/// shadow over the video, the one shown bold and underlined and marked pressed for screen readers.
@MainActor
final class HomeSwitch {
    let root = Box(.horizontal, spacing: 4)
    private let forYou = Button(label: tr("For You"))
    private let following = Button(label: tr("Following"))
    private let divider = Label("|")
    /// A button was pressed: the feed it names.
    var onChoose: ((HomeFeedKind) -> Void)?

    init() {
        root.addCSSClass("home-switch")
        root.setAlign(horizontal: .center, vertical: .start)
        root.setMargins(top: 8)
        divider.addCSSClass("home-switch-divider")
        divider.canTarget = false
        for (button, kind) in [(forYou, HomeFeedKind.forYou), (following, .following)] {
            button.setHasFrame(false)
            button.addCSSClass("home-switch-choice")
            button.tooltip = tr("For You or Following (T)")
            button.onClicked { [weak self] in self?.onChoose?(kind) }
        }
        // TRANSLATORS: the accessible name of Home's switch to the ranked feed.
        forYou.setAccessibleLabel(tr("For You feed"))
        // TRANSLATORS: the accessible name of Home's switch to the feed of what the user follows.
        following.setAccessibleLabel(tr("Following feed"))
        root.append(forYou)
        root.append(divider)
        root.append(following)
    }

    /// Centred as on a phone where the page is wide enough; in a narrow window it keeps to the
    /// right (smaller below 400 px), clear of the sound control and its slider at the top left.
    func fit(width: Int) {
        root.setAlign(horizontal: width < 560 ? .end : .center)
        root.setMargins(end: width < 560 ? 10 : 0)
        root.setCSSClass("compact", width < 400)
    }

    /// Below `inset` pixels of the window's top (its banners, while they show).
    func setTop(_ inset: Int32) {
        root.setMargins(top: 8 + inset)
    }

    /// Marks the feed shown.
    func show(_ kind: HomeFeedKind) {
        forYou.setCSSClass("selected", kind == .forYou)
        following.setCSSClass("selected", kind == .following)
        forYou.setAccessiblePressed(kind == .forYou)
        following.setAccessiblePressed(kind == .following)
    }
}
