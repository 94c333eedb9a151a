@testable import FeedSources
import Foundation
import XCTest

/// The hand-read dates agree with Foundation's formatters on every form feeds use.
final class FeedDateTests: XCTestCase {
    private func formatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = format
        return formatter
    }

    func testRFC822AsRSSWritesIt() {
        let full = formatter("EEE, dd MMM yyyy HH:mm:ss Z")
        for text in ["Tue, 01 Dec 2026 10:00:00 +0000", "Sun, 29 Feb 2004 23:59:59 -0800", "Thu, 01 Jan 1970 00:00:00 +0130"] {
            XCTAssertEqual(FeedDate.rfc822(Array(text.utf8)), full.date(from: text), text)
        }
        XCTAssertEqual(FeedDate.parse("Tue, 01 Dec 2026 10:00:00 GMT"), full.date(from: "Tue, 01 Dec 2026 10:00:00 +0000"))
        XCTAssertEqual(FeedDate.parse("1 Dec 2026 10:00 EST"), full.date(from: "Tue, 01 Dec 2026 15:00:00 +0000"),
                       "no day name, no seconds, a named zone")
        XCTAssertNil(FeedDate.parse("Tue, 01 Foo 2026 10:00:00 GMT"))
        XCTAssertNil(FeedDate.parse("Tue, 32 Dec 2026 10:00:00 GMT"))
    }

    func testRFC3339AsAtomAndJSONFeedWriteIt() {
        let iso = ISO8601DateFormatter()
        for text in ["2026-12-01T10:00:00Z", "2026-11-01T21:35:38+00:00", "1999-12-31T23:59:59-05:30"] {
            XCTAssertEqual(FeedDate.rfc3339(Array(text.utf8)), iso.date(from: text), text)
        }
        let fractional = FeedDate.parse("2026-12-01T10:00:00.250Z")!
        XCTAssertEqual(fractional.timeIntervalSince1970, iso.date(from: "2026-12-01T10:00:00Z")!.timeIntervalSince1970 + 0.25,
                       accuracy: 0.0001)
        XCTAssertNil(FeedDate.parse("2026-12-01"), "a date alone is left to the formatters")
        XCTAssertNil(FeedDate.parse("2026-13-01T10:00:00Z"))
    }
}
