import Foundation
import FeedCore
import FeedMedia
import GLibKit
public import GtkKit
import Localization

/// The app's window: pages in a stack above the bottom tab bar, and the keyboard shortcuts.
@MainActor
public final class MainWindow {
    public let window: Window
    private let stack = Stack()
    private let tabBar = TabBar()
    private let feed: FeedController
    private let application: Application
    private var pages: [StatusPage] = []

    public init(application: Application, environment: FeedEnvironment, launchTimeUs: Int64) throws {
        self.application = application
        self.environment = environment
        Theme.install()
        window = Window(application: application)
        // TRANSLATORS: the window title, the app's name; usually kept as it is.
        window.title = tr("Loopfeed")
        window.setIconName("io.github.loopfeed.Loopfeed")
        window.addCSSClass("loopfeed")
        window.setDefaultSize(width: 450, height: 800)
        feed = try FeedController(environment: environment, launchTimeUs: launchTimeUs)

        stack.setExpand(horizontal: true, vertical: true)
        stack.setTransition(crossfade: 120)
        stack.add(feed.view.root, name: TabBar.Tab.home.rawValue, title: TabBar.Tab.home.title)
        thumbnails = ThumbnailGenerator(directory: environment.cacheDirectory.appendingPathComponent("thumbnails"),
                                        width: GridLayout.maximumTile)
        discover = DiscoverPage(repository: environment.repository, thumbnails: thumbnails,
                                playableURI: environment.playableURI)
        stack.add(discover.root, name: TabBar.Tab.discover.rawValue, title: TabBar.Tab.discover.title)
        resultsPage.setExpand(horizontal: true, vertical: true)
        // TRANSLATORS: the title of the page showing a feed of search results or a profile's videos.
        stack.add(resultsPage, name: Self.resultsPageName, title: tr("Results"))
        create = CreatePage(CreatePage.Dependencies(
            makeDevices: environment.makeDevices, repository: environment.repository, events: environment.events,
            clock: environment.clock, dataDirectory: environment.dataDirectory,
            audioSinkDescription: environment.audioSinkDescription, preferences: environment.preferences,
            sounds: environment.sounds, videosFolder: environment.videosFolder))
        create.parentWindow = window
        stack.add(create.root, name: TabBar.Tab.create.rawValue, title: TabBar.Tab.create.title)
        inbox = InboxPage(InboxPage.Dependencies(
            repository: environment.repository, thumbnails: thumbnails, playableURI: environment.playableURI,
            filePath: environment.filePath(for:)))
        stack.add(inbox.root, name: TabBar.Tab.inbox.rawValue, title: TabBar.Tab.inbox.title)
        let profileDeps = ProfilePage.Dependencies(
            repository: environment.repository, thumbnails: thumbnails, playableURI: environment.playableURI,
            filePath: environment.filePath(for:), cacheDirectory: environment.cacheDirectory, clock: environment.clock)
        ownProfile = ProfilePage(profileDeps)
        authorProfile = ProfilePage(profileDeps)
        stack.add(ownProfile.root, name: TabBar.Tab.profile.rawValue, title: TabBar.Tab.profile.title)
        // TRANSLATORS: the title of the page showing another person's profile.
        stack.add(authorProfile.root, name: Self.authorPageName, title: tr("Author"))
        let authorBack = Button(iconName: "go-previous-symbolic")
        authorBack.addCSSClass("results-back")
        authorBack.setAlign(horizontal: .start, vertical: .start)
        authorBack.setMargins(top: 10, start: 10)
        authorBack.setAccessibleLabel(tr("Back"))
        authorBack.tooltip = tr("Back (Esc)")
        authorProfile.root.addOverlay(authorBack)
        authorBack.onClicked { [weak self] in self?.closeAuthor() }

        let layout = Box(.vertical)
        layout.append(stack)
        layout.append(tabBar.root)
        let root = Overlay()
        root.setChild(layout)
        comments = CommentsSheet(CommentsSheet.Dependencies(
            repository: environment.repository, events: environment.events, clock: environment.clock,
            selfHandle: environment.selfHandle, filePath: environment.filePath(for:)))
        root.addOverlay(comments.layer)
        window.setChild(root)
        comments.onPostChanged = { [weak self] post in
            self?.feed.postUpdated(post)
            self?.results?.postUpdated(post)
        }
        feed.onOpenComments = { [weak self] post in self?.comments.open(post) }
        feed.onHashtag = { [weak self] tag in self?.openDiscover(query: "#" + tag) }
        feed.onMention = { [weak self] handle in self?.openMention(handle) }
        feed.onOpenProfile = { [weak self] author in self?.openAuthor(author) }
        inbox.onOpen = { [weak self] post, openComments in
            self?.openResults([post], at: 0, returningTo: .inbox)
            if openComments { self?.comments.open(post) }
        }
        inbox.onOpenProfile = { [weak self] author in self?.openAuthor(author) }
        create.onPosted = { [weak self] _ in
            guard let self else { return }
            // A render that ends while the user is elsewhere doesn't pull them away.
            if stack.visibleName == TabBar.Tab.create.rawValue { select(.home) }
            feed.reloadFromStart()
        }
        create.onNotice = { [weak self] message in self?.feed.view.flash(message) }
        ownProfile.onEdit = { [weak self] author in self?.editProfile(author) }
        authorProfile.onEdit = { [weak self] author in self?.editProfile(author) }
        tabBar.setBadge(.inbox, count: inbox.unseenCount)
        ownProfile.onOpen = { [weak self] posts, index in self?.openResults(posts, at: index, returningTo: .profile) }
        authorProfile.onOpen = { [weak self] posts, index in self?.openResults(posts, at: index, returningTo: nil) }
        for profile in [ownProfile!, authorProfile!] {
            profile.onFlash = { [weak self] message in self?.feed.view.flash(message) }
        }
        discover.onOpen = { [weak self] posts, index in self?.openResults(posts, at: index, returningTo: .discover) }
        tabBar.onSelect = { [weak self] tab in self?.select(tab) }
        installShortcuts()
        window.onNotify("visible") { [weak self] in self?.visibilityChanged() }
        // A key released while another window has focus never reaches us: R counts as up.
        window.onNotify("is-active") { [weak self] in
            guard let self, !window.isActive, recordKeyDown else { return }
            recordKeyDown = false
            if create.isActive { create.release() }
        }
        window.onSurfaceStateChanged { [weak self] in self?.visibilityChanged() }
        // Fullscreen is the video alone: no tab bar (F, F11 or Esc brings it back).
        window.onNotify("fullscreened") { [weak self] in
            guard let self else { return }
            tabBar.root.isVisible = !window.isFullscreen
        }
        window.onNotify("focus-widget") { [weak self] in
            guard let self, let focus = window.focusDescription else { return }
            environment.events?.emit(.focus(widget: focus.widget, name: focus.name))
        }
        feed.onPlaybackChanged = { [weak self] playing in self?.playbackChanged(playing) }
        feed.onCurrentChanged = { [weak self] _ in self?.publishState() }
        mpris = MprisAdapter(state: mprisState, actions: MprisAdapter.Actions(
            // Media keys act on the feed on screen (Home when none is).
            next: { [weak self] in self?.mediaFeed?.move(by: 1) },
            previous: { [weak self] in self?.mediaFeed?.move(by: -1) },
            play: { [weak self] in self?.mediaFeed?.play() },
            pause: { [weak self] in self?.mediaFeed?.pause() },
            playPause: { [weak self] in self?.mediaFeed?.togglePause() },
            stop: { [weak self] in self?.mediaFeed?.stop() },
            raise: { [weak self] in self?.window.present() },
            quit: { [weak self] in self?.window.close() },
            setVolume: { [weak self] volume in
                self?.feed.setVolume(volume)
                self?.publishState()
            }))
        mpris?.positionUs = { [weak self] in self?.feed.positionUs ?? 0 }
    }

