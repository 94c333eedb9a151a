import FeedCore
import Foundation
import XCTest

/// The taste For You learns: grows with what is watched to the end, falls with skips, fades.
final class TasteModelTests: XCTestCase {
    private let start = Date(timeIntervalSince1970: 1_800_000_000)

    private func watched(_ post: Int64, tags: [String], creator: Int64 = 1, loops: Int = 1, ms: Int64 = 9_000,
                         after seconds: Double = 0) -> InterestSignal {
        InterestSignal(watch: WatchSignal(postID: post, watchedMs: ms, loops: loops),
                       traits: PostTraits(creatorID: creator, hashtags: tags, instance: "tube.example", lengthSeconds: 9),
                       at: start.addingTimeInterval(seconds))
    }

    func testInterestGrowsWithEachVideoWatchedToTheEnd() {
        var taste = TasteModel()
        var previous = taste.interest(in: .hashtag("snow"), at: start)
        XCTAssertEqual(previous, 0, "nothing known yet")
        for i in 0..<4 {
            taste.learn(watched(Int64(i), tags: ["Snow"], creator: Int64(10 + i), after: Double(i)))
            let now = taste.interest(in: .hashtag("snow"), at: start.addingTimeInterval(Double(i)))
            XCTAssertGreaterThan(now, previous, "completion \(i + 1) raises it")
            previous = now
        }
        XCTAssertEqual(taste.evidence(for: .hashtag("snow")).completions, 4)
        XCTAssertTrue(taste.finishedPosts.isSuperset(of: [0, 1, 2, 3]))
    }

    func testInterestFadesWithTime() {
        let taste = TasteModel(signals: (0..<4).map { watched(Int64($0), tags: ["snow"], after: Double($0)) })
        let fresh = taste.interest(in: .hashtag("snow"), at: start.addingTimeInterval(4))
        let hourLater = taste.interest(in: .hashtag("snow"), at: start.addingTimeInterval(3_600))
        let monthsLater = taste.interest(in: .hashtag("snow"), at: start.addingTimeInterval(120 * 86_400))
        XCTAssertLessThan(hourLater, fresh, "the session part fades within the hour")
        XCTAssertGreaterThan(hourLater, 0.05, "the lasting part stays")
        XCTAssertLessThan(monthsLater, 0.05, "months later little is left")
    }

    func testSkipsLowerTheInterest() {
        var taste = TasteModel(signals: (0..<3).map { watched(Int64($0), tags: ["cats"], after: Double($0)) })
        let liked = taste.interest(in: .hashtag("cats"), at: start.addingTimeInterval(3))
        for i in 3..<6 { taste.learn(watched(Int64(i), tags: ["cats"], loops: 0, ms: 400, after: Double(i))) }
        let afterSkips = taste.interest(in: .hashtag("cats"), at: start.addingTimeInterval(6))
        XCTAssertLessThan(afterSkips, liked)
        let skippedOnly = TasteModel(signals: (0..<3).map { watched(Int64($0), tags: ["golf"], loops: 0, ms: 300) })
        XCTAssertLessThan(skippedOnly.interest(in: .hashtag("golf"), at: start), 0)
        XCTAssertTrue(skippedOnly.finishedPosts.isEmpty, "a skip is not watched to the end")
        XCTAssertEqual(skippedOnly.seenPosts, [0, 1, 2])
    }

    func testHidingACreatorAndNotInterestedAreKept() {
        let traits = PostTraits(creatorID: 5, hashtags: ["golf"], lengthSeconds: 9)
        let taste = TasteModel(signals: [
            InterestSignal(action: .hidCreator, postID: 1, at: start, traits: traits),
            InterestSignal(action: .notInterested, postID: 2, at: start, traits: traits),
        ])
        XCTAssertEqual(taste.hiddenCreators, [5])
        XCTAssertEqual(taste.dismissedPosts, [2])
        XCTAssertLessThan(taste.interest(in: .hashtag("golf"), at: start), 0)
    }
}
