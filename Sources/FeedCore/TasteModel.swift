public import Foundation

/// What the user likes, learnt from their interest signals: an interest in each creator, hashtag,
/// instance, language and length band they met, that grows with engagement (watched to the end,
/// looped, liked, shared, followed) and falls with skips and Not interested.
///
/// Each interest is two sums of the same rewards that fade at different speeds: a session part
/// (half-life minutes) that lets the feed turn within a session, and a lasting part (half-life
/// weeks) that is the taste the user comes back with. Replaying the same signals gives the same
/// model.
public struct TasteModel: Sendable {
    public struct Parameters: Sendable, Equatable {
        public var sessionHalfLife: TimeInterval = 8 * 60
        public var lastingHalfLife: TimeInterval = 21 * 86_400
        /// How much each part counts (the bench compares the session part turned off).
        public var sessionWeight = 1.0
        public var lastingWeight = 0.35
        /// Rewards per action (for the post's creator and each of its hashtags; instance, language
        /// and length band take `contextShare` of them).
        public var completedReward = 1.0
        public var extraLoopReward = 0.3
        public var skippedReward = -0.8
        public var likedReward = 1.5
        public var commentedReward = 1.5
        public var sharedReward = 2.0
        public var followedReward = 3.0
        public var openedProfileReward = 1.0
        public var notInterestedReward = -3.0
        public var contextShare = 0.3

        public init() {}
    }

    /// One thing an interest can be in.
    public enum Feature: Hashable, Sendable {
        case creator(Int64)
        case hashtag(String)
        case instance(String)
        case language(String)
        case length(LengthBand)
    }

    struct Interest: Sendable {
        var session = 0.0
        var lasting = 0.0
        var updated: Date
        /// Posts with this feature watched to the end and liked: the reasons' evidence.
        var completions = 0
        var likes = 0
    }

    public let parameters: Parameters
    private(set) var interests: [Feature: Interest] = [:]
    /// Watched to the end: For You never shows them again.
    public private(set) var finishedPosts: Set<Int64> = []
    /// Shown at all (a watch signal came): For You does not bring them back.
    public private(set) var seenPosts: Set<Int64> = []
    public private(set) var dismissedPosts: Set<Int64> = []
    public private(set) var hiddenCreators: Set<Int64> = []
    public private(set) var followedCreators: Set<Int64> = []
    public private(set) var signalCount = 0

    public init(parameters: Parameters = Parameters(), signals: [InterestSignal] = []) {
        self.parameters = parameters
        for signal in signals { learn(signal) }
    }

    /// Whether anything has been learnt yet (a new user is ranked on freshness and popularity).
    public var isEmpty: Bool { signalCount == 0 }

    public mutating func learn(_ signal: InterestSignal) {
        signalCount += 1
        let traits = signal.traits
        switch signal.action {
        case .watched:
            seenPosts.insert(signal.postID)
            if signal.completed { finishedPosts.insert(signal.postID) }
        case .followed: followedCreators.insert(traits.creatorID)
        case .notInterested: dismissedPosts.insert(signal.postID)
        case .hidCreator:
            hiddenCreators.insert(traits.creatorID)
            return
        case .liked, .commented, .shared, .openedProfile: break
        }
        let reward = reward(for: signal)
        guard reward != 0 else { return }
        let creatorOnly = signal.action == .followed || signal.action == .openedProfile
        add(reward, to: .creator(traits.creatorID), signal)
        if creatorOnly { return }
        for tag in Set(traits.hashtags) { add(reward, to: .hashtag(tag), signal) }
        let context = reward * parameters.contextShare
        if let instance = traits.instance { add(context, to: .instance(instance), signal) }
        if let language = traits.language { add(context, to: .language(language), signal) }
        if traits.lengthSeconds > 0 { add(context, to: .length(traits.lengthBand), signal) }
    }