    public var postCount: Int { feed.postCount }

    /// Closes the dialogs while this window still exists: a dialog disposed after its parent
    /// unsets its transient-for on a dead window.
    public func teardown() {
        feed.teardown()
        results?.teardown()
        profileEditor?.close()
        profileEditor = nil
        create.deactivate()
        shortcutsWindow?.close()
        shortcutsWindow = nil
    }

    /// Shows the window and starts the feed.
    public func start() {
        window.present()
        // GTK would focus the first control it finds (the Home tab): nothing has focus until
        // the user presses Tab, which then starts at the video's rail.
        window.clearFocus()
        feed.start()
        if create.leftoverClip != nil {
            feed.view.flash(tr("Your recording from last time was kept: open + to finish it."))
        }
    }

    private func addStatusPage(_ tab: TabBar.Tab, icon: String, title: String, detail: String) {
        let page = StatusPage(iconName: icon, title: title, detail: detail)
        pages.append(page)
        stack.add(page.root, name: tab.rawValue, title: tab.title)
    }

    private func select(_ tab: TabBar.Tab) {
        closeResults(returning: false)
        if tab != .create, create.isActive { create.deactivate() }
        stack.visibleName = tab.rawValue
        tabBar.select(tab)
        if tab == .discover { discover.prepare() }
        if tab == .create { create.activate() }
        if tab == .inbox {
            inbox.show()
            tabBar.setBadge(.inbox, count: 0)
        }
        if tab == .profile, let me = try? environment.repository.author(handle: selfHandle) {
            ownProfile.show(me)
        }
        feed.setVisible(tab == .home && window.isVisible && !window.isMinimized)
    }

