import Foundation

/// Candidates made ready for ranking many times: every creator, hashtag, instance and language
/// numbered once, so that scoring 10,000 candidates reads arrays and hashes no string. Made again
/// when the candidates change, not for each ranking.
public struct ForYouPool: Sendable {
    public let candidates: [ForYouCandidate]
    let creatorSlot: [Int32]
    /// Candidate i's hashtags are `tagSlots[tagStart[i]..<tagStart[i + 1]]`.
    let tagStart: [Int32]
    let tagSlots: [Int32]
    /// -1: none.
    let instanceSlot: [Int32]
    let languageSlot: [Int32]
    /// Index into LengthBand.allCases; -1: length unknown.
    let lengthSlot: [Int8]
    let createdSeconds: [Double]
    let engagement: [Double]

    let creators: [Int64: Int32]
    let tags: [String: Int32]
    let instances: [String: Int32]
    let languages: [String: Int32]
    let indexOfPost: [Int64: Int]

    public init(_ candidates: [ForYouCandidate]) {
        self.candidates = candidates
        var creators: [Int64: Int32] = [:], tags: [String: Int32] = [:]
        var instances: [String: Int32] = [:], languages: [String: Int32] = [:]
        var creatorSlot: [Int32] = [], tagStart: [Int32] = [0], tagSlots: [Int32] = []
        var instanceSlot: [Int32] = [], languageSlot: [Int32] = [], lengthSlot: [Int8] = []
        var createdSeconds: [Double] = [], engagement: [Double] = []
        var indexOfPost: [Int64: Int] = [:]
        func slot<Key: Hashable>(_ key: Key, in table: inout [Key: Int32]) -> Int32 {
            if let found = table[key] { return found }
            let new = Int32(table.count)
            table[key] = new
            return new
        }
        let bands = LengthBand.allCases
        for (i, candidate) in candidates.enumerated() {
            let traits = candidate.traits
            creatorSlot.append(slot(traits.creatorID, in: &creators))
            for tag in Set(traits.hashtags).sorted() { tagSlots.append(slot(tag, in: &tags)) }
            tagStart.append(Int32(tagSlots.count))
            instanceSlot.append(traits.instance.map { slot($0, in: &instances) } ?? -1)
            languageSlot.append(traits.language.map { slot($0, in: &languages) } ?? -1)
            lengthSlot.append(traits.lengthSeconds > 0 ? Int8(bands.firstIndex(of: traits.lengthBand) ?? 0) : -1)
            createdSeconds.append(candidate.created.timeIntervalSince1970)
            engagement.append(Double(candidate.likes) + 2 * Double(candidate.comments) + 3 * Double(candidate.shares)
                              + 0.05 * Double(candidate.views))
            indexOfPost[candidate.postID] = i
        }
        self.creators = creators
        self.tags = tags
        self.instances = instances
        self.languages = languages
        self.creatorSlot = creatorSlot
        self.tagStart = tagStart
        self.tagSlots = tagSlots
        self.instanceSlot = instanceSlot
        self.languageSlot = languageSlot
        self.lengthSlot = lengthSlot
        self.createdSeconds = createdSeconds
        self.engagement = engagement
        self.indexOfPost = indexOfPost
    }

    public var count: Int { candidates.count }

    /// A taste's interests laid over this pool's numbering (features the pool lacks are left out).
    struct Interests {
        var creators: [Double]
        var tags: [Double]
        var instances: [Double]
        var languages: [Double]
        var lengths: [Double]
        var followed: [Bool]
        /// Seen, finished, dismissed, or by a hidden creator.
        var excluded: [Bool]
    }

    func interests(of taste: TasteModel, at now: Date) -> Interests {
        let snapshot = taste.snapshot(at: now)
        func laid<Key: Hashable>(_ values: [Key: Double], _ table: [Key: Int32]) -> [Double] {
            var laid = [Double](repeating: 0, count: table.count)
            for (key, value) in values { if let slot = table[key] { laid[Int(slot)] = value } }
            return laid
        }
        var followed = [Bool](repeating: false, count: creators.count)
        for id in taste.followedCreators { if let slot = creators[id] { followed[Int(slot)] = true } }
        var excluded = [Bool](repeating: false, count: candidates.count)
        for posts in [taste.seenPosts, taste.finishedPosts, taste.dismissedPosts] {
            for id in posts { if let index = indexOfPost[id] { excluded[index] = true } }
        }
        if !taste.hiddenCreators.isEmpty {
            var hidden = [Bool](repeating: false, count: creators.count)
            for id in taste.hiddenCreators { if let slot = creators[id] { hidden[Int(slot)] = true } }
            for i in candidates.indices where hidden[Int(creatorSlot[i])] { excluded[i] = true }
        }
        return Interests(creators: laid(snapshot.creators, creators), tags: laid(snapshot.hashtags, tags),
                         instances: laid(snapshot.instances, instances), languages: laid(snapshot.languages, languages),
                         lengths: LengthBand.allCases.map { snapshot.lengths[$0] ?? 0 },
                         followed: followed, excluded: excluded)
    }
}
