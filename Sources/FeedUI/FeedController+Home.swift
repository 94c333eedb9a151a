import FeedCore
import FeedPresentation
import Localization

/// Home's For You and Following on the feed's page: the switch at the top, Why this video?, and
/// Not interested and Hide this creator with their Undo.
extension FeedController {
    var isHome: Bool { session.store.home != nil }

    func installHome() {
        guard let home = session.store.home else { return }
        view.root.addOverlay(homeSwitch.root)
        view.root.addOverlay(undoToast.root)
        homeSwitch.show(home.kind)
        homeSwitch.onChoose = { [weak self] kind in self?.showHome(kind) }
    }

    /// The window's banners take `height` at its top: Home's switch sits below them.
    func clearTop(_ height: Int) {
        homeSwitch.setTop(Int32(height))
    }

    /// Home shows `kind` from its first post; the one shown already stays as it is.
    func showHome(_ kind: HomeFeedKind) {
        guard let home = session.store.home, kind != home.kind else { return }
        why.dismiss()
        undoToast.hide()
        session.showHome(kind)
        homeSwitch.show(kind)
    }

    /// The key: the other feed.
    func switchHome() {
        guard let home = session.store.home else { return }
        showHome(home.kind == .forYou ? .following : .forYou)
    }

    /// Why this video? over the post on screen.
    func explainCurrent() {
        let reasons = session.reasonsForCurrent()
        guard !reasons.isEmpty, let anchor = currentSlot?.rail.shareAnchor else { return }
        why.open(reasons, at: anchor)
    }

    /// Not interested or Hide this creator on the post on screen, with Undo.
    func dismissCurrent(_ action: InterestAction) {
        guard isHome, let post = session.dismissCurrent(action) else { return }
        let text = action == .hidCreator
            // TRANSLATORS: after Hide this creator; {name} is the creator's name.
            ? tr("You won’t see {name} in For You", ["name": post.author.name])
            : tr("You’ll see fewer videos like this")
        undoToast.show(text, undoLabel: action == .hidCreator ? tr("Undo hiding this creator") : tr("Undo Not interested")) {
            [weak self] in self?.session.undoDismiss(post, action)
        }
    }

    /// For You's choices in the share menu (Home only).
    func homeChoices() -> [ShareMenu.Choice] {
        guard isHome else { return [] }
        return [
            ShareMenu.Choice(title: tr("Why this video?")) { [weak self] in self?.explainCurrent() },
            ShareMenu.Choice(title: tr("Not interested")) { [weak self] in self?.dismissCurrent(.notInterested) },
            ShareMenu.Choice(title: tr("Hide this creator")) { [weak self] in self?.dismissCurrent(.hidCreator) },
        ]
    }
}
