import FeedCore
import Foundation
import XCTest

final class RelativeTimeTests: XCTestCase {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func testSteps() {
        XCTAssertEqual(RelativeTime.short(from: now, to: now), "now")
        XCTAssertEqual(RelativeTime.short(from: now.addingTimeInterval(-59), to: now), "now")
        XCTAssertEqual(RelativeTime.short(from: now.addingTimeInterval(-180), to: now), "3 min")
        XCTAssertEqual(RelativeTime.short(from: now.addingTimeInterval(-2 * 3600 - 5), to: now), "2 h")
        XCTAssertEqual(RelativeTime.short(from: now.addingTimeInterval(-5 * 86_400), to: now), "5 d")
        XCTAssertEqual(RelativeTime.short(from: now.addingTimeInterval(-15 * 86_400), to: now), "2 w")
        // Midday, so the date is the same in any time zone; ISO in the C locale.
        XCTAssertEqual(RelativeTime.short(from: Date(timeIntervalSince1970: 43_200), to: now), "1970-01-01")
    }

    func testFutureDatesReadAsNow() {
        XCTAssertEqual(RelativeTime.short(from: now.addingTimeInterval(3600), to: now), "now")
    }
}

final class CommentSheetDragTests: XCTestCase {
    let drag = CommentSheetDrag()

    func testFollowsPointerDownOnly() {
        XCTAssertEqual(drag.offset(dragY: 120, sheetHeight: 600), 120)
        XCTAssertEqual(drag.offset(dragY: -50, sheetHeight: 600), 0)
        XCTAssertEqual(drag.offset(dragY: 900, sheetHeight: 600), 600)
    }

    func testFastReleaseClosesSlowReleaseSnapsBack() {
        XCTAssertEqual(drag.release(offset: 40, velocityY: 301, sheetHeight: 600), .close)
        XCTAssertEqual(drag.release(offset: 40, velocityY: 200, sheetHeight: 600), .snapBack)
        XCTAssertEqual(drag.release(offset: 250, velocityY: 0, sheetHeight: 600), .close)
        XCTAssertEqual(drag.release(offset: 250, velocityY: -400, sheetHeight: 600), .snapBack)
    }

    func testSheetTakesDownwardDragsOnlyWithTheListAtItsTop() {
        XCTAssertTrue(drag.sheetTakesDrag(listOffset: 0, dragDown: true))
        XCTAssertFalse(drag.sheetTakesDrag(listOffset: 120, dragDown: true))
        XCTAssertFalse(drag.sheetTakesDrag(listOffset: 0, dragDown: false))
    }
}

final class CommentValidationTests: XCTestCase {
    func testEmptyAndWhitespaceAreRefused() {
        XCTAssertEqual(CommentValidation.check(""), .empty)
        XCTAssertEqual(CommentValidation.check("  \n\t "), .empty)
    }

    func testTextIsKeptExactlyInsideTheTrim() {
        let text = "  <b>not bold</b> & \u{05E9}\u{05DC}\u{05D5}\u{05DD} e\u{0301} 🎉\nsecond line  "
        XCTAssertEqual(CommentValidation.check(text), .valid(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    func testOverTwoThousandCharactersIsRefused() {
        XCTAssertEqual(CommentValidation.check(String(repeating: "a", count: 2_000)), .valid(String(repeating: "a", count: 2_000)))
        XCTAssertEqual(CommentValidation.check(String(repeating: "é", count: 2_001)), .tooLong(count: 2_001, limit: 2_000))
    }
}
