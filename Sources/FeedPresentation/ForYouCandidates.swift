public import FeedCore
public import Foundation

/// What For You may rank beyond the library's own posts (issue 24): videos found on the networks,
/// some already posts, the others only what a list said of them until they are made posts.
@MainActor
public protocol ForYouCandidateSupply: AnyObject {
    /// Every candidate: a post's id when it is one already, else a negative id of its own.
    var candidates: [ForYouCandidate] { get }
    /// The post a candidate became (`makePost`), by its id.
    func post(id: Int64) -> Post?
    /// Makes the candidate a post the feed can play (kept as discovered); nil when its server
    /// could not say what plays. Asked again while under way, the answer comes once.
    func makePost(candidateID: Int64, then: @escaping @MainActor (Post?) -> Void)
    /// Told, at most once a turn of the main loop, when the candidates changed.
    var onChange: (() -> Void)? { get set }
}

/// Fresh candidates for For You, fetched in the background from the networks the user reads
/// (`NetworkExploring`'s servers): their trending, hot and newest vertical videos, a few seconds
/// after the start and then every half hour, at most `perNetwork` from each server. A video the
/// library follows is left to the library; one it discovered before comes back as that post. Only
/// what the list said is kept until the ranking puts a candidate near the top: then its own
/// document is fetched and it is kept as a discovered post (never in Following or a profile). A
/// server that fails is left out of that round, said once on the events log.
@MainActor
public final class ForYouCandidates: ForYouCandidateSupply {
    public struct Rules: Sendable {
        /// After the start: the first frame and the first pages come first.
        public var firstDelayMilliseconds: UInt32 = 4_000
        public var intervalMilliseconds: UInt32 = 30 * 60 * 1_000
        public var perNetwork = 200
        public var shelves: [ExploreQuery.Shelf] = [.trending, .hot, .newest]
        public init() {}
    }

    private struct Found {
        var video: RemoteVideo
        var candidate: ForYouCandidate
    }

    public var onChange: (() -> Void)?

    private let explorer: any NetworkExploring
    private let repository: FeedRepository
    private let timers: Timers
    private let events: EventSink?
    private let window: () -> PixelSize
    private let now: () -> Date
    private let rules: Rules
    private var schedule: TimerToken?
    private var found: [Int64: Found] = [:]
    private var order: [Int64] = []
    private var keys: [String: Int64] = [:]
    private var made: [Int64: Post] = [:]
    private var madeOrder: [Int64] = []
    private var waiting: [Int64: [@MainActor (Post?) -> Void]] = [:]
    private var nextID: Int64 = -1
    private var creatorIDs: [String: Int64] = [:]
    private var requests: [any NetworkRequest] = []
    private var changeAsked = false
    /// Rounds asked so far (tests count them).
    public private(set) var rounds = 0

    /// `window`: the page in device pixels, for the rendition played first (the others are kept).
    public init(explorer: any NetworkExploring, repository: FeedRepository, timers: Timers, events: EventSink?,
                window: @escaping () -> PixelSize = { PixelSize(width: 720, height: 1280) },
                now: @escaping () -> Date = Date.init, rules: Rules = Rules()) {
        self.explorer = explorer
        self.repository = repository
        self.timers = timers
        self.events = events
        self.window = window
        self.now = now
        self.rules = rules
    }

    /// The first round after `firstDelayMilliseconds`, then one every `intervalMilliseconds`.
    public func start() {
        guard schedule == nil else { return }
        schedule = timers.after(milliseconds: rules.firstDelayMilliseconds) { [weak self] in self?.round() }
    }

    public func stop() {
        schedule?.cancel()
        schedule = nil
        for request in requests { request.cancel() }
        requests.removeAll()
    }

    // MARK: - ForYouCandidateSupply

    public var candidates: [ForYouCandidate] {
        madeOrder.compactMap { made[$0].map { ForYouCandidate(post: $0) } } + order.compactMap { found[$0]?.candidate }
    }

    public func post(id: Int64) -> Post? { made[id] }

