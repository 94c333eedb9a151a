public import FeedCore
import Localization

/// Discover on the networks: before anything is typed, the instances' trending, hot or newest
/// videos (all they see, or only their own) and Loops' explore tags, a tag opening its feed;
/// typed words (a moment after the last key: every server is asked each time) find videos and
/// channels; the filter lets *any shape* and *any length* in, and what the user chose in
/// Preferences decides the sensitive ones. The videos are a `RemoteVideoList` the grid and a
/// feed over it share.
@MainActor
public final class NetworkDiscoverStore {
    /// What the grid shows before anything is typed.
    public enum Browse: Equatable, Sendable {
        case shelf(ExploreQuery.Shelf)
        case tag(String)
    }

    public private(set) var query = ""
    public private(set) var browse = Browse.shelf(.trending)
    public private(set) var localOnly = false
    public private(set) var anyShape = false
    public private(set) var anyLength = false
    public private(set) var tags: [RemoteTag] = []
    public private(set) var videos: RemoteVideoList?
    public private(set) var channels: [RemoteChannel] = []
    /// Servers that did not answer the channel search.
    public private(set) var channelFailures: [NetworkFailure] = []
    /// Anything shown changed.
    public var onChange: (() -> Void)?

    private static let searchSource = "search"

    private let explorer: any NetworkExploring
    private let networks: NetworksEditor
    private let events: EventSink?
    private var tagRequest: (any NetworkRequest)?
    private var channelRequest: (any NetworkRequest)?
    private var videosToken: Int?

    public init(explorer: any NetworkExploring, networks: NetworksEditor, events: EventSink?) {
        self.explorer = explorer
        self.networks = networks
        self.events = events
    }

    /// Whether there is anything to ask: servers of the user's own, or the search index for
    /// typed words.
    public var hasServers: Bool { !explorer.servers.isEmpty }
    public var hasOwnServers: Bool { explorer.servers.contains { !$0.isSearchIndex } }

    public var filter: VerticalFilter {
        VerticalFilter(anyShape: anyShape, anyLength: anyLength, showsSensitive: networks.showsSensitive)
    }

    /// Shows what the networks offer before anything is typed: the tags (asked once a visit)
    /// and the chosen shelf. With words typed, the results stay as they were.
    public func prepare() {
        guard query.isEmpty else { return }
        loadTags()
        showBrowse()
    }

    /// The servers or the sensitive switch changed: ask again.
    public func serversChanged() {
        tags = []
        if query.isEmpty {
            loadTags()
            showBrowse()
        } else {
            runSearch()
        }
    }

    /// Typed words, asked at once: the search field says they changed only once typing pauses
    /// (its `search-delay`, DiscoverPage's), and the answers to earlier words are dropped.
    /// Cleared, the shelf comes back.
    public func search(_ text: String) {
        let words = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard words != query else { return }
        query = words
        guard !words.isEmpty else {
            channelRequest?.cancel()
            channels = []
            channelFailures = []
            return showBrowse()
        }
        runSearch()
    }

    public func select(_ browse: Browse) {
        guard browse != self.browse || !query.isEmpty else { return }
        self.browse = browse
        if query.isEmpty { showBrowse() }
    }

    public func setLocalOnly(_ on: Bool) {
        guard on != localOnly else { return }
        localOnly = on
        refresh()
    }

    public func setAnyShape(_ on: Bool) {
        guard on != anyShape else { return }
        anyShape = on
        refresh()
    }

    public func setAnyLength(_ on: Bool) {
        guard on != anyLength else { return }
        anyLength = on
        refresh()
    }

    /// Whether the grid holds what typed words found: only the search's own list is laid out as
    /// results, never the shelf's (which would pass for what the words found).
    public var showsSearchResults: Bool { videos?.source == Self.searchSource }

    /// The search index's host while typed words go to it: the page says so.
    public var searchIndexHost: String? { explorer.servers.first(where: \.isSearchIndex)?.host }

    /// What to say above the results: nothing found (unless channels were), and each server
    /// that did not answer, once.
    public var message: String? {
        var lines: [String] = []
        if channels.isEmpty, let empty = videos?.emptyMessage { lines.append(empty) }
        for failure in (videos?.failures ?? []) + channelFailures where !lines.contains(failure.description) {
            lines.append(failure.description)
        }
        if let unreadable = videos?.unreadableMessage { lines.append(unreadable) }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    // MARK: -

    private func refresh() {
        if query.isEmpty { showBrowse() } else { runSearch() }
    }

    private func loadTags() {
        guard tags.isEmpty, tagRequest == nil, explorer.servers.contains(where: { $0.kind == .loops }) else { return }
        tagRequest = explorer.tags { [weak self] answer in
            guard let self else { return }
            tagRequest = nil
            tags = Array(answer.items.prefix(20))
            changed()
        }
    }

    private func showBrowse() {
        switch browse {
        case .shelf(let shelf):
            let name = switch shelf {
            case .trending: "trending"
            case .hot: "hot"
            case .newest: "newest"
            case .tag: "tag"
            }
            show(ExploreQuery(.shelf(shelf), filter: filter, localOnly: localOnly), query: "", source: name)
        case .tag(let tag):
            show(ExploreQuery(.shelf(.tag(tag)), filter: filter, localOnly: localOnly), query: "#" + tag, source: "tag")
        }
    }

    private func runSearch() {
        guard !query.isEmpty else { return showBrowse() }
        let words = query
        show(ExploreQuery(.search(words), filter: filter, localOnly: localOnly), query: words, source: Self.searchSource)
        channelRequest?.cancel()
        channels = []
        channelFailures = []
        channelRequest = explorer.channels(matching: words, after: nil) { [weak self] answer in
            guard let self else { return }
            channelRequest = nil
            channels = answer.items
            channelFailures = answer.failures
            events?.emit(.exploreResults(scope: "networks", query: words, count: answer.items.count, source: "channels",
                                         total: answer.items.count, failures: answer.failures.count))
            changed()
        }
    }

    /// A new list in the grid: the old one stops (a feed opened over it keeps its own).
    private func show(_ exploring: ExploreQuery, query: String, source: String) {
        if let videos, let videosToken {
            videos.stopObserving(videosToken)
            videos.cancel()
        }
        let explorer = explorer
        let list = RemoteVideoList(query: query, source: source, events: events) { cursor, then in
            explorer.videos(exploring, after: cursor, then: then)
        }
        videos = list
        videosToken = list.observe { [weak self] in self?.changed() }
        list.load()
    }

    private func changed() { onChange?() }
}
