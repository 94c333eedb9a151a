import FeedCore
import Foundation

/// One feed under test: the posts it shows a simulated user, one at a time, knowing only what
/// the user did (as interest signals).
enum BenchFeed {
    case newestFirst
    case mostPopular
    case forYou(name: String, taste: TasteModel.Parameters, ranker: ForYouRanker.Parameters)

    var name: String {
        switch self {
        case .newestFirst: "newest first"
        case .mostPopular: "most popular"
        case .forYou(let name, _, _): name
        }
    }
}

/// What one simulated session gave.
struct SessionResult {
    var shown = 0
    var completed = 0
    var skipped = 0
    var likes = 0
    /// Posts after the taste change until half of the last 10 were on the new loved topics (nil:
    /// not before the session ended).
    var adaptationSwipes: Int?
    /// Watched to the end among the 30 posts after the change.
    var completedAfterChange = 0
    var distinctCreatorsPer50: [Int] = []
    var rankMicroseconds: [Int64] = []
}

/// Replays one user's session against one feed: `swipes` posts, the taste changing at `changeAt`.
struct SessionReplay {
    let world: SimulatedWorld
    let swipes: Int
    let changeAt: Int

    func run(_ feed: BenchFeed, user startUser: SimulatedUser, seed: UInt64) -> SessionResult {
        var user = startUser
        var result = SessionResult()
        var now = world.now
        var order: [Int] = []
        switch feed {
        case .newestFirst:
            order = world.items.indices.sorted { world.items[$0].candidate.created > world.items[$1].candidate.created }
        case .mostPopular:
            order = world.items.indices.sorted { world.items[$0].candidate.likes > world.items[$1].candidate.likes }
        case .forYou: break
        }
        let pool = ForYouPool(world.items.map(\.candidate))
        let indexOfPost = Dictionary(uniqueKeysWithValues: world.items.indices.map { (world.items[$0].candidate.postID, $0) })
        var taste = TasteModel()
        var ranker = ForYouRanker()
        if case .forYou(_, let tasteParameters, let rankerParameters) = feed {
            taste = TasteModel(parameters: tasteParameters)
            ranker = ForYouRanker(parameters: rankerParameters)
        }
        var recent: [PostTraits] = []
        var creators: [Int64] = []
        var lovedWindow: [Bool] = []
        for swipe in 0..<swipes {
            if swipe == changeAt { user.changeTaste() }
            let index: Int
            if case .forYou = feed {
                let start = SystemMonotonicClock().nowMicroseconds()
                let picks = ranker.rank(pool, taste: taste, recent: recent, count: 1, now: now,
                                        seed: seed &+ UInt64(swipe))
                result.rankMicroseconds.append(SystemMonotonicClock().nowMicroseconds() - start)
                guard let pick = picks.first, let found = indexOfPost[pick.postID] else { break }
                index = found
            } else {
                index = order[swipe]
            }
            let item = world.items[index]
            let outcome = user.watch(item)
            let watch = WatchSignal(postID: item.candidate.postID, watchedMs: outcome.watchedMs, loops: outcome.loops)
            taste.learn(InterestSignal(watch: watch, traits: item.candidate.traits, at: now))
            now = now.addingTimeInterval(Double(outcome.watchedMs) / 1000)
            if outcome.liked { taste.learn(InterestSignal(action: .liked, postID: watch.postID, at: now,
                                                          traits: item.candidate.traits)) }
            // The swipe itself.
            now = now.addingTimeInterval(0.8)
            recent.append(item.candidate.traits)
            if recent.count > ranker.parameters.lookBack { recent.removeFirst() }

            result.shown += 1
            if outcome.completed { result.completed += 1 }
            if outcome.skipped { result.skipped += 1 }
            if outcome.liked { result.likes += 1 }
            creators.append(item.candidate.traits.creatorID)
            if creators.count == 50 {
                result.distinctCreatorsPer50.append(Set(creators).count)
                creators.removeAll()
            }
            if swipe >= changeAt {
                lovedWindow.append(user.loves(item))
                if swipe < changeAt + 30 && outcome.completed { result.completedAfterChange += 1 }
                if result.adaptationSwipes == nil, lovedWindow.count >= 10,
                   lovedWindow.suffix(10).filter({ $0 }).count >= 5 {
                    result.adaptationSwipes = lovedWindow.count
                }
            }
        }
        return result
    }
}
