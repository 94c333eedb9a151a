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
        // The focus on one of its buttons is let go first: a hidden widget's focus would be handed
        // on to a neighbour (the rail's avatar). Nothing has it then, and the next Tab starts at
        // the first control.
        if welcome.root.containsFocus { window.clearFocus() }
        welcome.root.isVisible = false
    }
}

extension MainWindow {
    /// The comments sheet over the feed (the welcome, Home's, goes first: the sheet is on top).
    func openComments(_ post: Post) {
        hideWelcome()
        comments.open(post)
    }
}
