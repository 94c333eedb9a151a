import FeedCore
import Foundation

/// The made-up network the simulated users watch: creators who each post on one topic (a few
/// hashtags), on one of a few instances, in a length of their own; posts over the last 30 days,
/// whose server counts follow a hidden quality, their topic's reach and their age.
struct SimulatedWorld {
    static let topics = 12
    static let tagsPerTopic = 5
    static let instances = ["tube.example", "loops.example", "video.example", "clips.example",
                            "peer.example", "watch.example", "short.example", "reel.example"]

    struct Creator {
        var id: Int64
        var topic: Int
        var instance: String
        var lengthSeconds: Double
    }

    struct Item {
        var candidate: ForYouCandidate
        var topic: Int
        /// Hidden: how good the video is, what the server's counts partly reflect.
        var quality: Double
    }

    let now: Date
    let creators: [Creator]
    let items: [Item]

    static func tag(topic: Int, index: Int) -> String { "topic\(topic)tag\(index)" }

    init(posts: Int, creatorCount: Int, seed: UInt64) {
        var random = RankingRandom(seed: seed)
        now = Date(timeIntervalSince1970: 1_780_000_000)
        // Some topics reach many more people than others: what most-popular feeds lean on.
        let reach = (0..<Self.topics).map { _ in exp(random.gaussian() * 0.8) }
        creators = (0..<creatorCount).map { i in
            Creator(id: Int64(i + 1), topic: Int(random.next() % UInt64(Self.topics)),
                    instance: Self.instances[Int(random.next() % UInt64(Self.instances.count))],
                    lengthSeconds: [8.0, 20.0, 45.0, 90.0][Int(random.next() % 4)])
        }
        var items: [Item] = []
        items.reserveCapacity(posts)
        for i in 0..<posts {
            // Busy creators post more: the square of a uniform number leans to the first ones.
            let u = random.unit()
            let creator = creators[min(Int(u * u * Double(creatorCount)), creatorCount - 1)]
            var tags = [Self.tag(topic: creator.topic, index: Int(random.next() % UInt64(Self.tagsPerTopic)))]
            if random.unit() < 0.6 {
                let other = Self.tag(topic: creator.topic, index: Int(random.next() % UInt64(Self.tagsPerTopic)))
                if other != tags[0] { tags.append(other) }
            }
            if random.unit() < 0.3 { tags.append("fyp") }
            let ageSeconds = random.unit() * 30 * 86_400
            let quality = random.gaussian()
            let hours = ageSeconds / 3_600
            let expected = 3 * reach[creator.topic] * exp(0.7 * quality) * pow(hours + 1, 0.6)
            let likes = Int(expected * (0.5 + random.unit()))
            let length = creator.lengthSeconds * (0.7 + 0.6 * random.unit())
            let traits = PostTraits(creatorID: creator.id, hashtags: tags, instance: creator.instance,
                                    language: "en", lengthSeconds: length)
            let candidate = ForYouCandidate(postID: Int64(i + 1), traits: traits,
                                            created: now.addingTimeInterval(-ageSeconds), likes: likes,
                                            comments: likes / 20, shares: likes / 40, views: likes * 25)
            items.append(Item(candidate: candidate, topic: creator.topic, quality: quality))
        }
        self.items = items
    }
}

extension RankingRandom {
    /// Standard normal (Box-Muller).
    mutating func gaussian() -> Double {
        let u1 = max(unit(), 1e-12), u2 = unit()
        return sqrt(-2 * log(u1)) * cos(2 * Double.pi * u2)
    }
}
