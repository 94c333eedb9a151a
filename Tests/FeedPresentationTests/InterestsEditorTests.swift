import FeedCore
import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// Preferences → Your interests: the top creators, hashtags and instances learnt, each removable,
/// learning paused, and Erase all leaving a new user's taste.
final class InterestsEditorTests: XCTestCase {
    private static func finished(_ post: Int64, creator: Int64, tags: [String], host: String?) -> InterestSignal {
        InterestSignal(action: .watched, postID: post, at: Date(timeIntervalSince1970: 1_000), watchedMs: 9_000, loops: 1,
                       traits: PostTraits(creatorID: creator, hashtags: tags, instance: host, lengthSeconds: 9))
    }

    func testTheInterestsLearntAreListedAndEachCanBeForgotten() throws {
        try onMain {
            let store = InMemoryInterestSignals()
            for i in 0..<3 { try store.record(Self.finished(Int64(i), creator: 7, tags: ["snow", "night"], host: "tube.example")) }
            try store.record(Self.finished(9, creator: 8, tags: ["golf"], host: nil))
            let recorder = InterestRecorder(.init(store: store, post: { _ in nil }, timers: ManualTimers()))
            let editor = InterestsEditor(recorder: recorder, creatorName: { $0 == 7 ? "Ann" : nil },
                                         now: { Date(timeIntervalSince1970: 1_000) })
            let rows = editor.rows()
            XCTAssertEqual(rows.map(\.title), ["Ann", "A creator", "#night", "#snow", "#golf", "tube.example"])
            try editor.remove(XCTUnwrap(rows.first { $0.title == "#snow" }))
            XCTAssertFalse(editor.rows().contains { $0.title == "#snow" || $0.title == "Ann" },
                           "the signals behind #snow are gone, and Ann's with them")
            XCTAssertEqual(editor.rows().map(\.title), ["A creator", "#golf"])
            XCTAssertTrue(editor.isLearning)
            editor.setLearning(false)
            XCTAssertTrue(store.paused)
            editor.eraseAll()
            XCTAssertEqual(store.kept, [])
            XCTAssertEqual(editor.rows(), [])
            XCTAssertTrue(TasteModel(signals: recorder.signals()).isEmpty, "the next For You is a new user's")
        }
    }
}
