import FeedCore
@testable import FeedPresentation
import TestSupport
import XCTest

final class NavigatorTests: XCTestCase {
    private static let ann = Author(id: 2, handle: "ann", name: "Ann")
    private static let bo = Author(id: 3, handle: "bo", name: "Bo")
    private static func posts(_ ids: [Int64]) -> [Post] {
        ids.map { Post(id: $0, author: ann, caption: "", music: "", videoURI: "v\($0)", created: .distantPast) }
    }

    func testItStartsOnHomeWithNothingToGoBackTo() {
        onMain {
            let navigator = Navigator()
            XCTAssertEqual(navigator.current, .tab(.home))
            XCTAssertFalse(navigator.canGoBack)
            XCTAssertFalse(navigator.back())
        }
    }

    func testBackWalksDownThePagesOpenedOverATab() {
        onMain {
            let navigator = Navigator()
            var changes: [(Route, Route)] = []
            navigator.onChange = { changes.append(($0, $1)) }
            navigator.select(.discover)
            navigator.open(.results(posts: Self.posts([1, 2]), start: 1))
            navigator.open(.author(Self.ann))
            navigator.open(.results(posts: Self.posts([5]), start: 0))
            XCTAssertEqual(navigator.tab, .discover, "pages over a tab keep its tab marked")
            XCTAssertTrue(navigator.back())
            XCTAssertEqual(navigator.current, .author(Self.ann))
            XCTAssertTrue(navigator.back())
            XCTAssertEqual(navigator.current, .results(posts: Self.posts([1, 2]), start: 1), "the first results come back as they were")
            XCTAssertTrue(navigator.back())
            XCTAssertEqual(navigator.current, .tab(.discover))
            XCTAssertFalse(navigator.back())
            XCTAssertEqual(changes.count, 7)
            XCTAssertEqual(changes.last?.0, .results(posts: Self.posts([1, 2]), start: 1))
        }
    }

    func testSelectingATabDropsThePagesOverThePreviousOne() {
        onMain {
            let navigator = Navigator()
            navigator.open(.author(Self.ann))
            navigator.open(.results(posts: Self.posts([1]), start: 0))
            navigator.select(.inbox)
            XCTAssertEqual(navigator.stack, [.tab(.inbox)])
            XCTAssertFalse(navigator.contains(.author(Self.ann)))
        }
    }

    func testProfilesStackSoBackReturnsToTheOneBefore() {
        onMain {
            let navigator = Navigator()
            navigator.open(.author(Self.ann))
            navigator.open(.author(Self.bo))
            navigator.back()
            XCTAssertEqual(navigator.current, .author(Self.ann), "Back shows Ann again, not the last profile shown")
        }
    }

    func testOpeningThePageOnTopAgainChangesNothing() {
        onMain {
            let navigator = Navigator()
            var changed = 0
            navigator.onChange = { _, _ in changed += 1 }
            navigator.open(.author(Self.ann))
            navigator.open(.author(Self.ann))
            XCTAssertEqual(navigator.stack.count, 2)
            XCTAssertEqual(changed, 1)
            navigator.open(.tab(.profile))
            XCTAssertEqual(navigator.stack, [.tab(.profile)], "opening a tab is selecting it")
        }
    }
}