    private var mediaFeed: FeedController? { activeFeed ?? feed }

    /// A clicked @mention opens that profile, or says there is no such person here.
    private func openMention(_ handle: String) {
        if let author = try? environment.repository.author(handle: handle) {
            openAuthor(author)
        } else {
            (activeFeed ?? feed).view.flash(tr("No one called @{handle} is on Loopfeed here.", ["handle": handle]))
        }
    }

    private func visibilityChanged() {
        let shown = window.isVisible && !window.isMinimized
        feed.setVisible(shown && stack.visibleName == TabBar.Tab.home.rawValue)
        results?.setVisible(shown && stack.visibleName == Self.resultsPageName)
    }

    private var inhibitCookie: UInt32 = 0
    private let thumbnails: ThumbnailGenerator
    private let discover: DiscoverPage
    private let environment: FeedEnvironment
    /// A feed over search results or a profile grid, shown above the page it came from.
    private var results: FeedController?
    private var resultsReturnPage: String = TabBar.Tab.discover.rawValue
    private let resultsPage = Overlay()
    private static let resultsPageName = "results"
    private static let authorPageName = "author"
    private var ownProfile: ProfilePage!
    private var inbox: InboxPage!
    private var create: CreatePage!
    /// R is held (its autorepeated presses are ignored until it is released).
    private var recordKeyDown = false
    private var authorProfile: ProfilePage!
    /// Where the author page's Back goes: the page it was opened from.
    private var authorReturnPage: String = TabBar.Tab.home.rawValue
    private var comments: CommentsSheet!
    private var mpris: MprisAdapter?

    private var mprisState: MprisAdapter.State {
        let post = feed.current
        let art = post.map { feed.thumbnailPath(for: $0) }.flatMap {
            FileManager.default.fileExists(atPath: $0) ? URL(fileURLWithPath: $0).absoluteString : nil
        }
        return MprisAdapter.State(post: post, playing: feed.isPlaying, stopped: feed.stopped, volume: feed.volume,
                                  canGoNext: feed.canGoNext, canGoPrevious: feed.canGoPrevious,
                                  lengthUs: feed.durationUs, url: post.map(feed.playableURI(for:)) ?? "",
                                  artURL: art)
    }

    private func publishState() { mpris?.update(mprisState) }

    /// The screensaver stays off only while a video plays.
    private func playbackChanged(_ playing: Bool) {
        publishState()
        if playing, inhibitCookie == 0 {
            inhibitCookie = application.inhibitIdle(window: window, reason: tr("Playing a video"))
        } else if !playing, inhibitCookie != 0 {
            application.uninhibit(inhibitCookie)
            inhibitCookie = 0
        }
    }

