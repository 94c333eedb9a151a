import FeedPresentation
import FeedCore
import GtkKit

/// The window's keys: FeedCore's shortcut table, decided by what is on screen.
extension MainWindow {
    func installShortcuts() {
        let keys = KeyController()
        // Capture phase: a focused button must not swallow Space.
        keys.setPhase(.capture)
        keys.onKeyPressed { [weak self] key in self?.handleKey(key) ?? false }
        keys.onKeyReleased { [weak self] key in
            // Holding R records; the release ends the segment (however long the autorepeat ran).
            guard key.name == "r" || key.name == "R", let self else { return }
            recordKeyDown = false
            if createPage?.isActive == true { create.release() }
        }
        window.addController(keys)
        application.addAction("quit") { [weak self] in self?.window.close() }
        application.setAccelerators(Shortcuts.shortcut(for: .quit).keys, forAction: "app.quit")
        application.addAction("shortcuts") { [weak self] in self?.showShortcuts() }
        application.setAccelerators(Shortcuts.shortcut(for: .showShortcuts).keys, forAction: "app.shortcuts")
        application.addAction("search") { [weak self] in
            self?.navigator.select(.discover)
            self?.discover.focusSearch()
        }
        application.setAccelerators(Shortcuts.shortcut(for: .search).keys, forAction: "app.search")
        application.addAction("add-files") { [weak self] in self?.chooseVideosToAdd() }
        application.setAccelerators(Shortcuts.shortcut(for: .addFiles).keys, forAction: "app.add-files")
        application.addAction("add-folder") { [weak self] in self?.chooseFolderToAdd() }
        application.setAccelerators(Shortcuts.shortcut(for: .addFolder).keys, forAction: "app.add-folder")
        application.addAction("add-feed") { [weak self] in self?.showAddFeed() }
        application.setAccelerators(Shortcuts.shortcut(for: .addFeed).keys, forAction: "app.add-feed")
        application.addAction("following") { [weak self] in self?.showFollowing() }
        application.setAccelerators(Shortcuts.shortcut(for: .following).keys, forAction: "app.following")
        application.addAction("preferences") { [weak self] in self?.showPreferences() }
        application.setAccelerators(Shortcuts.shortcut(for: .preferences).keys, forAction: "app.preferences")
    }

    private func handleKey(_ key: KeyPress) -> Bool {
        let control = key.modifiers.contains(.control), alt = key.modifiers.contains(.alt)
        let action = Shortcuts.action(forKey: key.name, control: control, alt: alt, shift: key.modifiers.contains(.shift))
        let onCreate = navigator.current == .tab(.create)
        if action == .post, onCreate { return create.postShortcut() }
        if action == .pasteAddress, !window.focusIsInText {
            pasteAddress()
            return true
        }
        // The other modified shortcuts are application actions with accelerators.
        if control || alt { return false }
        // Single-key shortcuts never fire while typing, nor while the share or CC menu has the keys.
        if window.focusIsInText || activeFeed?.isShareMenuOpen == true || activeFeed?.isCaptionsMenuOpen == true
            || activeFeed?.why.isOpen == true { return false }
        if onCreate, let character = key.character, create.startCaption(with: character) { return true }
        switch action {
        case .next where onCreate && !focusTakesEnter:
            return create.returnPressed()
        case .record where createPage?.isReviewing != true:
            // Held keys repeat: only the first press of a hold counts (a repeat would cancel
            // and restart the self-timer, or reopen a missing camera 25 times a second).
            guard !recordKeyDown else { return true }
            recordKeyDown = true
            if !onCreate { navigator.select(.create) }
            create.press()
        case .fullscreen:
            window.isFullscreen ? window.unfullscreen() : window.fullscreen()
        case .leave:
            if comments.isOpen {
                comments.close()
            } else if navigator.canGoBack {
                navigator.back()
            } else if window.isFullscreen {
                window.unfullscreen()
            } else {
                return false
            }
        case .comments where activeFeed != nil:
            if comments.isOpen { comments.close() } else if let post = activeFeed?.current { openComments(post) }
        case let action?:
            // Paging under an open sheet would change the post it shows.
            return !comments.isOpen && handleFeedAction(action)
        case nil:
            return false
        }
        return true
    }

    /// A button, switch or link focused from the keyboard: Enter presses it (the one with the
    /// ring), not Next. One focused by a click shows no ring and leaves Enter to Next.
    private var focusTakesEnter: Bool {
        guard let focus = window.focusInWindow, focus.visible else { return false }
        return ["GtkButton", "GtkToggleButton", "GtkCheckButton", "GtkSwitch", "GtkMenuButton", "GtkLinkButton"]
            .contains(focus.widget) || !focus.link.isEmpty
    }

    private func handleFeedAction(_ action: ShortcutAction) -> Bool {
        guard let feed = activeFeed else { return false }
        switch action {
        case .nextVideo: feed.session.move(by: 1)
        case .previousVideo: feed.session.move(by: -1)
        case .firstVideo: feed.session.goToFirst()
        case .playPause: feed.session.togglePause()
        case .like: feed.session.likeCurrent()
        case .mute: feed.toggleMute()
        case .seekBack: feed.seek(bySteps: -1)
        case .seekForward: feed.seek(bySteps: 1)
        case .volumeUp: feed.stepVolume(by: 1)
        case .volumeDown: feed.stepVolume(by: -1)
        case .captions: feed.captions?.toggle()
        case .share: feed.shareCurrent()
        case .switchFeed where feed.isHome: feed.switchHome()
        case .whyThisVideo where feed.isHome: feed.explainCurrent()
        case .notInterested where feed.isHome: feed.dismissCurrent(.notInterested)
        case .hideCreator where feed.isHome: feed.dismissCurrent(.hidCreator)
        default: return false
        }
        return true
    }
}
