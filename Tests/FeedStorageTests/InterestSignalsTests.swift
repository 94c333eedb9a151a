import FeedCore
import FeedStorage
import Foundation
import XCTest

/// For You's signals in the library: kept with the post's traits, paused, erased for good.
final class InterestSignalsTests: StorageTestCase {
    private func signal(_ action: InterestAction, post: Int64, at seconds: Double, loops: Int = 0) -> InterestSignal {
        InterestSignal(action: action, postID: post, at: Date(timeIntervalSince1970: seconds),
                       watchedMs: action == .watched ? 9_000 : 0, loops: loops,
                       traits: PostTraits(creatorID: 3, hashtags: ["Snow", "night"], instance: "tube.example",
                                          language: "en", lengthSeconds: 9))
    }

    func testSignalsComeBackWithTheirTraitsInOrder() throws {
        let repository = try LibraryDatabase.openInMemory()
        let kept = [signal(.watched, post: 1, at: 10, loops: 2), signal(.liked, post: 1, at: 12),
                    signal(.hidCreator, post: 2, at: 11)]
        for item in kept { XCTAssertTrue(try repository.record(item)) }
        let read = try repository.interestSignals()
        XCTAssertEqual(read, [kept[0], kept[2], kept[1]], "oldest first, every field as written")
        XCTAssertEqual(read.first?.traits.hashtags, ["snow", "night"])
        XCTAssertTrue(read.first?.completed == true)
    }

    func testPauseStopsRecordingUntilResumed() throws {
        let repository = try LibraryDatabase.open(at: databaseURL)
        XCTAssertFalse(try repository.isRecordingPaused())
        try repository.setRecordingPaused(true)
        XCTAssertFalse(try repository.record(signal(.watched, post: 1, at: 10)))
        XCTAssertEqual(try repository.interestSignals(), [])
        // The switch is kept in the library: another opening sees it.
        XCTAssertTrue(try LibraryDatabase.open(at: databaseURL).isRecordingPaused())
        try repository.setRecordingPaused(false)
        XCTAssertTrue(try repository.record(signal(.watched, post: 2, at: 11)))
        XCTAssertEqual(try repository.interestSignals().map(\.postID), [2])
    }

    func testEraseAllLeavesNoSignalAndANewUsersTaste() throws {
        let repository = try LibraryDatabase.open(at: databaseURL)
        for i in 0..<50 { try repository.record(signal(i % 2 == 0 ? .watched : .shared, post: Int64(i), at: Double(i), loops: 1)) }
        XCTAssertFalse(TasteModel(signals: try repository.interestSignals()).isEmpty)
        try repository.eraseAllInterestSignals()
        XCTAssertEqual(try repository.connection.queryFirst("SELECT count(*) FROM interest_signals") { $0.int(0) }, 0)
        let reopened = try LibraryDatabase.open(at: databaseURL)
        XCTAssertEqual(try reopened.interestSignals(), [])
        XCTAssertTrue(TasteModel(signals: try reopened.interestSignals()).isEmpty, "the next feed is a new user's")
        // Erased for good: the rows' text is not left in the file's free pages.
        try? reopened.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        let bytes = try Data(contentsOf: databaseURL)
        XCTAssertNil(bytes.range(of: Data("tube.example".utf8)), "the erased rows' bytes are overwritten")
    }

    func testForgettingTakesOnlyTheNewestMatchingSignal() throws {
        let repository = try LibraryDatabase.openInMemory()
        let kept = [signal(.notInterested, post: 1, at: 10), signal(.watched, post: 1, at: 11),
                    signal(.notInterested, post: 1, at: 12), signal(.notInterested, post: 2, at: 13)]
        for item in kept { try repository.record(item) }
        try repository.forgetLastInterestSignal(action: .notInterested, postID: 1)
        XCTAssertEqual(try repository.interestSignals(), [kept[0], kept[1], kept[3]], "the undone one alone")
        try repository.forgetLastInterestSignal(action: .liked, postID: 1)
        XCTAssertEqual(try repository.interestSignals().count, 3, "nothing to forget: nothing forgotten")
    }

    func testForgettingAnInterestTakesEverySignalAboutIt() throws {
        let repository = try LibraryDatabase.openInMemory()
        let other = InterestSignal(action: .liked, postID: 5, at: Date(timeIntervalSince1970: 20),
                                   traits: PostTraits(creatorID: 4, hashtags: ["snowboard"], instance: "other.example",
                                                      lengthSeconds: 5))
        for item in [signal(.watched, post: 1, at: 10), signal(.liked, post: 2, at: 11), other] { try repository.record(item) }
        try repository.forgetInterestSignals(about: .hashtag("snow"))
        XCTAssertEqual(try repository.interestSignals(), [other], "#snow only, not #snowboard")
        try repository.forgetInterestSignals(about: .instance("other.example"))
        XCTAssertEqual(try repository.interestSignals(), [])
    }
}