    public func makePost(candidateID: Int64, then: @escaping @MainActor (Post?) -> Void) {
        if let post = made[candidateID] { return then(post) }
        guard let entry = found[candidateID] else { return then(nil) }
        guard waiting[candidateID] == nil else { waiting[candidateID]?.append(then); return }
        waiting[candidateID] = [then]
        requests.append(explorer.details(of: entry.video) { [weak self] result in
            self?.detailed(candidateID, result)
        })
    }

    // MARK: - Rounds

    private func round() {
        // Shelves are the servers' own lists: the search index has none. With no server read
        // yet (those named for this run are still being checked), the round comes again soon.
        let reads = explorer.servers.contains { !$0.isSearchIndex }
        schedule = timers.after(milliseconds: reads ? rules.intervalMilliseconds : rules.firstDelayMilliseconds) { [weak self] in
            self?.round()
        }
        guard reads else { return }
        rounds += 1
        for shelf in rules.shelves {
            requests.append(explorer.videos(ExploreQuery(.shelf(shelf)), after: nil) { [weak self] answer in
                self?.take(answer, shelf: shelf)
            })
        }
    }

    private func take(_ answer: ExploreAnswer<RemoteVideo>, shelf: ExploreQuery.Shelf) {
        var perHost: [String: Int] = [:]
        for value in found.values { perHost[value.video.identity.host, default: 0] += 1 }
        for post in made.values { if let host = post.remote?.host { perHost[host, default: 0] += 1 } }
        var added = 0
        for video in answer.items where keys[video.identity.key] == nil {
            let host = video.identity.host
            guard perHost[host, default: 0] < rules.perNetwork, !video.isLive else { continue }
            let known = try? repository.post(remote: RemotePostRef(video.identity))
            // Followed feeds' posts are in the library's own pool already.
            if let known, !known.isDiscovered { continue }
            let id = known?.id ?? takeID()
            keys[video.identity.key] = id
            perHost[host, default: 0] += 1
            added += 1
            if let known {
                made[id] = known
                madeOrder.append(id)
            } else {
                found[id] = Found(video: video, candidate: candidate(id, video))
                order.append(id)
            }
        }
        events?.emit(.exploreResults(scope: "for_you", query: "", count: added, source: "for_you_" + Self.name(shelf),
                                     total: order.count + madeOrder.count, hidden: answer.hidden,
                                     failures: answer.failures.count, unreadable: answer.unreadable))
        if added > 0 { changed() }
    }

    private func detailed(_ id: Int64, _ result: Result<RemoteVideo, NetworkFailure>) {
        let callbacks = waiting.removeValue(forKey: id) ?? []
        var post: Post?
        if case .success(let video) = result {
            post = try? repository.storeDiscovered([DiscoveredVideo(video, window: window(), found: now())]).first
        }
        found[id] = nil
        order.removeAll { $0 == id }
        if let post {
            keys = keys.mapValues { $0 == id ? post.id : $0 }
            made[post.id] = post
            madeOrder.append(post.id)
        }
        changed()
        for callback in callbacks { callback(post) }
    }

    // MARK: - Candidates

    private func candidate(_ id: Int64, _ video: RemoteVideo) -> ForYouCandidate {
        let handle = video.author.handle
        let creator = creatorIDs[handle] ?? ((try? repository.author(handle: handle))?.id ?? takeID())
        creatorIDs[handle] = creator
        let traits = PostTraits(creatorID: creator, hashtags: video.tags, instance: video.identity.host,
                                language: video.language, lengthSeconds: video.duration ?? 0)
        let counts = video.counts
        return ForYouCandidate(postID: id, traits: traits, created: min(video.published ?? now(), now()),
                               likes: counts.likes ?? 0, comments: counts.comments ?? 0, shares: counts.shares ?? 0,
                               views: counts.views ?? 0)
    }

    /// Negative: never a library post's id.
    private func takeID() -> Int64 {
        defer { nextID -= 1 }
        return nextID
    }

    private func changed() {
        guard !changeAsked else { return }
        changeAsked = true
        timers.after(milliseconds: 0) { [weak self] in
            guard let self else { return }
            changeAsked = false
            onChange?()
        }
    }

    private static func name(_ shelf: ExploreQuery.Shelf) -> String {
        switch shelf {
        case .trending: "trending"
        case .hot: "hot"
        case .newest: "newest"
        case .tag: "tag"
        }
    }
}