    /// The interest in a feature at `now`, between -1 and 1 (0: nothing known).
    public func interest(in feature: Feature, at now: Date) -> Double {
        guard let interest = interests[feature] else { return 0 }
        return squash(interest, at: now)
    }

    /// How many posts with this feature were watched to the end, and liked.
    public func evidence(for feature: Feature) -> (completions: Int, likes: Int) {
        guard let interest = interests[feature] else { return (0, 0) }
        return (interest.completions, interest.likes)
    }

    /// Every interest at `now`, for ranking many candidates against one moment without fading
    /// each again.
    public func snapshot(at now: Date) -> TasteSnapshot {
        var snapshot = TasteSnapshot()
        for (feature, interest) in interests {
            let value = squash(interest, at: now)
            switch feature {
            case .creator(let id): snapshot.creators[id] = value
            case .hashtag(let tag): snapshot.hashtags[tag] = value
            case .instance(let host): snapshot.instances[host] = value
            case .language(let code): snapshot.languages[code] = value
            case .length(let band): snapshot.lengths[band] = value
            }
        }
        return snapshot
    }

    /// The strongest interests of one kind, best first (for Your interests and the reasons).
    public func topFeatures(at now: Date, limit: Int, where include: (Feature) -> Bool) -> [(Feature, Double)] {
        var found: [(Feature, Double)] = []
        for (feature, interest) in interests where include(feature) {
            let value = squash(interest, at: now)
            if value > 0 { found.append((feature, value)) }
        }
        found.sort { $0.1 != $1.1 ? $0.1 > $1.1 : String(describing: $0.0) < String(describing: $1.0) }
        return Array(found.prefix(limit))
    }

    private func reward(for signal: InterestSignal) -> Double {
        let p = parameters
        switch signal.action {
        case .watched:
            if signal.completed { return p.completedReward + p.extraLoopReward * Double(min(signal.loops - 1, 4)) }
            if signal.skipped { return p.skippedReward }
            // Left partway: what share of it was seen says whether it held the user.
            let length = max(signal.traits.lengthSeconds * 1000, 1)
            let share = min(Double(signal.watchedMs) / length, 1)
            return share - 0.5
        case .liked: return p.likedReward
        case .commented: return p.commentedReward
        case .shared: return p.sharedReward
        case .followed: return p.followedReward
        case .openedProfile: return p.openedProfileReward
        case .notInterested: return p.notInterestedReward
        case .hidCreator: return 0
        }
    }

    private mutating func add(_ reward: Double, to feature: Feature, _ signal: InterestSignal) {
        var interest = interests[feature] ?? Interest(updated: signal.at)
        let elapsed = max(signal.at.timeIntervalSince(interest.updated), 0)
        interest.session = interest.session * fade(elapsed, parameters.sessionHalfLife) + reward
        interest.lasting = interest.lasting * fade(elapsed, parameters.lastingHalfLife) + reward
        interest.updated = max(interest.updated, signal.at)
        if signal.completed { interest.completions += 1 }
        if signal.action == .liked { interest.likes += 1 }
        interests[feature] = interest
    }

    private func squash(_ interest: Interest, at now: Date) -> Double {
        let elapsed = max(now.timeIntervalSince(interest.updated), 0)
        let raw = parameters.sessionWeight * interest.session * fade(elapsed, parameters.sessionHalfLife)
            + parameters.lastingWeight * interest.lasting * fade(elapsed, parameters.lastingHalfLife)
        return tanh(raw / 2)
    }

    private func fade(_ elapsed: TimeInterval, _ halfLife: TimeInterval) -> Double {
        exp2(-elapsed / halfLife)
    }
}

/// A taste's interests at one moment, as plain lookups (ranking reads thousands of them).
public struct TasteSnapshot: Sendable {
    public var creators: [Int64: Double] = [:]
    public var hashtags: [String: Double] = [:]
    public var instances: [String: Double] = [:]
    public var languages: [String: Double] = [:]
    public var lengths: [LengthBand: Double] = [:]
}
