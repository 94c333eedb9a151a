public import Foundation

/// For You's ranking, on this computer: every candidate scored from its freshness, its engagement
/// on its server normalised by age, its match to the user's interests and its creator's standing
/// with the user; a share of the picks kept for discovery (posts that touch no known interest);
/// variety kept (a creator not twice within a few posts, hashtags spread). Posts watched to the
/// end, already shown, dismissed or by a hidden creator are never picked. The same pool, taste,
/// time and seed give the same picks. docs/FOR_YOU.md says why this method and these weights.
public struct ForYouRanker: Sendable {
    public struct Parameters: Sendable, Equatable {
        public var freshnessHalfLife: TimeInterval = 3 * 86_400
        public var freshnessWeight = 0.5
        public var popularityWeight = 0.7
        public var interestWeight = 2.0
        /// Added for a followed creator's post.
        public var followedWeight = 0.6
        /// Of the hashtag part: the best-liked tag, and the worst disliked one, count; the others
        /// would let a post with many tags win by number.
        public var hashtagWeight = 1.0
        public var creatorWeight = 1.0
        public var instanceWeight = 0.3
        public var languageWeight = 0.3
        public var lengthWeight = 0.3
        /// The share of picks that are discovery picks, once something is known of the user.
        public var discoveryShare = 0.15
        /// A creator is not shown again until this many other posts came between.
        public var creatorGap = 4
        /// Beyond the gap: each post by the same creator among this many last posts scales the
        /// score by the penalty, so a few loved creators do not fill the feed (docs/FOR_YOU.md).
        public var creatorWindow = 50
        public var creatorRepeatPenalty = 0.6
        /// The variety rules choose among the best `count` × 6 + this many by score: wide enough
        /// that a few loved creators' posts do not fill it.
        public var shortlistFloor = 80
        /// Each hashtag shared with one of this many last posts scales the score by the penalty.
        public var hashtagWindow = 3
        public var hashtagRepeatPenalty = 0.85
        /// Below this interest a feature counts as unknown, for discovery.
        public var knownThreshold = 0.05
        /// Popular enough to say so: this share of the pool's most engaging.
        public var popularReasonShare = 0.5
        /// Thompson-style sampling: each creator's and hashtag's interest is drawn around its value
        /// with this spread times (1 − |value|) for each ranking (0: off). The bench measures it
        /// against the plain score (docs/FOR_YOU.md).
        public var interestSampling = 0.0
        /// Evidence needed before a reason names a tag or a creator.
        public var reasonMinimumCompletions = 2

        /// How many of the posts just shown the variety rules look back at (`recent`).
        public var lookBack: Int { max(creatorGap, hashtagWindow, creatorWindow) }

        public init() {}
    }

    public let parameters: Parameters

    public init(parameters: Parameters = Parameters()) {
        self.parameters = parameters
    }

    /// The next `count` posts from `candidates` (made ready once, in the pool) for a user with
    /// `taste`, after `recent` (the posts just shown, oldest first: the variety rules look back at them).
    public func rank(_ pool: ForYouPool, taste: TasteModel, recent: [PostTraits] = [], count: Int,
                     now: Date, seed: UInt64) -> [ForYouPick] {
        guard count > 0, pool.count > 0 else { return [] }
        var random = RankingRandom(seed: seed)
        var interests = pool.interests(of: taste, at: now)
        if parameters.interestSampling > 0 {
            sample(&interests.creators, &random)
            sample(&interests.tags, &random)
        }
        let scored = score(pool, interests: interests, now: now, shortlist: count * 6 + parameters.shortlistFloor)
        var exploit = scored.exploit, discovery = scored.discovery
        var shown = recent.suffix(parameters.lookBack).map { $0 }
        var picks: [ForYouPick] = []
        let discoveryShare = taste.isEmpty ? 0 : parameters.discoveryShare
        while picks.count < count {
            let wantsDiscovery = random.unit() < discoveryShare && !discovery.isEmpty
            guard let index = varied(wantsDiscovery ? discovery : exploit, in: pool.candidates, after: shown) else { break }
            let entry = wantsDiscovery ? discovery.remove(at: index) : exploit.remove(at: index)
            // The same post may sit in both lists.
            exploit.removeAll { $0.index == entry.index }
            discovery.removeAll { $0.index == entry.index }
            let candidate = pool.candidates[entry.index]
            picks.append(ForYouPick(postID: candidate.postID, score: entry.score, isDiscovery: wantsDiscovery,
                                    reasons: reasons(for: candidate, entry: entry, discovery: wantsDiscovery,
                                                     taste: taste, now: now)))
            shown.append(candidate.traits)
        }
        return picks
    }

