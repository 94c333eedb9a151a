import Foundation

extension ForYouRanker {
    /// A pick's reasons as data, strongest first; every pick has at least one.
    func reasons(for candidate: ForYouCandidate, entry: Entry, discovery: Bool, taste: TasteModel,
                 now: Date) -> [ForYouReason] {
        let p = parameters
        let traits = candidate.traits
        var reasons: [ForYouReason] = []
        if discovery { reasons.append(.somethingNew) }
        if taste.followedCreators.contains(traits.creatorID) && entry.fresh >= 0.5 {
            reasons.append(.newFromFollowed(creatorID: traits.creatorID))
        }
        // The liked tag with the most videos watched to the end behind it.
        var tagEvidence: (tag: String, count: Int)?
        for tag in traits.hashtags where taste.interest(in: .hashtag(tag), at: now) > p.knownThreshold {
            let count = taste.evidence(for: .hashtag(tag)).completions
            guard count >= p.reasonMinimumCompletions else { continue }
            if let best = tagEvidence, best.count >= count { continue }
            tagEvidence = (tag, count)
        }
        if let (tag, count) = tagEvidence { reasons.append(.watchedTagToEnd(tag: tag, count: count)) }
        let creator = TasteModel.Feature.creator(traits.creatorID)
        let creatorCompletions = taste.evidence(for: creator).completions
        if creatorCompletions >= p.reasonMinimumCompletions && taste.interest(in: creator, at: now) > p.knownThreshold {
            reasons.append(.watchedCreatorToEnd(creatorID: traits.creatorID, count: creatorCompletions))
        }
        if entry.popularity >= p.popularReasonShare {
            reasons.append(.popularOn(host: traits.instance))
        }
        if reasons.isEmpty { reasons.append(.fresh(host: traits.instance)) }
        return reasons
    }
}
