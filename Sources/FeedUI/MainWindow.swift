import FeedPresentation
import Foundation
public import FeedCore
import FeedMedia
import GLibKit
public import GtkKit
import Localization

/// The app's window: pages in a stack above the bottom tab bar, and the keyboard shortcuts.
@MainActor
public final class MainWindow: PlaybackControl {
    public let window: Window
    let stack = Stack()
    let tabBar = TabBar()
    let feed: FeedController
    let application: Application

    /// `players`: the library feed's players, made (and its current post started) before GTK.
    public init(application: Application, dependencies deps: WindowDependencies, launchTimeUs: Int64,
                players: FeedPlayers? = nil) throws {
        self.application = application
        self.deps = deps
        Theme.install()
        window = Window(application: application)
        // TRANSLATORS: the window title, the app's name; usually kept as it is.
        window.title = tr("Loopfeed")
        window.setIconName("io.github.loopfeed.Loopfeed")
        window.addCSSClass("loopfeed")
        // The size and state it was left in (450x800 the first time).
        let saved = deps.preferences.load()
        window.setDefaultSize(width: Int32(saved.windowWidth), height: Int32(saved.windowHeight))
        if saved.windowMaximized { window.maximize() }
        feed = try FeedController(deps.feed, launchTimeUs: launchTimeUs, content: deps.feed.homeContent, players: players)

        stack.setExpand(horizontal: true, vertical: true)
        stack.setTransition(crossfade: 120)
        // Only the page on screen is measured: homogeneous, every tab's page was measured on
        // each layout, and the first one (mapping the window) took 90 ms longer at launch.
        stack.setHomogeneous(false)
        stack.add(feed.view.root, name: TabBar.Tab.home.rawValue, title: TabBar.Tab.home.title)
        // TRANSLATORS: the title of the page showing a feed of search results or a profile's videos.
        stack.add(results.root, name: Self.resultsPageName, title: tr("Results"))
        // The other tabs' pages are made when first shown, or just after the first frame
        // (MainWindow+Pages): building them before it cost the launch about 40 ms of the main thread.

        let layout = Box(.vertical)
        layout.append(stack)
        layout.append(tabBar.root)
        let root = Overlay()
        root.setChild(layout)
        comments = CommentsSheet(deps.comments)
        root.addOverlay(comments.layer)
        imports = ImportStore(importer: deps.imports.importer, events: deps.events)
        preferencesEditor = PreferencesEditor(store: deps.preferencesWindow.store, videosFolder: deps.preferencesWindow.videosFolder,
                                              folderExists: deps.preferencesWindow.folderExists)
        networksEditor = NetworksEditor(store: deps.preferencesWindow.store, checker: deps.preferencesWindow.serverChecker,
                                        explorer: deps.discover.explorer, run: deps.preferencesWindow.readNetworks)
        window.setChild(root)
        // Every page made here exists from here on: the wiring below may capture self.
        results.onBack = { [weak self] in self?.navigator.back() }
        comments.onPostChanged = { [weak self] post in
            self?.feed.session.postUpdated(post)
            self?.results.feed?.session.postUpdated(post)
        }
        feed.onOpenComments = { [weak self] post in self?.openComments(post) }
        followChannels(from: feed)
        comments.onLink = { [weak self] link in
            guard let self else { return }
            comments.close()
            switch link {
            case .hashtag(let tag): openDiscover(query: "#" + tag)
            case .mention(let handle): openMention(handle)
            }
        }
        feed.onHashtag = { [weak self] tag in self?.openDiscover(query: "#" + tag) }
        feed.onMention = { [weak self] handle in self?.openMention(handle) }
        feed.onOpenProfile = { [weak self] author in self?.openAuthor(author) }
        tabBar.setBadge(.inbox, count: InboxStore(repository: deps.repository).unseenCount)
        feed.onFirstFrame = { [weak self] in self?.prepareOtherPages() }
        tabBar.onSelect = { [weak self] tab in self?.navigator.select(tab) }
        navigator.onChange = { [weak self] from, to in self?.show(to, from: from) }
        installShortcuts()
        installImports(on: root)
        installUploads()
        installPreferences()
        installSignInToast(on: root)
        window.onCloseRequest { [weak self] in
            self?.saveWindowState()
            // A comment deleted with its undo still offered is deleted for good: on a remote post
            // its deletion is in the outbox then, sent now or at the next launch.
            self?.comments.deletionStands()
            return false
        }
        // The size is kept as it changes (a second after the last change), not only on close: a
        // size the disk refuses can still be said in the window, and a crash keeps it.
        for property in ["default-width", "default-height", "maximized"] {
            window.onNotify(property) { [weak self] in self?.windowStateChanged() }
        }
        window.onNotify("visible") { [weak self] in self?.visibilityChanged() }
        // A key released while another window has focus never reaches us: R counts as up.
        window.onNotify("is-active") { [weak self] in
            guard let self, !window.isActive, recordKeyDown else { return }
            recordKeyDown = false
            if createPage?.isActive == true { create.release() }
        }
        window.onSurfaceStateChanged { [weak self] in self?.visibilityChanged() }
        // Fullscreen is the video alone: no tab bar, rail, caption or controls (F, F11 or Esc
        // brings them back).
        window.onNotify("fullscreened") { [weak self] in
            guard let self else { return }
            tabBar.root.isVisible = !window.isFullscreen
            if window.isFullscreen { hideWelcome() }
            feed.setFullscreen(window.isFullscreen)
            results.feed?.setFullscreen(window.isFullscreen)
        }
        FocusEvents.report(in: window, title: window.title, events: deps.events)
        feed.onPlaybackChanged = { [weak self] playing in self?.playbackChanged(playing) }
        feed.onCurrentChanged = { [weak self] _ in self?.publishPlaybackState() }
        // Above every page: what the services behind the window could not do.
        deps.notices.show = { [weak self] kind, message in
            self?.importBanner.showResult(message)
            self?.deps.events?.emit(.error(kind: kind, message: message, postID: nil))
        }
    }