    private func installShortcuts() {
        let keys = KeyController()
        // Capture phase: a focused button must not swallow Space.
        keys.setPhase(.capture)
        keys.onKeyPressed { [weak self] key in self?.handleKey(key) ?? false }
        keys.onKeyReleased { [weak self] key in
            // Holding R records; the release ends the segment (however long the autorepeat ran).
            guard key.name == "r" || key.name == "R", let self else { return }
            recordKeyDown = false
            if create.isActive { create.release() }
        }
        window.addController(keys)
        application.addAction("quit") { [weak self] in self?.window.close() }
        application.setAccelerators(Shortcuts.shortcut(for: .quit).keys, forAction: "app.quit")
        application.addAction("shortcuts") { [weak self] in self?.showShortcuts() }
        application.setAccelerators(Shortcuts.shortcut(for: .showShortcuts).keys, forAction: "app.shortcuts")
        application.addAction("search") { [weak self] in
            self?.select(.discover)
            self?.discover.focusSearch()
        }
        application.setAccelerators(Shortcuts.shortcut(for: .search).keys, forAction: "app.search")
    }

    private var profileEditor: ProfileEditor?

    private func editProfile(_ author: Author) {
        let editor = ProfileEditor(author: author, parent: window, repository: environment.repository,
                                   dataDirectory: environment.dataDirectory,
                                   avatarPath: environment.filePath(for: author.avatarURI))
        editor.onSaved = { [weak self] saved in
            guard let self else { return }
            selfHandle = saved.handle
            ownProfile.show(saved)
            if authorProfile.author?.id == saved.id { authorProfile.show(saved) }
            feed.authorUpdated(saved)
            results?.authorUpdated(saved)
        }
        profileEditor = editor
        editor.present()
    }

    /// The user's handle now (they may change it).
    private lazy var selfHandle: String = environment.selfHandle

    /// Opens a profile over the current page, with Back: also your own when clicked in a feed,
    /// so Esc returns to the video as it does for anyone else's.
    private func openAuthor(_ author: Author) {
        let stored = (try? environment.repository.author(handle: author.handle)) ?? author
        authorReturnPage = stack.visibleName ?? TabBar.Tab.home.rawValue
        authorProfile.show(stored)
        activeFeed?.setVisible(false)
        stack.visibleName = Self.authorPageName
    }

    private func closeAuthor() {
        // The results feed it came from may have been replaced since (a video opened from
        // this profile): fall back to where that feed came from.
        if authorReturnPage == Self.resultsPageName && results == nil {
            authorReturnPage = resultsReturnPage
        }
        stack.visibleName = authorReturnPage
        if let tab = TabBar.Tab(rawValue: authorReturnPage) { tabBar.select(tab) }
        if authorReturnPage == Self.resultsPageName { results?.setVisible(true) }
        if authorReturnPage == TabBar.Tab.home.rawValue { feed.setVisible(true) }
    }

    private func openDiscover(query: String) {
        select(.discover)
        discover.show(query: query)
    }

    /// Opens a feed over `posts` at `index`; Esc or Back returns to the page it came from.
    private func openResults(_ posts: [Post], at index: Int, returningTo tab: TabBar.Tab?) {
        closeResults(returning: false)
        do {
            let controller = try FeedController(environment: environment, launchTimeUs: environment.clock.nowMicroseconds(),
                                                content: .fixed(posts: posts, start: index))
            controller.onOpenComments = { [weak self] post in self?.comments.open(post) }
            controller.onHashtag = { [weak self] tag in self?.openDiscover(query: "#" + tag) }
            controller.onMention = { [weak self] handle in self?.openMention(handle) }
            controller.onOpenProfile = { [weak self] author in self?.openAuthor(author) }
            controller.onPlaybackChanged = { [weak self] playing in self?.playbackChanged(playing) }
            resultsPage.setChild(controller.view.root)
            let back = Button(iconName: "go-previous-symbolic")
            back.addCSSClass("results-back")
            back.setAlign(horizontal: .start, vertical: .start)
            back.setMargins(top: 10, start: 10)
            back.setAccessibleLabel(tr("Back"))
            back.tooltip = tr("Back (Esc)")
            back.onClicked { [weak self] in self?.closeResults(returning: true) }
            resultsPage.addOverlay(back)
            resultsBack = back
            results = controller
            resultsReturnPage = tab?.rawValue ?? (stack.visibleName ?? TabBar.Tab.home.rawValue)
            stack.visibleName = Self.resultsPageName
            feed.setVisible(false)
            controller.start()
        } catch {
            discover.show(query: discover.search.text)
        }
    }

