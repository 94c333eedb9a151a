import FeedCore
import Foundation

/// A user with a hidden taste: topics they love and dislike, creators they love, a length they
/// prefer. For each post they decide, with some chance, to skip, watch part, watch to the end
/// and loop, and like; the ranking sees only what they did. At the taste change they come to love
/// two topics that were nothing to them before.
struct SimulatedUser {
    struct Parameters {
        var lovedTopicAppeal = 1.6
        var dislikedTopicAppeal = -1.2
        var lovedCreatorAppeal = 0.8
        var preferredLengthAppeal = 0.4
        var qualityAppeal = 0.3
        var noise = 0.7
        /// Appeal below this: skipped; above `completeAbove`: watched to the end.
        var skipBelow = 0.0
        var completeAbove = 0.9
        var likeAbove = 1.8
        var likeChance = 0.5
    }

    struct Outcome {
        var watchedMs: Int64
        var loops: Int
        var liked: Bool
        var completed: Bool { loops >= 1 }
        var skipped: Bool { watchedMs < WatchSignal.skipBelowMs }
    }

    let parameters = Parameters()
    private(set) var lovedTopics: Set<Int>
    let dislikedTopics: Set<Int>
    let lovedCreators: Set<Int64>
    let preferredLength: LengthBand
    private var random: RankingRandom

    init(world: SimulatedWorld, seed: UInt64) {
        random = RankingRandom(seed: seed)
        var topics = Array(0..<SimulatedWorld.topics)
        topics.shuffle(using: &random)
        lovedTopics = Set(topics[0..<2])
        dislikedTopics = Set(topics[2..<5])
        newTopics = Set(topics[5..<7])
        var creators: Set<Int64> = []
        while creators.count < 8 { creators.insert(world.creators[Int(random.next() % UInt64(world.creators.count))].id) }
        lovedCreators = creators
        preferredLength = LengthBand.allCases[Int(random.next() % UInt64(LengthBand.allCases.count))]
    }

    /// Loved after the taste change.
    let newTopics: Set<Int>

    mutating func changeTaste() { lovedTopics = newTopics }

    func loves(_ item: SimulatedWorld.Item) -> Bool { lovedTopics.contains(item.topic) }

    mutating func watch(_ item: SimulatedWorld.Item) -> Outcome {
        let p = parameters
        let traits = item.candidate.traits
        var appeal = p.qualityAppeal * item.quality + p.noise * random.gaussian()
        if lovedTopics.contains(item.topic) { appeal += p.lovedTopicAppeal }
        if dislikedTopics.contains(item.topic) { appeal += p.dislikedTopicAppeal }
        if lovedCreators.contains(traits.creatorID) { appeal += p.lovedCreatorAppeal }
        if traits.lengthBand == preferredLength { appeal += p.preferredLengthAppeal }
        let lengthMs = traits.lengthSeconds * 1000
        if appeal < p.skipBelow {
            return Outcome(watchedMs: Int64(300 + random.unit() * 1_100), loops: 0, liked: false)
        }
        if appeal < p.completeAbove {
            let share = 0.15 + 0.7 * (appeal - p.skipBelow) / (p.completeAbove - p.skipBelow)
            return Outcome(watchedMs: max(Int64(lengthMs * share), WatchSignal.skipBelowMs), loops: 0, liked: false)
        }
        let loops = 1 + min(Int((appeal - p.completeAbove) / 0.6), 3)
        let liked = appeal > p.likeAbove && random.unit() < p.likeChance
        return Outcome(watchedMs: Int64(lengthMs * Double(loops)), loops: loops, liked: liked)
    }
}
