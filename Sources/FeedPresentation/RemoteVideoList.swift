public import FeedCore
import Localization

/// One list of videos from the networks, page after page: a Discover shelf or search, a tag
/// feed, a channel's videos. Its grid and the feed opened over it share it, so paging the feed
/// past its last video loads the next page the grid shows too, and Back finds the grid as the
/// feed left it. Each answer is an `explore_results` event; a page asked again while one is
/// under way is the same page.
@MainActor
public final class RemoteVideoList {
    public typealias Loader = @MainActor (ExploreCursor?, @escaping @MainActor (ExploreAnswer<RemoteVideo>) -> Void) -> any NetworkRequest

    public enum State: Equatable, Sendable {
        case idle
        case loading
        case loaded
        case loadingMore
    }

    /// What the list is, for the events: the words or tag, and what was asked.
    public let query: String
    public let source: String
    public private(set) var videos: [RemoteVideo] = []
    public private(set) var state = State.idle
    /// What the filter left out so far.
    public private(set) var hidden = 0
    /// The last answer's failures (servers that did not answer).
    public private(set) var failures: [NetworkFailure] = []
    private var next: ExploreCursor?
    private var pages = 0
    private let loader: Loader
    private let events: EventSink?
    private var request: (any NetworkRequest)?
    private var observers: [Int: @MainActor () -> Void] = [:]
    private var nextObserver = 0

    public init(query: String, source: String, events: EventSink?, loader: @escaping Loader) {
        self.query = query
        self.source = source
        self.events = events
        self.loader = loader
    }

    /// Whether a servers has more after what was given.
    public var hasMore: Bool { next != nil }
    public var isLoading: Bool { state == .loading || state == .loadingMore }

    /// `body` is called after each change; the number lets it go (`stopObserving`).
    @discardableResult
    public func observe(_ body: @escaping @MainActor () -> Void) -> Int {
        nextObserver += 1
        observers[nextObserver] = body
        return nextObserver
    }

    public func stopObserving(_ token: Int) { observers[token] = nil }

    /// The first page (again, from the start).
    public func load() {
        request?.cancel()
        videos = []
        hidden = 0
        failures = []
        next = nil
        pages = 0
        state = .loading
        changed()
        ask(after: nil)
    }

    /// The next page, unless one is under way or none is left.
    public func loadMore() {
        guard state == .loaded, let next else { return }
        state = .loadingMore
        changed()
        ask(after: next)
    }

    /// Stops what is under way (the list is no longer shown anywhere).
    public func cancel() {
        request?.cancel()
        request = nil
        if isLoading { state = videos.isEmpty && pages == 0 ? .idle : .loaded }
    }

    private func ask(after cursor: ExploreCursor?) {
        request = loader(cursor) { [weak self] answer in self?.answered(answer) }
    }

    private func answered(_ answer: ExploreAnswer<RemoteVideo>) {
        request = nil
        pages += 1
        let known = Set(videos.map(\.id))
        let fresh = answer.items.filter { !known.contains($0.id) }
        videos += fresh
        hidden += answer.hidden
        failures = answer.failures
        next = answer.next
        state = .loaded
        events?.emit(.exploreResults(scope: "networks", query: query, count: fresh.count, source: source, total: videos.count,
                                     page: pages, hidden: answer.hidden, failures: answer.failures.count))
        changed()
    }

    private func changed() {
        for observer in observers.values { observer() }
    }

    /// What to say about the list, when anything: nothing found (and why not more), the
    /// servers that did not answer.
    public var message: String? {
        let lines = [emptyMessage].compactMap { $0 } + failures.map(\.description)
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// Nothing found, said with the filter when it hid what was found.
    public var emptyMessage: String? {
        guard state == .loaded, videos.isEmpty else { return nil }
        if hidden > 0 {
            return trn("Nothing to show: the one video found is hidden by the filter (try Any shape or Any length).",
                       "Nothing to show: the {count} videos found are hidden by the filter (try Any shape or Any length).", hidden)
        }
        return query.isEmpty ? tr("No videos here yet.") : tr("No videos match “{query}” on the networks.", ["query": query])
    }
}
