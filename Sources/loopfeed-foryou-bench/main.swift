import FeedCore
import Foundation

// For You's quality bench (issue 24): simulated users with hidden tastes replayed against the
// ranking and against newest-first and most-popular feeds, the same users for each. Prints one
// JSON object (bench/foryou.py turns it into docs/BENCHMARKS.md's section).
//
//   loopfeed-foryou-bench [users] [swipes] [posts]

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let users = arguments.count > 0 ? arguments[0] : 40
let swipes = arguments.count > 1 ? arguments[1] : 300
let posts = arguments.count > 2 ? arguments[2] : 12_000
let creatorCount = 1_000
let worldSeed: UInt64 = 24
let changeAt = swipes / 2

let world = SimulatedWorld(posts: posts, creatorCount: creatorCount, seed: worldSeed)
let replay = SessionReplay(world: world, swipes: swipes, changeAt: changeAt)

// Made once per change of the candidates, not per ranking: timed apart.
var poolTimes: [Int64] = []
for _ in 0..<5 {
    let start = SystemMonotonicClock().nowMicroseconds()
    _ = ForYouPool(world.items.map(\.candidate))
    poolTimes.append(SystemMonotonicClock().nowMicroseconds() - start)
}
poolTimes.sort()

var noDiscovery = ForYouRanker.Parameters()
noDiscovery.discoveryShare = 0
var lastingOnly = TasteModel.Parameters()
lastingOnly.sessionWeight = 0
var sampling = ForYouRanker.Parameters()
sampling.interestSampling = 0.3
// The variety of the first version: the creator gap alone, over a shortlist of the best 46.
var gapOnly = ForYouRanker.Parameters()
gapOnly.creatorRepeatPenalty = 1
gapOnly.shortlistFloor = 40
let feeds: [BenchFeed] = [
    .forYou(name: "For You", taste: TasteModel.Parameters(), ranker: ForYouRanker.Parameters()),
    .forYou(name: "For You, no discovery share", taste: TasteModel.Parameters(), ranker: noDiscovery),
    .forYou(name: "For You, no session part (lasting taste only)", taste: lastingOnly, ranker: ForYouRanker.Parameters()),
    .forYou(name: "For You with Thompson-style sampling (σ 0.3)", taste: TasteModel.Parameters(), ranker: sampling),
    .forYou(name: "For You, creator gap only (no spread over 50 posts)", taste: TasteModel.Parameters(), ranker: gapOnly),
    .newestFirst,
    .mostPopular,
]

func percentile(_ sorted: [Int64], _ p: Double) -> Int64 {
    sorted.isEmpty ? 0 : sorted[Int(Double(sorted.count - 1) * p)]
}

func json(_ value: Double) -> String { String(format: "%.3f", value) }

var rows: [String] = []
for feed in feeds {
    var total = SessionResult()
    var adaptations: [Int] = []
    var adaptedSessions = 0
    for u in 0..<users {
        let user = SimulatedUser(world: world, seed: 1_000 + UInt64(u))
        let result = replay.run(feed, user: user, seed: 7_000 + UInt64(u))
        total.shown += result.shown
        total.completed += result.completed
        total.skipped += result.skipped
        total.likes += result.likes
        total.completedAfterChange += result.completedAfterChange
        total.distinctCreatorsPer50 += result.distinctCreatorsPer50
        total.rankMicroseconds += result.rankMicroseconds
        // Not adapted within the session counts as the whole rest of it.
        adaptations.append(result.adaptationSwipes ?? (swipes - changeAt))
        if result.adaptationSwipes != nil { adaptedSessions += 1 }
    }
    adaptations.sort()
    let times = total.rankMicroseconds.sorted()
    let shown = Double(max(total.shown, 1))
    let variety = Double(total.distinctCreatorsPer50.reduce(0, +)) / Double(max(total.distinctCreatorsPer50.count, 1))
    rows.append("{\"feed\":\"\(feed.name)\",\"shown\":\(total.shown),"
                + "\"completed_share\":\(json(Double(total.completed) / shown)),"
                + "\"skipped_share\":\(json(Double(total.skipped) / shown)),"
                + "\"likes_per_100\":\(json(100 * Double(total.likes) / shown)),"
                + "\"adaptation_median_swipes\":\(adaptations[adaptations.count / 2]),"
                + "\"adapted_sessions\":\(adaptedSessions),"
                + "\"completed_share_30_after_change\":\(json(Double(total.completedAfterChange) / Double(30 * users))),"
                + "\"distinct_creators_per_50\":\(json(variety)),"
                + "\"rank_calls\":\(times.count),\"rank_p50_us\":\(percentile(times, 0.5)),"
                + "\"rank_p95_us\":\(percentile(times, 0.95)),\"rank_max_us\":\(times.last ?? 0)}")
    FileHandle.standardError.write("[foryou-bench] \(feed.name) done\n".data(using: .utf8)!)
}
print("{\"users\":\(users),\"swipes\":\(swipes),\"change_at\":\(changeAt),\"posts\":\(posts),"
      + "\"creators\":\(creatorCount),\"topics\":\(SimulatedWorld.topics),\"tags_per_topic\":\(SimulatedWorld.tagsPerTopic),"
      + "\"world_seed\":\(worldSeed),\"pool_prepare_median_us\":\(poolTimes[2]),\"feeds\":[\(rows.joined(separator: ","))]}")
