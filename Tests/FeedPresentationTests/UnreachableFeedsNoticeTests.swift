import FeedCore
import FeedPresentation
import XCTest

/// Issue 21 #11: a refresh that fails at launch is said once, naming the feeds.
final class UnreachableFeedsNoticeTests: XCTestCase {
    private func feed(_ id: Int64, _ title: String, error: String? = nil) -> Subscription {
        Subscription(id: id, url: "http://127.0.0.1/\(id).xml", title: title, lastError: error)
    }

    func testTheFeedsThatCouldNotBeReachedAreNamed() {
        let notice = UnreachableFeedsNotice(before: [feed(1, "Test Channel"), feed(2, "JSON Channel"), feed(3, "")])
        XCTAssertNil(notice.message(failed: []), "every feed answered: nothing to say")
        XCTAssertEqual(notice.message(failed: [feed(1, "Test Channel", error: "x")]),
                       "Couldn’t reach Test Channel: its new videos come when it answers.")
        XCTAssertEqual(notice.message(failed: [feed(1, "Test Channel", error: "x"), feed(3, "", error: "x")]),
                       "Couldn’t reach Test Channel or http://127.0.0.1/3.xml: their new videos come when they answer.")
        XCTAssertEqual(notice.message(failed: [feed(2, "JSON Channel", error: "x"), feed(1, "Test Channel", error: "x"),
                                               feed(3, "", error: "x")]),
                       "Couldn’t reach JSON Channel and 2 other followed feeds: Following says more.")
    }

    func testAFeedThatWasFailingBeforeIsNotSaidAgain() {
        let notice = UnreachableFeedsNotice(before: [feed(1, "Gone", error: "can’t connect"), feed(2, "New")])
        XCTAssertNil(notice.message(failed: [feed(1, "Gone", error: "can’t connect")]))
        XCTAssertEqual(notice.message(failed: [feed(1, "Gone", error: "x"), feed(2, "New", error: "x")]),
                       "Couldn’t reach New: its new videos come when it answers.")
    }
}