    public var postCount: Int { feed.postCount }

    public var onPlaybackStateChanged: ((PlaybackState) -> Void)?
    /// The feed's first frame is on screen (once a window).
    public var onFirstFrame: (() -> Void)?

    /// Closes the dialogs while this window still exists: a dialog disposed after its parent
    /// unsets its transient-for on a dead window.
    private func windowStateChanged() {
        windowStateTimer?.cancel()
        windowStateTimer = MainLoop.after(milliseconds: 1_000) { [weak self] in self?.saveWindowState(closing: false) }
    }

    /// Keeps the window's size and state for the next launch (as it changes, and on close while
    /// the window still exists).
    private func saveWindowState(closing: Bool = true) {
        let size = window.defaultSize, maximized = window.isMaximized
        guard size.width > 0, size.height > 0 else { return }
        do {
            try deps.preferences.update {
                $0.windowWidth = size.width
                $0.windowHeight = size.height
                $0.windowMaximized = maximized
            }
        } catch where closing {
            // The window is closing: only the log can still say it.
            deps.events?.emit(.error(kind: "preferences", message: "window size not kept: \(error.detail)", postID: nil))
        } catch {
            deps.notices.say(kind: "preferences", tr("The window’s size can’t be kept: {error}", ["error": error]))
        }
    }

    public func teardown() {
        windowStateTimer?.cancel()
        feed.teardown()
        results.clear()
        profileEditor?.close()
        profileEditor = nil
        createPage?.deactivate()
        shortcutsWindow?.close()
        shortcutsWindow = nil
        preferencesWindow?.close()
        preferencesWindow = nil
        addFeedDialog?.close()
        addFeedDialog = nil
        followingWindow?.close()
        followingWindow = nil
        addChooser?.close()
        addChooser = nil
    }

