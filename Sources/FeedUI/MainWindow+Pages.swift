import FeedPresentation
import FeedCore
import GLibKit
import GtkKit
import Localization

/// The tabs' pages other than the feed, made when first shown or, at the latest, one by one
/// just after the feed's first frame: made before it, with their widgets, styles and
/// accessible names, they cost the launch about 40 ms of the main thread (perf: the two
/// profile pages 15 ms, the recorder 13 ms).
extension MainWindow {
    var discover: DiscoverPage {
        if let discoverPage { return discoverPage }
        let page = DiscoverPage(deps.discover, networks: networksEditor)
        page.onOpen = { [weak self] posts, index in self?.openResults(posts, at: index) }
        page.onOpenRemote = { [weak self] list, index in self?.openRemoteResults(list, at: index) }
        page.onOpenChannel = { [weak self] channel in self?.openChannel(channel.actor) }
        page.onOpenProfile = { [weak self] author in self?.openAuthor(author) }
        page.onOpenPreferences = { [weak self] in self?.showPreferences() }
        stack.add(page.root, name: TabBar.Tab.discover.rawValue, title: TabBar.Tab.discover.title)
        discoverPage = page
        return page
    }

    var create: CreatePage {
        if let createPage { return createPage }
        let page = CreatePage(deps.create)
        page.parentWindow = window
        page.onPosted = { [weak self] _ in
            guard let self else { return }
            // A render that ends while the user is elsewhere doesn't pull them away.
            if navigator.current == .tab(.create) { navigator.select(.home) }
            feed.session.reloadFromStart()
        }
        page.onNotice = { [weak self] message in self?.feed.view.flash(message) }
        stack.add(page.root, name: TabBar.Tab.create.rawValue, title: TabBar.Tab.create.title)
        createPage = page
        if page.leftoverClip != nil {
            feed.view.flash(tr("Your recording from last time was kept: open + to finish it."))
        }
        return page
    }

    var inbox: InboxPage {
        if let inboxPage { return inboxPage }
        let page = InboxPage(deps.inbox)
        page.onOpen = { [weak self] post, openComments in
            self?.openResults([post], at: 0)
            if openComments { self?.openComments(post) }
        }
        page.onOpenProfile = { [weak self] author in self?.openAuthor(author) }
        stack.add(page.root, name: TabBar.Tab.inbox.rawValue, title: TabBar.Tab.inbox.title)
        inboxPage = page
        return page
    }

    /// Your own profile (the Profile tab, with Edit and the cache button).
    var ownProfile: ProfilePage {
        if let ownProfilePage { return ownProfilePage }
        let page = makeProfilePage()
        stack.add(page.root, name: TabBar.Tab.profile.rawValue, title: TabBar.Tab.profile.title)
        ownProfilePage = page
        return page
    }

    /// Another author's profile, opened over the page it came from, with Back.
    var authorProfile: ProfilePage {
        if let authorProfilePage { return authorProfilePage }
        let page = makeProfilePage()
        let back = Button(iconName: "go-previous-symbolic")
        back.addCSSClass("results-back")
        back.setAlign(horizontal: .start, vertical: .start)
        back.setMargins(top: 10, start: 10)
        back.setAccessibleLabel(tr("Back"))
        back.tooltip = tr("Back (Esc)")
        back.onClicked { [weak self] in self?.navigator.back() }
        page.root.addOverlay(back)
        // TRANSLATORS: the title of the page showing another person's profile.
        stack.add(page.root, name: Self.authorPageName, title: tr("Author"))
        authorProfilePage = page
        return page
    }

    private func makeProfilePage() -> ProfilePage {
        let page = ProfilePage(deps.profile)
        page.onEdit = { [weak self] author in self?.editProfile(author) }
        page.onOpen = { [weak self] posts, index in self?.openResults(posts, at: index) }
        page.onFlash = { [weak self] message in self?.feed.view.flash(message) }
        return page
    }

    /// The tab's page, made now if it was not yet (before the stack is asked to show it).
    func makePage(for tab: TabBar.Tab) {
        switch tab {
        case .home: break
        case .discover: _ = discover
        case .create: _ = create
        case .inbox: _ = inbox
        case .profile: _ = ownProfile
        }
    }

    /// After the feed's first frame: the pages not made yet, one per idle turn of the main loop,
    /// so a video that plays meanwhile waits for at most one of them at a time.
    func prepareOtherPages() {
        feed.onFirstFrame = nil
        onFirstFrame?()
        onFirstFrame = nil
        prepareNextPage(0)
    }

    private func prepareNextPage(_ index: Int) {
        MainLoop.invoke(priority: MainLoop.priorityIdle) { [weak self] in
            guard let self else { return }
            switch index {
            case 0: _ = create
            case 1: _ = inbox
            case 2: _ = discover
            case 3: _ = ownProfile
            case 4: _ = authorProfile
            default: return
            }
            prepareNextPage(index + 1)
        }
    }
}
