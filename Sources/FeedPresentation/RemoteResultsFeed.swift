public import FeedCore
public import Foundation
import Localization

/// Results from the networks as a feed, starting at the one chosen: each result made playable
/// (a list's summary fetched for its files), kept in the library as a discovered post, and
/// handed to the feed a few at a time as it nears them; past the last result the list loads its
/// next page (which the grid behind shows too). A result that can't play here (a live stream,
/// nothing playable) is a page that says so (`UnplayableVideo`); one whose server is gone is
/// passed over.
@MainActor
public final class RemoteResultsFeed: FeedSupplying {
    public let list: RemoteVideoList
    /// The chosen result's place in the list.
    public let start: Int
    public private(set) var initialPosts: [Post] = []
    /// Results passed over (could not be fetched or played), said once the feed ends.
    public private(set) var passedOver = 0

    /// How many results are made ready ahead at a time.
    static let batch = 3

    private let explorer: any NetworkExploring
    private let repository: FeedRepository
    private let window: () -> PixelSize
    private let now: () -> Date
    /// The next result of the list to make ready.
    private var nextIndex: Int
    private var requests: [any NetworkRequest] = []
    private var listToken: Int?
    private var waiting: (@MainActor ([Post], Bool) -> Void)?
    private var stopped = false

    /// `window`: the feed's page in device pixels (the rendition that fits is played first).
    public init(list: RemoteVideoList, start: Int, explorer: any NetworkExploring, repository: FeedRepository,
                window: @escaping () -> PixelSize, now: @escaping () -> Date = Date.init) {
        self.list = list
        self.start = start
        self.explorer = explorer
        self.repository = repository
        self.window = window
        self.now = now
        nextIndex = start
    }

    /// Makes the chosen result ready; `then` gets the feed's first posts, or why the chosen one
    /// can't be shown.
    public func open(then: @escaping @MainActor (Result<[Post], NetworkFailure>) -> Void) {
        guard list.videos.indices.contains(start) else { return then(.success([])) }
        let chosen = list.videos[start]
        nextIndex = start + 1
        requests.append(explorer.details(of: chosen) { [weak self] result in
            guard let self, !stopped else { return }
            switch result {
            case .failure(let failure):
                then(.failure(failure))
            case .success(let video):
                guard let post = store(video) else {
                    return then(.failure(.unreadable(server: video.identity.host,
                                                     .unexpected(tr("it could not be kept in the library")))))
                }
                initialPosts = [post]
                then(.success([post]))
            }
        })
    }

    public func more(then: @escaping @MainActor ([Post], Bool) -> Void) {
        guard !stopped else { return }
        waiting = then
        fetchBatch()
    }

    public func stop() {
        stopped = true
        for request in requests { request.cancel() }
        requests.removeAll()
        if let listToken { list.stopObserving(listToken) }
        listToken = nil
        waiting = nil
    }

    /// Readies the next few results of the list, asking the list for its next page when it has
    /// none left; posts come out in the list's order, without what could not be readied.
    private func fetchBatch() {
        let available = list.videos.count - nextIndex
        guard available > 0 else {
            guard list.hasMore || list.isLoading else { return deliver([], reachedEnd: true) }
            if listToken == nil {
                listToken = list.observe { [weak self] in self?.listChanged() }
            }
            list.loadMore()
            return
        }
        let videos = Array(list.videos[nextIndex..<(nextIndex + min(Self.batch, available))])
        nextIndex += videos.count
        var ready = [Post?](repeating: nil, count: videos.count)
        var left = videos.count
        for (i, video) in videos.enumerated() {
            requests.append(explorer.details(of: video) { [weak self] result in
                guard let self, !stopped else { return }
                if case .success(let detailed) = result { ready[i] = store(detailed) }
                if ready[i] == nil { passedOver += 1 }
                left -= 1
                guard left == 0 else { return }
                let posts = ready.compactMap { $0 }
                // None of these could play: the next ones are tried before the feed is answered.
                if posts.isEmpty { return fetchBatch() }
                deliver(posts, reachedEnd: false)
            })
        }
    }

    private func listChanged() {
        guard waiting != nil, !list.isLoading else { return }
        if let listToken { list.stopObserving(listToken) }
        listToken = nil
        fetchBatch()
    }

    private func deliver(_ posts: [Post], reachedEnd: Bool) {
        requests.removeAll()
        guard let then = waiting else { return }
        waiting = nil
        then(posts, reachedEnd)
    }

    /// The result kept as a discovered post (its counts and files as the network said them now);
    /// nil when the library could not keep it.
    private func store(_ video: RemoteVideo) -> Post? {
        try? repository.storeDiscovered([DiscoveredVideo(video, window: window(), found: now())]).first
    }
}