    private func sample(_ values: inout [Double], _ random: inout RankingRandom) {
        for i in values.indices {
            // Box-Muller: a standard normal draw.
            let u1 = max(random.unit(), 1e-12), u2 = random.unit()
            let draw = (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
            values[i] += parameters.interestSampling * (1 - abs(values[i])) * draw
        }
    }

    /// The same for candidates not made ready (a pool is made for this one ranking).
    public func rank(_ candidates: [ForYouCandidate], taste: TasteModel, recent: [PostTraits] = [], count: Int,
                     now: Date, seed: UInt64) -> [ForYouPick] {
        rank(ForYouPool(candidates), taste: taste, recent: recent, count: count, now: now, seed: seed)
    }

    struct Entry {
        var index: Int
        var score: Double
        /// Engagement per hour of age against the pool's most engaging, 0...1.
        var popularity: Double
        var fresh: Double
    }

    struct Scored {
        var exploit: [Entry]
        var discovery: [Entry]
    }

    /// One pass over the pool: the best `shortlist` by score, and the best of those touching no
    /// known interest by freshness and popularity alone (discovery's list).
    func score(_ pool: ForYouPool, interests: ForYouPool.Interests, now: Date, shortlist: Int) -> Scored {
        let p = parameters
        let nowSeconds = now.timeIntervalSince1970
        var popularity = [Double](repeating: 0, count: pool.count)
        var maxPopularity = 0.0
        for i in 0..<pool.count where !interests.excluded[i] {
            let hours = max(nowSeconds - pool.createdSeconds[i], 0) / 3_600
            // Engagement per hour of age, on a log scale: a day-old post with 100 likes is as
            // popular as a month-old one with 3,000.
            let value = log1p(pool.engagement[i] / (hours + 2))
            popularity[i] = value
            maxPopularity = max(maxPopularity, value)
        }
        let popularityScale = maxPopularity > 0 ? 1 / maxPopularity : 0
        let freshnessRate = -1 / p.freshnessHalfLife
        var exploit = TopEntries<Entry>(capacity: shortlist), discovery = TopEntries<Entry>(capacity: shortlist)
        for i in 0..<pool.count where !interests.excluded[i] {
            let fresh = exp2(max(nowSeconds - pool.createdSeconds[i], 0) * freshnessRate)
            let popular = popularity[i] * popularityScale
            let creatorSlot = Int(pool.creatorSlot[i])
            let creator = interests.creators[creatorSlot]
            var best = 0.0, worst = 0.0
            for t in Int(pool.tagStart[i])..<Int(pool.tagStart[i + 1]) {
                let value = interests.tags[Int(pool.tagSlots[t])]
                best = max(best, value)
                worst = min(worst, value)
            }
            let instanceSlot = Int(pool.instanceSlot[i]), languageSlot = Int(pool.languageSlot[i])
            let lengthSlot = Int(pool.lengthSlot[i])
            let instance = instanceSlot >= 0 ? interests.instances[instanceSlot] : 0
            let language = languageSlot >= 0 ? interests.languages[languageSlot] : 0
            let length = lengthSlot >= 0 ? interests.lengths[lengthSlot] : 0
            let interest = p.creatorWeight * creator + p.hashtagWeight * (best + worst) + p.instanceWeight * instance
                + p.languageWeight * language + p.lengthWeight * length
            let followed = interests.followed[creatorSlot] ? p.followedWeight : 0
            let base = p.freshnessWeight * fresh + p.popularityWeight * popular
            let entry = Entry(index: i, score: base + p.interestWeight * interest + followed,
                              popularity: popular, fresh: fresh)
            exploit.offer(entry, key: entry.score)
            if abs(creator) < p.knownThreshold && best < p.knownThreshold && -worst < p.knownThreshold {
                discovery.offer(entry, key: base)
            }
        }
        return Scored(exploit: exploit.sorted(), discovery: discovery.sorted())
    }

    /// The best entry once variety is counted: a creator seen within the gap is passed over (unless
    /// nothing else is left), each of their posts further back in the window lowers the score, and
    /// so does each hashtag met in the last few posts.
    private func varied(_ entries: [Entry], in pool: [ForYouCandidate], after shown: [PostTraits]) -> Int? {
        guard !entries.isEmpty else { return nil }
        let p = parameters
        let recentCreators = Set(shown.suffix(p.creatorGap).map(\.creatorID))
        var creatorPosts: [Int64: Int] = [:]
        for traits in shown.suffix(p.creatorWindow) { creatorPosts[traits.creatorID, default: 0] += 1 }
        let recentTags = shown.suffix(p.hashtagWindow).map { Set($0.hashtags) }
        var bestIndex: Int?, bestScore = -Double.infinity
        for (i, entry) in entries.enumerated() {
            // Entries are best first: no later one can beat a score already above its own.
            if bestIndex != nil && entry.score <= bestScore { break }
            let traits = pool[entry.index].traits
            if recentCreators.contains(traits.creatorID) { continue }
            var score = entry.score
            if score > 0, let count = creatorPosts[traits.creatorID] {
                score *= pow(p.creatorRepeatPenalty, Double(count))
            }
            for tag in Set(traits.hashtags) {
                for tags in recentTags where tags.contains(tag) { score *= score > 0 ? p.hashtagRepeatPenalty : 1 }
            }
            if score > bestScore { bestScore = score; bestIndex = i }
        }
        return bestIndex ?? 0
    }
}