    /// Shows the window and starts the feed.
    public func start() {
        // The first post starts prerolling on its player thread first, so its pipeline gets
        // going while the window is realized and mapped here.
        feed.session.start()
        // Which of Home's feeds, with its first posts (read by the start).
        feed.session.reportHome()
        window.present()
        // GTK would focus the first control it finds (the Home tab): nothing has focus until
        // the user presses Tab, which then starts at the video's rail.
        window.clearFocus()
        startLibrary()
        // What the followed feeds published while the app was closed comes next in the feed, after
        // the video already waiting below.
        let following = deps.following
        // Which of them could not be reached is said once, quietly (Following has the details).
        let unreachable = UnreachableFeedsNotice(before: following.subscriptions.subscriptions())
        following.subscriptions.refreshAll(added: { [weak self] posts in self?.feed.session.showArrived(posts) },
                                           finished: { [weak self] failed in
            guard let self, let message = unreachable.message(failed: failed) else { return }
            feed.view.flash(message)
            deps.events?.emit(.notice(message: message))
        })
        refreshFollowedFeedsEvery(following.refreshSeconds)
        following.subscriptions.onImportedPosts = { [weak self] posts in self?.feed.session.showArrived(posts) }
        for address in following.addressesToFollow { follow(address) }
        networksEditor.addForThisRun(deps.preferencesWindow.runInstances) { [weak self] problem in
            self?.deps.notices.say(kind: "network", tr("--instance: {problem}", ["problem": problem]))
        }
        for file in following.opmlFilesToImport { importSubscriptions(from: file) }
        // (A recording kept from last time is told when the Create page is made.)
        if deps.isFirstLaunch { showWelcome() }
        let notices = deps.startupNotices
        if !notices.isEmpty {
            feed.view.flash(notices.joined(separator: "\n"))
            for notice in notices { deps.events?.emit(.notice(message: notice)) }
        }
    }

    /// While the app stays open, followed feeds are refreshed again now and then: what they
    /// publish comes next in the feed without a restart.
    private func refreshFollowedFeedsEvery(_ seconds: Int) {
        guard seconds > 0 else { return }
        refreshTimer = MainLoop.after(milliseconds: UInt32(seconds) * 1_000) { [weak self] in
            guard let self else { return }
            deps.following.subscriptions.refreshAll { [weak self] posts in self?.feed.session.showArrived(posts) }
            refreshFollowedFeedsEvery(seconds)
        }
    }

    /// Shows what the navigator says: a tab, or a page over one.
    private func show(_ route: Route, from: Route) {
        // The welcome is Home's: another page's top is never hidden behind it.
        if route != .tab(.home) { hideWelcome() }
        if from == .tab(.create), route != .tab(.create), createPage?.isActive == true { create.deactivate() }
        // A results feed no longer in the back stack lets its players go (the post it showed is
        // where the grid it came from goes back to).
        let lastShown = results.feed?.current
        if let shown = results.route, !navigator.contains(shown) { results.clear() }
        if case .channel = from, route != from, !navigator.contains(from) { channelPageView?.store.leave() }
        switch route {
        case .tab(let tab):
            makePage(for: tab)
            stack.visibleName = tab.rawValue
            // Back from a page over this tab returns to it as it was; only a new visit prepares it.
            let returning = from != .tab(tab) && navigator.tab == tab && Self.isPage(from)
            if tab == .discover, !returning { discover.prepare() }
            if tab == .create { create.activate() }
            if tab == .inbox, !returning {
                inbox.show()
                tabBar.setBadge(.inbox, count: 0)
            }
            if tab == .profile, !returning, let me = try? deps.repository.author(handle: selfHandle) {
                ownProfile.show(me)
            }
            // Likes made in a results feed show in the grid it came from.
            if returning, case .results = from { ownProfile.refresh() }
            // Back from a feed of network results: the grid, as the feed left it, at its last video.
            if returning, tab == .discover, case .remoteResults(let supplier) = from { discover.returned(from: supplier, at: lastShown) }
        case .results(let posts, let start):
            guard showResults(route, content: .fixed(posts: posts, start: start)) else { return }
        case .remoteResults(let supplier):
            guard showResults(route, content: .supplied(supplier)) else { return }
        case .channel(let actor):
            guard let page = channelPage else { return }
            page.show(actor)
            stack.visibleName = Self.channelPageName
        case .author(let author):
            let stored = (try? deps.repository.author(handle: author.handle)) ?? author
            authorProfile.show(stored)
            if case .results = from { authorProfile.refresh() }
            stack.visibleName = Self.authorPageName
        }
        tabBar.select(navigator.tab)
        visibilityChanged()
    }

