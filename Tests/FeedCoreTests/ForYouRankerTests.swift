import FeedCore
import Foundation
import XCTest

/// For You's ranking: interests, variety, discovery, what is never shown again, and its reasons.
final class ForYouRankerTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func candidate(_ id: Int64, creator: Int64, tags: [String], hoursOld: Double = 5, likes: Int = 10,
                           instance: String = "tube.example") -> ForYouCandidate {
        ForYouCandidate(postID: id, traits: PostTraits(creatorID: creator, hashtags: tags, instance: instance,
                                                       lengthSeconds: 9),
                        created: now.addingTimeInterval(-hoursOld * 3_600), likes: likes)
    }

    private func finished(_ c: ForYouCandidate, secondsAgo: Double = 60) -> InterestSignal {
        InterestSignal(watch: WatchSignal(postID: c.postID, watchedMs: 9_000, loops: 1), traits: c.traits,
                       at: now.addingTimeInterval(-secondsAgo))
    }

    private func skipped(_ c: ForYouCandidate, secondsAgo: Double = 60) -> InterestSignal {
        InterestSignal(watch: WatchSignal(postID: c.postID, watchedMs: 400, loops: 0), traits: c.traits,
                       at: now.addingTimeInterval(-secondsAgo))
    }

    /// 400 posts by 100 creators, half tagged #snow, half #golf, the rest of their traits alike.
    private func twoThemePool() -> [ForYouCandidate] {
        (0..<400).map { (i: Int) -> ForYouCandidate in
            candidate(Int64(i + 1), creator: Int64(i % 100), tags: [i % 2 == 0 ? "golf" : "snow"],
                      hoursOld: Double((i / 2) % 50), likes: 10 + (i / 2) % 7)
        }
    }

    func testANewUserGetsWhatIsFreshAndPopularAndNoDiscoveryPicks() {
        let pool = [candidate(1, creator: 1, tags: ["a"], hoursOld: 300, likes: 5),
                    candidate(2, creator: 2, tags: ["b"], hoursOld: 2, likes: 900),
                    candidate(3, creator: 3, tags: ["c"], hoursOld: 2, likes: 1)]
        let picks = ForYouRanker().rank(pool, taste: TasteModel(), count: 3, now: now, seed: 1)
        XCTAssertEqual(picks.map(\.postID), [2, 3, 1])
        XCTAssertFalse(picks.contains { $0.isDiscovery })
        XCTAssertEqual(picks.first?.reasons, [.popularOn(host: "tube.example")])
    }

    func testAdaptsWithinASessionToWhatIsWatchedAndSkipped() {
        let pool = twoThemePool()
        let signals = pool.prefix(10).map { $0.traits.hashtags == ["snow"] ? finished($0) : skipped($0) }
        let picks = ForYouRanker().rank(pool, taste: TasteModel(signals: Array(signals)), count: 30, now: now, seed: 3)
        let snow = picks.filter { pool[Int($0.postID) - 1].traits.hashtags == ["snow"] }.count
        XCTAssertGreaterThanOrEqual(snow, 20, "the watched theme leads (\(snow) of 30)")
    }

    func testTheSameCreatorIsNotShownTwiceWithinTheGap() {
        // Creator 1's posts are far the most popular: unchecked, they would fill the page.
        let popular: [ForYouCandidate] = (0..<20).map { i in
            candidate(Int64(i + 1), creator: 1, tags: ["x\(i)"], likes: 100_000)
        }
        let others: [ForYouCandidate] = (0..<40).map { i in
            candidate(Int64(i + 100), creator: Int64(i + 2), tags: ["y\(i)"], likes: 1)
        }
        let pool = popular + others
        // The gap alone (the spread over the last 50 is the next test's).
        var parameters = ForYouRanker.Parameters()
        parameters.creatorRepeatPenalty = 1
        let ranker = ForYouRanker(parameters: parameters)
        let picks = ranker.rank(pool, taste: TasteModel(), count: 20, now: now, seed: 9)
        let creators = picks.map { id in pool.first { $0.postID == id.postID }!.traits.creatorID }
        XCTAssertEqual(creators.filter { $0 == 1 }.count, 4, "every fifth post, no more")
        for (i, creator) in creators.enumerated() where creator == 1 {
            let before = creators[max(0, i - ranker.parameters.creatorGap)..<i]
            XCTAssertFalse(before.contains(1), "creator 1 again at \(i): \(creators)")
        }
    }

    /// Beyond the gap, a loved creator's posts are spread: each of theirs among the last 50 lowers
    /// the next one's score, so others the user may like come between.
    func testALovedCreatorsPostsAreSpreadOverTheLastFifty() {
        let loved: [ForYouCandidate] = (0..<60).map { i in candidate(Int64(i + 1), creator: 7, tags: ["snow"]) }
        let others: [ForYouCandidate] = (0..<100).map { i in
            candidate(Int64(i + 100), creator: Int64(i + 10), tags: ["snow"])
        }
        let pool = loved + others
        let taste = TasteModel(signals: loved.prefix(3).map { finished($0) })
        func lovedShown(_ parameters: ForYouRanker.Parameters) -> Int {
            ForYouRanker(parameters: parameters).rank(pool, taste: taste, count: 30, now: now, seed: 3)
                .filter { $0.postID < 100 }.count
        }
        var gapOnly = ForYouRanker.Parameters()
        gapOnly.creatorRepeatPenalty = 1
        gapOnly.shortlistFloor = 40
        XCTAssertEqual(lovedShown(gapOnly), 6, "the gap alone: every fifth post")
        XCTAssertLessThanOrEqual(lovedShown(ForYouRanker.Parameters()), 3)
        XCTAssertGreaterThanOrEqual(lovedShown(ForYouRanker.Parameters()), 1, "still shown: the user loves them")
    }

    func testHashtagsAreSpread() {
        // #a's posts are a little more popular than #b's: unchecked, the page would be all #a.
        let pool: [ForYouCandidate] = (0..<40).map { i in
            let tag = i < 20 ? "a" : "b"
            let likes = i < 20 ? 60 : 40
            return candidate(Int64(i + 1), creator: Int64(i), tags: [tag], likes: likes)
        }
        let picks = ForYouRanker().rank(pool, taste: TasteModel(), count: 10, now: now, seed: 2)
        let tags = picks.map { pool[Int($0.postID) - 1].traits.hashtags[0] }
        XCTAssertEqual(tags.filter { $0 == "a" }.count, 5, "\(tags)")
    }

    func testADiscoveryShareOfPicksTouchesNoKnownInterest() {
        // Known: #snow. Half the pool touches nothing known.
        let known: [ForYouCandidate] = (0..<600).map { i in
            candidate(Int64(i + 1), creator: Int64(i % 300), tags: ["snow"], likes: 40)
        }
        let unknown: [ForYouCandidate] = (0..<600).map { i in
            candidate(Int64(i + 1_000), creator: Int64(1_000 + i), tags: ["new\(i % 40)"], likes: 40)
        }
        let taste = TasteModel(signals: [finished(known[0]), finished(known[1])])
        let ranker = ForYouRanker()
        let picks = ranker.rank(known + unknown, taste: taste, count: 200, now: now, seed: 5)
        let discovery = picks.filter(\.isDiscovery)
        let share = Double(discovery.count) / Double(picks.count)
        XCTAssertEqual(share, ranker.parameters.discoveryShare, accuracy: 0.06)
        XCTAssertTrue(discovery.allSatisfy { $0.postID >= 1_000 && $0.reasons.first == .somethingNew })
        var none = ForYouRanker.Parameters()
        none.discoveryShare = 0
        XCTAssertFalse(ForYouRanker(parameters: none).rank(known + unknown, taste: taste, count: 200, now: now, seed: 5)
            .contains { $0.isDiscovery })
    }

    func testAPostWatchedToTheEndIsNeverShownAgain() {
        let best = candidate(1, creator: 1, tags: ["snow"], likes: 1_000_000)
        let rest: [ForYouCandidate] = (2...30).map { i in candidate(Int64(i), creator: Int64(i), tags: ["snow"]) }
        let pool = [best] + rest
        let taste = TasteModel(signals: [finished(best)])
        let picks = ForYouRanker().rank(pool, taste: taste, count: 29, now: now, seed: 4)
        XCTAssertEqual(picks.count, 29)
        XCTAssertFalse(picks.contains { $0.postID == 1 })
    }

    func testHiddenCreatorsAndDismissedPostsAreLeftOut() {
        let pool: [ForYouCandidate] = (1...6).map { i in candidate(Int64(i), creator: Int64(i % 2), tags: ["t\(i)"]) }
        let taste = TasteModel(signals: [
            InterestSignal(action: .hidCreator, postID: 1, at: now, traits: pool[0].traits),
            InterestSignal(action: .notInterested, postID: 2, at: now, traits: pool[1].traits),
        ])
        let picks = ForYouRanker().rank(pool, taste: taste, count: 6, now: now, seed: 1)
        XCTAssertEqual(Set(picks.map(\.postID)), [4, 6], "creator 1's posts hidden, post 2 dismissed")
    }

    func testReasonsNameTheTagTheFollowedCreatorAndDiscovery() {
        let watched: [ForYouCandidate] = (1...4).map { i in candidate(Int64(i), creator: Int64(10 + i), tags: ["snow"]) }
        let next = candidate(50, creator: 99, tags: ["snow", "night"], likes: 0)
        let followedPost = candidate(60, creator: 77, tags: ["knitting"], hoursOld: 1, likes: 0)
        var signals = watched.map { finished($0) }
        signals.append(InterestSignal(action: .followed, postID: 0, at: now, traits: followedPost.traits))
        let picks = ForYouRanker().rank(watched + [next, followedPost], taste: TasteModel(signals: signals), count: 2,
                                        now: now, seed: 11)
        let reasons = Dictionary(uniqueKeysWithValues: picks.map { ($0.postID, $0.reasons) })
        XCTAssertEqual(reasons[50]?.first, .watchedTagToEnd(tag: "snow", count: 4))
        XCTAssertEqual(reasons[60]?.first, .newFromFollowed(creatorID: 77))
    }

    func testTheSameSeedGivesTheSamePicks() {
        let snow = twoThemePool().filter { $0.traits.hashtags == ["snow"] }
        let pool = snow + (0..<300).map { (i: Int) -> ForYouCandidate in
            candidate(Int64(1_000 + i), creator: Int64(1_000 + i), tags: ["new\(i % 30)"], likes: 12)
        }
        let taste = TasteModel(signals: snow.prefix(6).map { finished($0) })
        let ranker = ForYouRanker()
        let first = ranker.rank(pool, taste: taste, count: 40, now: now, seed: 77)
        XCTAssertEqual(first, ranker.rank(ForYouPool(pool), taste: taste, count: 40, now: now, seed: 77))
        XCTAssertNotEqual(first.map(\.isDiscovery), ranker.rank(pool, taste: taste, count: 40, now: now, seed: 78).map(\.isDiscovery),
                          "the seed decides the discovery slots")
    }

    func testSamplingTheInterestsIsSeededAndChangesTheOrder() {
        let pool = twoThemePool()
        let taste = TasteModel(signals: pool.prefix(6).map { finished($0) })
        var sampling = ForYouRanker.Parameters()
        sampling.interestSampling = 0.3
        let sampled = ForYouRanker(parameters: sampling)
        let first = sampled.rank(pool, taste: taste, count: 30, now: now, seed: 5)
        XCTAssertEqual(first, sampled.rank(pool, taste: taste, count: 30, now: now, seed: 5))
        XCTAssertNotEqual(first.map(\.postID), ForYouRanker().rank(pool, taste: taste, count: 30, now: now, seed: 5).map(\.postID))
    }
}
