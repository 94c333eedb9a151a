public import FeedCore
public import Foundation

/// Home's posts: For You, ranked on this computer by `ForYouRanker` from the taste the user's
/// signals make, or Following, only the followed channels and feeds and the user's own videos,
/// newest first. For You is always ranked: for a new user (no signal, or after Erase all) the
/// ranking has no interest to go by, so what is fresh and popular on its server comes first. A post
/// dismissed or by a hidden creator leaves it at once. Rankings are made ahead, on a later turn of
/// the main loop, so a page change only takes what is ready.
@MainActor
public final class HomeFeed: HomePaging {
    public struct Dependencies {
        public var repository: FeedRepository
        /// What the user does with posts; nil: nothing is learnt (For You stays a new user's).
        public var interests: InterestRecorder?
        public var timers: Timers
        public var now: () -> Date
        public var ranker: ForYouRanker
        /// For You draws from this many of the library's newest posts.
        public var poolLimit: Int
        public var seed: UInt64
        /// Videos found on the networks, ranked with the library's posts (never in Following).
        public var candidates: ForYouCandidateSupply?

        public init(repository: FeedRepository, interests: InterestRecorder?, timers: Timers,
                    now: @escaping () -> Date = { Date() }, ranker: ForYouRanker = ForYouRanker(),
                    poolLimit: Int = 2_000, seed: UInt64 = 24,
                    candidates: ForYouCandidateSupply? = nil) {
            self.repository = repository
            self.interests = interests
            self.timers = timers
            self.now = now
            self.ranker = ranker
            self.poolLimit = poolLimit
            self.seed = seed
            self.candidates = candidates
        }
    }

    /// The order of the feed shown: For You's is ranked, Following's newest first.
    public enum Order: Equatable, Sendable {
        case newestFirst
        case ranked
    }

    private let deps: Dependencies
    public private(set) var kind: HomeFeedKind
    public var order: Order { kind == .forYou ? .ranked : .newestFirst }
    public var onUpcomingStale: (() -> Void)?
    /// Told when the taste was made again from the library (Erase all, an undo).
    public var onTasteReset: (() -> Void)?

    public private(set) var taste = TasteModel()
    private var started = false
    private var libraryKey: FeedKey?
    private var pool = ForYouPool([])
    private var libraryCandidates: [ForYouCandidate] = []
    private var libraryPosts: [Int64: Post] = [:]
    /// Candidates from the networks asked to become posts, not answered yet.
    private var making: Set<Int64> = []
    private var pageLimit = 10
    private var posts: [Int64: Post] = [:]
    /// The pool's posts newest first (what is left when the ranking has nothing more).
    private var newest: [Int64] = []
    /// Handed to the feed in this showing, in order.
    private var handed: [Post] = []
    private var handedIDs: Set<Int64> = []
    private var picks: [Int64: ForYouPick] = [:]
    /// Rankings made so far (each seeds its own draw; tests count them).
    public private(set) var rankings: UInt64 = 0
    private var ready: [ForYouPick]?
    private var preparing: TimerToken?
    private var staleAsked = false

    public init(_ dependencies: Dependencies, kind: HomeFeedKind) {
        deps = dependencies
        self.kind = kind
        deps.interests?.onRecorded = { [weak self] signal in self?.learn(signal) }
        deps.interests?.onReset = { [weak self] in self?.relearn() }
        deps.candidates?.onChange = { [weak self] in self?.candidatesChanged() }
    }

    // MARK: - HomePaging

    public func restart(_ kind: HomeFeedKind) throws {
        self.kind = kind
        started = true
        libraryKey = nil
        handed = []
        handedIDs = []
        picks = [:]
        ready = nil
        preparing?.cancel()
        taste = TasteModel(signals: deps.interests?.signals() ?? [])
        if order == .ranked {
            try readPool()
        } else {
            pool = ForYouPool([])
            posts = [:]
            newest = []
            libraryCandidates = []
            libraryPosts = [:]
        }
    }

    public func nextPage(limit: Int) throws -> (posts: [Post], reachedEnd: Bool) {
        if !started { try restart(kind) }
        pageLimit = limit
        switch kind {
        case .following:
            let (batch, ended) = try libraryPage(limit: limit)
            return (hand(batch.filter(Self.isFollowedOrOwn)), ended)
        case .forYou:
            let page = rankedPage(limit: limit)
            return (page, page.isEmpty)
        }
    }

    public func replacing(upcoming: [Post], after shown: [Post]) -> [Post]? {
        guard kind == .forYou else { return nil }
        // The posts ahead go back to the pool and are ranked again with what was learnt.
        for post in upcoming { handedIDs.remove(post.id) }
        handed = shown
        ready = nil
        // Past the end (everything handed), what arrived since (candidates from the networks
        // made posts) comes as a page.
        return rankedPage(limit: upcoming.isEmpty ? pageLimit : upcoming.count)
    }

