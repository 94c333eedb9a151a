import FeedPresentation
import FeedCore
import FeedMedia
import Foundation
import GLibKit
import GtkKit
import Localization

/// Discover: one search field over two places, switched by the scope chips: the networks the
/// user reads (shelves, Loops' tags, channels and videos; DiscoverPage+Networks) and this
/// computer (hashtags, people and videos, as before). Each row of chips is one Tab stop with
/// the arrows inside. Clicking a result opens its feed, a channel or a person their page.
@MainActor
final class DiscoverPage {
    let root = Box(.vertical)
    // Short enough to stay whole at 1.5x text in a 360-pixel window; the tooltip says it all.
    let search = SearchEntry(placeholder: tr("Search videos, people"))
    /// GTK's pause before the field says its text changed (its default is 150 ms): the one
    /// pause before the networks are asked.
    static let searchDelayMilliseconds: UInt32 = 100
    /// What `typed()` last searched for.
    private var lastTyped = ""
    let indexNote = Label()
    // TRANSLATORS: the chips that choose where Discover looks, for screen readers.
    let scopes = ChipGroup(label: tr("Where to look"), mode: .choice, cssClass: "scope-chip")
    // TRANSLATORS: the chips that choose which videos of the networks Discover shows.
    let shelves = ChipGroup(label: tr("Which videos"), mode: .choice)
    // TRANSLATORS: the chips that let other shapes and lengths into Discover's results.
    let filters = ChipGroup(label: tr("Filters"), mode: .toggles)
    // TRANSLATORS: the hashtags the networks offer to explore, for screen readers.
    let networkTags = ChipGroup(label: tr("Tags on the networks"), mode: .choice)
    // TRANSLATORS: the hashtags used most on this computer, for screen readers.
    let localTags = ChipGroup(label: tr("Trending hashtags"), mode: .actions)
    let status = Label()
    // TRANSLATORS: opens Preferences at the networks Discover reads.
    let setUpNetworks = Button(label: tr("Add networks…"))
    let scroller = ScrolledWindow()
    let people: PersonList
    let channels: PersonList
    let videosHeading = Label(tr("Videos"))
    let localGrid: PostGrid
    let remoteGrid: RemoteVideoGrid
    let store: DiscoverStore
    let network: NetworkDiscoverStore?
    let deps: DiscoverDependencies
    /// The networks the user reads (Preferences), which say when they change.
    let networks: NetworksEditor
    private(set) var scope: DiscoverScope
    var onOpen: ((_ posts: [Post], _ index: Int) -> Void)? {
        get { localGrid.onOpen }
        set { localGrid.onOpen = newValue }
    }
    var onOpenRemote: ((_ list: RemoteVideoList, _ index: Int) -> Void)?
    var onOpenChannel: ((RemoteChannel) -> Void)?
    var onOpenProfile: ((Author) -> Void)?
    var onOpenPreferences: (() -> Void)?