    /// The results page over `content`, made unless it shows this route already; false when the
    /// feed could not be made (and Back was taken).
    private func showResults(_ route: Route, content: FeedContent) -> Bool {
        if results.route != route {
            do {
                try results.show(route, content: content, feed: deps.feed) { wireResults($0) }
            } catch {
                navigator.back()
                return false
            }
        }
        stack.visibleName = Self.resultsPageName
        return true
    }

    private static func isPage(_ route: Route) -> Bool {
        if case .tab = route { false } else { true }
    }

    private func wireResults(_ controller: FeedController) {
        followChannels(from: controller)
        controller.onOpenComments = { [weak self] post in self?.openComments(post) }
        controller.onHashtag = { [weak self] tag in self?.openDiscover(query: "#" + tag) }
        controller.onMention = { [weak self] handle in self?.openMention(handle) }
        controller.onOpenProfile = { [weak self] author in self?.openAuthor(author) }
        controller.onPlaybackChanged = { [weak self] playing in self?.playbackChanged(playing) }
        controller.setFullscreen(window.isFullscreen)
    }

    private var mediaFeed: FeedController? { activeFeed ?? feed }

    /// The "+" over a network's post follows its channel; what that brings comes next in Home.
    private func followChannels(from controller: FeedController) {
        controller.session.channelFollower = channelFollower
        controller.session.onChannelFollowed = { [weak self] posts in self?.feed.session.showNext(posts) }
    }

    /// A clicked @mention opens that profile, or says there is no such person here.
    private func openMention(_ handle: String) {
        if let author = try? deps.repository.author(handle: handle) {
            openAuthor(author)
        } else {
            (activeFeed ?? feed).view.flash(tr("No one called @{handle} is on Loopfeed here.", ["handle": handle]))
        }
    }

    private func visibilityChanged() {
        let shown = window.isVisible && !window.isMinimized
        // The sound another feed set meanwhile (each feed has its own players).
        if shown { activeFeed?.sound.reload() }
        feed.session.setVisible(shown && navigator.current == .tab(.home))
        switch navigator.current {
        case .results, .remoteResults: results.feed?.session.setVisible(shown)
        default: results.feed?.session.setVisible(false)
        }
    }

    var inhibitCookie: UInt32 = 0
    private var windowStateTimer: SourceHandle?
    private var refreshTimer: SourceHandle?
    var discoverPage: DiscoverPage?
    let deps: WindowDependencies
    /// A feed over search results or a profile grid, shown above the page it came from.
    private let results = ResultsPage()
    let navigator = Navigator()
    private static let resultsPageName = "results"
    static let authorPageName = "author"
    static let channelPageName = "channel"
    var channelPageView: ChannelPage?
    /// The one way a network's channel is followed: its page's Follow and the "+" over its posts.
    private(set) lazy var channelFollower = ChannelFollower(explorer: deps.discover.explorer,
                                                            subscriptions: deps.following.subscriptions,
                                                            actions: deps.feed.actions)
    var ownProfilePage: ProfilePage?
    var inboxPage: InboxPage?
    var createPage: CreatePage?
    /// R is held (its autorepeated presses are ignored until it is released).
    var recordKeyDown = false
    var authorProfilePage: ProfilePage?
    let comments: CommentsSheet
    let imports: ImportStore
    let importBanner = ImportBanner()
    /// The import's and the upload's banners, stacked at the top of the window.
    let banners = BannerColumn()
    /// Posts on their way to the user's channels (MainWindow+Uploads).
    var uploadBanner: UploadBanner?
    /// A first launch's word on the samples and how to get more (MainWindow+Welcome).
    let welcome = WelcomeCard()
    /// Shown over the window while files are dragged over it.
    let dropZone = Box(.vertical)
    var addChooser: FileChooser?
    let preferencesEditor: PreferencesEditor
    /// The networks Discover reads (Preferences' Networks section, `--instance`).
    let networksEditor: NetworksEditor
    var preferencesWindow: PreferencesWindow?
    /// The offer to sign in when a network's post is liked with no account for it.
    var signInToast: SignInToast?
    var addFeedDialog: AddFeedDialog?
    var followingWindow: FollowingWindow?
    var library: any LibraryWatching { deps.preferencesWindow.library }
    /// The library folders being watched (to tell a folder just added from the others).
    var watchedFolders: [String] = []