    private var resultsBack: Button?

    /// Leaves the results feed; `returning` goes back to the page it was opened from.
    private func closeResults(returning: Bool) {
        guard let controller = results else { return }
        controller.setVisible(false)
        if let back = resultsBack { resultsPage.removeOverlay(back) }
        resultsPage.clearChild()
        resultsBack = nil
        results = nil
        if returning {
            stack.visibleName = resultsReturnPage
            if let tab = TabBar.Tab(rawValue: resultsReturnPage) { tabBar.select(tab) }
            // Likes made in the results feed show in the grid it came from.
            ownProfile.refresh()
            authorProfile.refresh()
        }
    }

    private var shortcutsWindow: ShortcutsWindow?

    /// The shortcuts window lists FeedCore's table: what the keys do is written once.
    private func showShortcuts() {
        if shortcutsWindow == nil {
            shortcutsWindow = ShortcutsWindow(sections: Shortcuts.sections.map { section, shortcuts in
                (section.title, shortcuts.map { ShortcutsWindow.Shortcut($0.keys.joined(separator: " "), $0.title) })
            }, transientFor: window)
        }
        shortcutsWindow?.present()
    }

    private func handleKey(_ key: KeyPress) -> Bool {
        let control = key.modifiers.contains(.control), alt = key.modifiers.contains(.alt)
        let action = Shortcuts.action(forKey: key.name, control: control, alt: alt, shift: key.modifiers.contains(.shift))
        let onCreate = stack.visibleName == TabBar.Tab.create.rawValue
        if action == .post, onCreate { return create.postShortcut() }
        // The other modified shortcuts are application actions with accelerators.
        if control || alt { return false }
        // Single-key shortcuts never fire while typing, nor while the share menu has the keys.
        if window.focusIsInText || activeFeed?.isShareMenuOpen == true { return false }
        if onCreate, let character = key.character, create.startCaption(with: character) { return true }
        switch action {
        case .next where onCreate:
            return create.returnPressed()
        case .record where !create.isReviewing:
            // Held keys repeat: only the first press of a hold counts (a repeat would cancel
            // and restart the self-timer, or reopen a missing camera 25 times a second).
            guard !recordKeyDown else { return true }
            recordKeyDown = true
            if !onCreate { select(.create) }
            create.press()
        case .fullscreen:
            window.isFullscreen ? window.unfullscreen() : window.fullscreen()
        case .leave:
            if comments.isOpen {
                comments.close()
            } else if stack.visibleName == Self.authorPageName {
                closeAuthor()
            } else if results != nil, stack.visibleName == Self.resultsPageName {
                closeResults(returning: true)
            } else if window.isFullscreen {
                window.unfullscreen()
            } else {
                return false
            }
        case .comments where activeFeed != nil:
            if comments.isOpen { comments.close() } else if let post = activeFeed?.current { comments.open(post) }
        case let action?:
            // Paging under an open sheet would change the post it shows.
            return !comments.isOpen && handleFeedAction(action)
        case nil:
            return false
        }
        return true
    }

    /// The feed on screen: search or profile results above everything, else Home when shown.
    private var activeFeed: FeedController? {
        if let results, stack.visibleName == Self.resultsPageName { return results }
        return stack.visibleName == TabBar.Tab.home.rawValue ? feed : nil
    }

    private func handleFeedAction(_ action: ShortcutAction) -> Bool {
        guard let feed = activeFeed else { return false }
        switch action {
        case .nextVideo: feed.move(by: 1)
        case .previousVideo: feed.move(by: -1)
        case .firstVideo: feed.goToFirst()
        case .playPause: feed.togglePause()
        case .like: feed.likeCurrent()
        case .mute: feed.toggleMute()
        case .share: feed.shareCurrent()
        default: return false
        }
        return true
    }
}