    init(_ deps: DiscoverDependencies, networks: NetworksEditor) {
        self.deps = deps
        self.networks = networks
        store = DiscoverStore(repository: deps.repository, events: deps.events, clock: deps.clock)
        network = deps.explorer.map { NetworkDiscoverStore(explorer: $0, networks: networks, events: deps.events) }
        scope = networks.hasOwnServers && deps.explorer != nil ? .networks : .thisComputer
        localGrid = PostGrid(thumbnails: deps.thumbnails, playableURI: deps.playableURI)
        remoteGrid = RemoteVideoGrid(images: deps.images)
        // TRANSLATORS: Discover's heading over the people whose name matches the search.
        people = PersonList(title: tr("People"), images: deps.images)
        // TRANSLATORS: Discover's heading over the channels and accounts found on the networks.
        channels = PersonList(title: tr("Channels"), images: deps.images)
        root.addCSSClass("discover-page")
        search.setMargins(top: 10, bottom: 6, start: 10, end: 10)
        // TRANSLATORS: the search field (a noun, or the verb as on a button).
        search.setAccessibleLabel(tr("Search"))
        search.tooltip = tr("Search videos, people, channels, #hashtags")
        // A quick typist's keys come 80-120 ms apart: the field says its text changed once they
        // pause, and this computer and the networks are searched then; Enter does not wait.
        search.searchDelay = Self.searchDelayMilliseconds
        search.onSearchChanged { [weak self] in self?.typed() }
        search.onActivate { [weak self] in self?.typed() }
        root.append(search)
        indexNote.addCSSClass("discover-note")
        indexNote.setWrap(true)
        indexNote.setXAlign(0)
        indexNote.setMargins(bottom: 6, start: 14, end: 14)
        root.append(indexNote)
        for row in [scopes, shelves, filters, networkTags, localTags] {
            row.root.setMargins(bottom: 8)
            root.append(row.root)
        }
        scopes.show([ChipGroup.Chip(text: tr("Networks"), accessibleLabel: tr("Look on the networks")),
                     ChipGroup.Chip(text: tr("This computer"), accessibleLabel: tr("Look on this computer"))],
                    selected: [scope == .networks ? 0 : 1])
        scopes.onPress = { [weak self] index in self?.setScope(index == 0 ? .networks : .thisComputer) }
        scopes.root.isVisible = network != nil
        localTags.onPress = { [weak self] index in
            guard let self, store.trending.indices.contains(index) else { return }
            show(query: "#" + store.trending[index])
        }

        status.addCSSClass("discover-status")
        status.setWrap(true)
        status.setXAlign(0)
        status.isVisible = false
        root.append(status)
        setUpNetworks.setAlign(horizontal: .start)
        setUpNetworks.setMargins(start: 24, end: 24)
        setUpNetworks.onClicked { [weak self] in self?.onOpenPreferences?() }
        setUpNetworks.isVisible = false
        root.append(setUpNetworks)

        let content = Box(.vertical, spacing: 6)
        content.append(people.root)
        content.append(channels.root)
        videosHeading.addCSSClass("discover-heading")
        videosHeading.setXAlign(0)
        content.append(videosHeading)
        content.append(localGrid.root)
        content.append(remoteGrid.root)
        scroller.setPolicy(horizontal: false, vertical: true)
        scroller.setExpand(horizontal: true, vertical: true)
        scroller.setChild(content)
        localGrid.follow(scroller)
        remoteGrid.follow(scroller)
        scroller.onBottomReached { [weak self] in self?.network?.videos?.loadMore() }
        root.append(scroller)

        people.onOpen = { [weak self] index in
            guard let self, store.people.indices.contains(index) else { return }
            onOpenProfile?(store.people[index])
        }
        installNetworks()
    }

    /// Shows what each place offers before anything is typed (a visit to the tab).
    func prepare() {
        store.prepare()
        localTags.show(store.trending.map { ChipGroup.Chip(text: "#" + $0, accessibleLabel: tr("Search #{tag}", ["tag": $0])) })
        if search.text.isEmpty { refresh() }
    }

    func show(query: String) {
        if query.hasPrefix("#"), scope != .networks || network == nil {
            setScope(.thisComputer, refreshing: false)
        }
        lastTyped = query
        search.text = query
        refresh()
    }

    func focusSearch() { search.grabFocus() }

    /// The words typed changed (after the field's short pause; the networks wait a little more, in
    /// NetworkDiscoverStore). GTK also says so for the empty field it starts with: the page, not
    /// yet shown, then built its grid and made every still at launch.
    private func typed() {
        guard search.text != lastTyped else { return }
        lastTyped = search.text
        refresh()
    }

    func setScope(_ scope: DiscoverScope, refreshing: Bool = true) {
        guard scope != self.scope else { return }
        self.scope = scope
        scopes.select([scope == .networks ? 0 : 1])
        if refreshing { refresh() }
    }

    func refresh() {
        switch scope {
        case .thisComputer:
            store.search(search.text)
            bindLocal()
        case .networks:
            guard let network else { return setScope(.thisComputer) }
            network.search(search.text)
            if search.text.trimmingCharacters(in: .whitespaces).isEmpty { network.prepare() }
            bindNetworks()
        }
    }

    private func bindLocal() {
        let searching = !store.query.isEmpty
        for row in [shelves, filters, networkTags] { row.root.isVisible = false }
        indexNote.isVisible = false
        setUpNetworks.isVisible = false
        localTags.root.isVisible = localTags.count > 0
        channels.show([])
        people.show(store.people.map { author in
            PersonList.Person(name: author.name, handle: author.atHandle,
                              detail: trn("{number} follower", "{number} followers", author.followers, ["number": CountFormatter.short(author.followers)]),
                              avatarFile: deps.filePath(author.avatarURI))
        })
        videosHeading.isVisible = searching && !store.people.isEmpty && !store.posts.isEmpty
        remoteGrid.root.isVisible = false
        localGrid.root.isVisible = true
        localGrid.show(store.posts)
        say(store.message)
    }

    func say(_ message: String?) {
        status.text = message ?? ""
        status.isVisible = message != nil
    }
}

extension DiscoverPage {
    /// Back from a feed over this grid's results: the grid goes to the video the feed ended on.
    func returned(from supplier: RemoteResultsFeed, at post: Post?) {
        guard scope == .networks, supplier.list === network?.videos, let key = post?.remote?.key,
              let index = supplier.list.videos.firstIndex(where: { RemotePostRef($0.identity).key == key }) else { return }
        remoteGrid.show(supplier.list.videos)
        remoteGrid.focus(index)
    }
}