    // MARK: - What For You says of a post

    /// Why the post is in the feed, strongest first (Why this video?).
    public func reasons(for post: Post) -> [ForYouReason] {
        if let pick = picks[post.id] { return pick.reasons }
        if post.author.isFollowed { return [.newFromFollowed(creatorID: post.author.id)] }
        return [.fresh(host: post.remote?.host)]
    }

    // MARK: - Learning

    private func learn(_ signal: InterestSignal) {
        taste.learn(signal)
        askUpcomingAgain()
    }

    private func relearn() {
        taste = TasteModel(signals: deps.interests?.signals() ?? [])
        onTasteReset?()
        askUpcomingAgain()
    }

    /// Once per turn of the main loop, however many signals were written in it.
    private func askUpcomingAgain() {
        ready = nil
        guard kind == .forYou, !staleAsked else { return }
        staleAsked = true
        deps.timers.after(milliseconds: 0) { [weak self] in
            guard let self else { return }
            staleAsked = false
            onUpcomingStale?()
        }
    }

    // MARK: - Pages

    private func readPool() throws {
        let library = try deps.repository.feedPage(after: nil, limit: deps.poolLimit)
        libraryPosts = Dictionary(library.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        newest = library.map(\.id)
        libraryCandidates = library.map { ForYouCandidate(post: $0) }
        mergeCandidates()
    }

    /// The library's posts and the networks' candidates (those already posts among `posts`).
    private func mergeCandidates() {
        posts = libraryPosts
        let found = (deps.candidates?.candidates ?? []).filter { libraryPosts[$0.postID] == nil }
        for candidate in found {
            if let post = deps.candidates?.post(id: candidate.postID) { posts[post.id] = post }
        }
        pool = ForYouPool(libraryCandidates + found)
    }

    private func candidatesChanged() {
        guard started, kind == .forYou, order == .ranked else { return }
        mergeCandidates()
        askUpcomingAgain()
    }

    /// Candidates ranked near the top that are not posts yet are made posts (their server asked
    /// what plays), for a later page; a page never waits for one.
    private func makePosts(_ made: [ForYouPick]) {
        guard let supply = deps.candidates else { return }
        for pick in made where posts[pick.postID] == nil && !making.contains(pick.postID) {
            making.insert(pick.postID)
            supply.makePost(candidateID: pick.postID) { [weak self] _ in self?.making.remove(pick.postID) }
        }
    }

    private func libraryPage(limit: Int) throws -> ([Post], Bool) {
        let batch = try deps.repository.feedPage(after: libraryKey, limit: limit)
        libraryKey = batch.last.map(FeedKey.init) ?? libraryKey
        return (batch, batch.count < limit)
    }

    private func hand(_ batch: [Post]) -> [Post] {
        let fresh = batch.filter { !handedIDs.contains($0.id) }
        handed += fresh
        handedIDs.formUnion(fresh.map(\.id))
        return fresh
    }

    /// Not dismissed, not by a hidden creator.
    private func isWelcome(_ post: Post) -> Bool {
        !taste.dismissedPosts.contains(post.id) && !taste.hiddenCreators.contains(post.author.id)
    }

    static func isFollowedOrOwn(_ post: Post) -> Bool {
        post.author.isSelf || post.author.isFollowed || post.author.handle == Author.localFilesHandle
    }

    /// The next ranked posts: those made ready ahead when there are, else ranked now. When the
    /// ranking has nothing left (everything watched), the pool's other posts follow newest first.
    private func rankedPage(limit: Int) -> [Post] {
        let made = ready ?? rank(limit)
        ready = nil
        makePosts(made)
        var page = hand(made.compactMap { pick in
            picks[pick.postID] = pick
            return posts[pick.postID]
        })
        if page.count < limit {
            let rest = newest.lazy.filter { !self.handedIDs.contains($0) }.compactMap { self.posts[$0] }
                .filter(isWelcome).prefix(limit - page.count)
            page += hand(Array(rest))
        }
        prepareNext(limit)
        return page
    }

    private func rank(_ count: Int) -> [ForYouPick] {
        rankings += 1
        let wanted = count + handedIDs.count
        return deps.ranker.rank(pool, taste: taste, recent: handed.suffix(deps.ranker.parameters.lookBack).map { PostTraits(post: $0) },
                                count: wanted, now: deps.now(), seed: deps.seed &+ rankings)
            .filter { !handedIDs.contains($0.postID) }.prefix(count).map { $0 }
    }

    /// The next page ranked on a later turn of the main loop, for the page change to take.
    private func prepareNext(_ limit: Int) {
        preparing?.cancel()
        preparing = deps.timers.after(milliseconds: 0) { [weak self] in
            guard let self, order == .ranked, ready == nil else { return }
            ready = rank(limit)
            makePosts(ready ?? [])
        }
    }
}
