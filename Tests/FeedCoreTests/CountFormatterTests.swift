import FeedCore
import Localization
import XCTest

final class CountFormatterTests: XCTestCase {
    func testSmallCountsAreShownWhole() {
        XCTAssertEqual(CountFormatter.short(0), "0")
        XCTAssertEqual(CountFormatter.short(999), "999")
    }

    func testThousandsAndMillionsKeepOneTruncatedDecimal() {
        XCTAssertEqual(CountFormatter.short(1_000, separators: .c), "1K")
        XCTAssertEqual(CountFormatter.short(248_000, separators: .c), "248K", "not 248.0K")
        XCTAssertEqual(CountFormatter.short(248_050, separators: .c), "248K")
        XCTAssertEqual(CountFormatter.short(2_000_000, separators: .c), "2M")
        XCTAssertEqual(CountFormatter.short(10_500, separators: .c), "10.5K")
        XCTAssertEqual(CountFormatter.short(999_999, separators: .c), "999.9K")
        XCTAssertEqual(CountFormatter.short(1_500_000, separators: .c), "1.5M")
        XCTAssertEqual(CountFormatter.short(2_190_000_000, separators: .c), "2.1B")
    }

    func testTheDecimalSeparatorIsTheLocales() {
        XCTAssertEqual(CountFormatter.short(1_500_000, separators: .init(decimal: ",", group: ".")), "1,5M")
    }

    func testNegativeCountsClampToZero() {
        XCTAssertEqual(CountFormatter.short(-5), "0")
    }
}
