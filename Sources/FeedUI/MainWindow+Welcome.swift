import FeedCore
import Localization

/// A first launch: the card says the videos are samples and offers the ways to get more; it goes
/// once closed or once the user has taken one of them.
extension MainWindow {
    func showWelcome() {
        welcome.onAddVideos = { [weak self] in
            self?.hideWelcome()
            self?.chooseVideosToAdd()
        }
        welcome.onFollow = { [weak self] in
            self?.hideWelcome()
            self?.showAddFeed()
        }
        welcome.onClose = { [weak self] in self?.hideWelcome() }
        welcome.root.isVisible = true
        deps.events?.emit(.notice(message: tr("Welcome to Loopfeed")))
    }

    func hideWelcome() {
        guard welcome.root.isVisible else { return }
        welcome.root.isVisible = false
        // The focus was on one of its buttons: the window takes it back, not a hidden control.
        window.clearFocus()
    }
}

extension MainWindow {
    /// The comments sheet over the feed (the welcome, Home's, goes first: the sheet is on top).
    func openComments(_ post: Post) {
        hideWelcome()
        comments.open(post)
    }
}