    /// The screensaver stays off only while a video plays.
    func playbackChanged(_ playing: Bool) {
        publishPlaybackState()
        if playing, inhibitCookie == 0 {
            inhibitCookie = application.inhibitIdle(window: window, reason: tr("Playing a video"))
        } else if !playing, inhibitCookie != 0 {
            application.uninhibit(inhibitCookie)
            inhibitCookie = 0
        }
    }

    private var profileEditor: ProfileEditor?

    func editProfile(_ author: Author) {
        let editor = ProfileEditor(author: author, parent: window, repository: deps.profile.repository,
                                   avatars: deps.profile.avatars, avatarPath: deps.profile.filePath(author.avatarURI))
        editor.onSaved = { [weak self] saved in
            guard let self else { return }
            selfHandle = saved.handle
            ownProfilePage?.show(saved)
            if authorProfilePage?.author?.id == saved.id { authorProfile.show(saved) }
            feed.session.authorUpdated(saved)
            results.feed?.session.authorUpdated(saved)
            deps.events?.emit(.profileSaved(handle: saved.handle, name: saved.name, bio: saved.bio))
        }
        editor.onNotSaved = { [weak self] message in
            self?.deps.events?.emit(.error(kind: "storage", message: message, postID: nil))
        }
        profileEditor = editor
        FocusEvents.report(in: editor.window, title: editor.window.title, events: deps.events)
        editor.present()
    }

    /// The user's handle now (they may change it).
    private lazy var selfHandle: String = deps.selfHandle

    /// Opens a profile over the current page, with Back: also your own when clicked in a feed,
    /// so Esc returns to the video as it does for anyone else's.
    func openAuthor(_ author: Author) {
        if openAuthorOfCurrentPost(author) { return }
        navigator.open(.author(author))
    }

    private func openDiscover(query: String) {
        navigator.select(.discover)
        discover.show(query: query)
    }

    /// Opens a feed over `posts` at `index`; Esc or Back returns to the page it came from.
    func openResults(_ posts: [Post], at index: Int) {
        navigator.open(.results(posts: posts, start: index))
    }

    private var shortcutsWindow: ShortcutsWindow?

    /// The shortcuts window lists FeedCore's table: what the keys do is written once.
    func showShortcuts() {
        if shortcutsWindow == nil {
            shortcutsWindow = ShortcutsWindow(sections: Shortcuts.sections.map { section, shortcuts in
                (section.title, shortcuts.map {
                    ShortcutsWindow.Shortcut($0.shownKeys.joined(separator: " "), $0.title, subtitle: $0.keysInWords)
                })
            }, transientFor: window)
        }
        shortcutsWindow?.present()
    }

    /// The feed on screen: search or profile results above everything, else Home when shown.
    var activeFeed: FeedController? {
        switch navigator.current {
        case .results, .remoteResults: results.feed
        case .tab(.home): feed
        default: nil
        }
    }

}
