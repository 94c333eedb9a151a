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
            XCTAssertEqual(FeedDate.textual(Array(text.utf8)), full.date(from: text), text)
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
            XCTAssertEqual(FeedDate.iso8601(Array(text.utf8)), iso.date(from: text), text)
        }
        let fractional = FeedDate.parse("2026-12-01T10:00:00.250Z")!
        XCTAssertEqual(fractional.timeIntervalSince1970, iso.date(from: "2026-12-01T10:00:00Z")!.timeIntervalSince1970 + 0.25,
                       accuracy: 0.0001)
        XCTAssertEqual(FeedDate.parse("2026-12-01"), iso.date(from: "2026-12-01T00:00:00Z"), "a date alone is its midnight, UTC")
        XCTAssertNil(FeedDate.parse("2026-13-01T10:00:00Z"))
    }

    /// Seconds since 1970 of a UTC wall time, less a zone's offset east.
    private func utc(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0, east: Int = 0) -> Date {
        var parts = DateComponents()
        (parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second) = (y, mo, d, h, mi, s)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        return calendar.date(from: parts)!.addingTimeInterval(TimeInterval(-east))
    }

    func testEveryFormFeedsWriteIsRead() {
        let forms: [(String, Date)] = [
            // W3C-DTF and ISO 8601's other spellings
            ("2004-07-08 23:56:58", utc(2004, 7, 8, 23, 56, 58)),
            ("2004-07-08T23:56:58.5-05:00", utc(2004, 7, 8, 23, 56, 58, east: -5 * 3600).addingTimeInterval(0.5)),
            ("2004-07-08T23:56+0200", utc(2004, 7, 8, 23, 56, east: 2 * 3600)),
            ("2004-07-08T23:56:58+02", utc(2004, 7, 8, 23, 56, 58, east: 2 * 3600)),
            ("2004-07-08 23:56:58 UTC", utc(2004, 7, 8, 23, 56, 58)),
            ("20040708T235658Z", utc(2004, 7, 8, 23, 56, 58)),
            ("2004-07", utc(2004, 7, 1)),
            ("2004", utc(2004, 1, 1)),
            // RFC 822 and what feeds make of it
            ("Thu, 08 Jul 2004 23:56:58 GMT", utc(2004, 7, 8, 23, 56, 58)),
            ("Thu, 8 July 2004 23:56:58 +0000", utc(2004, 7, 8, 23, 56, 58)),
            ("Thursday, 08 July 2004 23:56 GMT", utc(2004, 7, 8, 23, 56)),
            ("Thu, 08, Jul 2004 23:56:58 GMT", utc(2004, 7, 8, 23, 56, 58)),
            ("Thu, 08 Jul, 2004 23:56:58 GMT", utc(2004, 7, 8, 23, 56, 58)),
            ("Thu,08 Jul 2004 23:56:58 GMT", utc(2004, 7, 8, 23, 56, 58)),
            ("Thu, 08 Jul 2004", utc(2004, 7, 8)),
            ("08 Jul 2004", utc(2004, 7, 8)),
            ("July 8, 2004", utc(2004, 7, 8)),
            ("Jul 8, 2004 11:56:58 -0700", utc(2004, 7, 8, 11, 56, 58, east: -7 * 3600)),
            ("Thu, 08 Jul 04 23:56:58 GMT", utc(2004, 7, 8, 23, 56, 58)),
            ("Thu, 08 Jul 99 23:56:58 GMT", utc(1999, 7, 8, 23, 56, 58)),
            ("Thursday, 08-Jul-04 23:56:58 GMT", utc(2004, 7, 8, 23, 56, 58)),
            ("Thu, 08 Jul 2004 23:56:58 MET", utc(2004, 7, 8, 23, 56, 58, east: 3600)),
            ("Thu, 08 Jul 2004 23:56:58 CEST", utc(2004, 7, 8, 23, 56, 58, east: 2 * 3600)),
            ("Thu, 08 Jul 2004 23:56:58 ET", utc(2004, 7, 8, 23, 56, 58, east: -5 * 3600)),
            ("Thu, 08 Jul 2004 23:56:58 PDT", utc(2004, 7, 8, 23, 56, 58, east: -7 * 3600)),
            ("Thu, 08 Jul 2004 23:56:58 Etc/GMT", utc(2004, 7, 8, 23, 56, 58)),
            ("Thu, 08 Jul 2004 23:56:58 Etc/GMT+5", utc(2004, 7, 8, 23, 56, 58, east: -5 * 3600)),
            ("Thu, 08 Jul 2004 23:56:58 GMT+01:00", utc(2004, 7, 8, 23, 56, 58, east: 3600)),
            ("Thu, 08 Jul 2004 23:56:58 +0000 (UTC)", utc(2004, 7, 8, 23, 56, 58)),
            ("Thu, 08 Jul 2004 23:56:58 +05:30", utc(2004, 7, 8, 23, 56, 58, east: 5 * 3600 + 1800)),
            ("thu, 08 jul 2004 23:56:58 gmt", utc(2004, 7, 8, 23, 56, 58)),
            // asctime
            ("Sun Jan  4 16:29:06 2004", utc(2004, 1, 4, 16, 29, 6)),
            ("Sun Jan  4 16:29:06 PST 2004", utc(2004, 1, 4, 16, 29, 6, east: -8 * 3600)),
        ]
        for (text, expected) in forms {
            XCTAssertEqual(FeedDate.parse(text), expected, text)
        }
    }

    func testWhatIsNoDateIsNone() {
        for text in ["Thu, 08 Jul 2004 23:56:58 -99:99", "2004-07-08T23:56:58-99:99", "2004-07-08T23:56:58Z and more",
                     "Thu, 08 Jul 2004 23:56:58 GMT tomorrow", "Thu, 30 Feb 2004 10:00:00 GMT", "2004-02-30",
                     "2003-02-29", "Thu, 08 Jul 2004 25:00:00 GMT", "yesterday", "08 Foo 2004", "Jul 2004",
                     "4th July 2004", "Thu, 08 Jul 2004 23:56:58 XYZ", "2004-07-08T", "12345", "", "2004-13",
                     "Thu, 08 Jul 2004 23:56:58 Etc/Mars"] {
            XCTAssertNil(FeedDate.parse(text), text)
        }
        XCTAssertNotNil(FeedDate.parse("2004-02-29"), "a leap day")
    }

    func testATwoDigitYearIsNeverTheYearFour() {
        let date = FeedDate.parse("Sun, 04 Jan 04 10:00:00 GMT")
        XCTAssertEqual(date, utc(2004, 1, 4, 10))
        XCTAssertEqual(FeedText.date("Sun, 04 Jan 04 10:00:00 GMT"), utc(2004, 1, 4, 10))
    }
}
