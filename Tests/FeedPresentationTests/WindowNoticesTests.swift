import FeedCore
@testable import FeedPresentation
import Foundation
import TestSupport
import XCTest

/// What services say to the window: kept until it is up, and not repeated for every tile that
/// met the same problem.
final class WindowNoticesTests: XCTestCase {
    func testWhatWasSaidBeforeTheWindowIsToldOnceItIsUp() {
        onMain {
            let notices = WindowNotices()
            notices.say(kind: "cache", "full")
            var shown: [String] = []
            notices.show = { kind, message in shown.append("\(kind): \(message)") }
            XCTAssertEqual(shown, ["cache: full"])
            notices.say(kind: "audio", "gone")
            XCTAssertEqual(shown, ["cache: full", "audio: gone"])
        }
    }

    func testTheSameSentenceIsSaidOnceEveryHalfMinute() {
        onMain {
            var clock = Date(timeIntervalSince1970: 1_000)
            let notices = WindowNotices(now: { clock })
            var shown: [String] = []
            notices.show = { _, message in shown.append(message) }
            for _ in 0..<30 { notices.say(kind: "cache", "The disk is full") }
            notices.say(kind: "cache", "Something else")
            XCTAssertEqual(shown, ["The disk is full", "Something else"])
            clock += 29
            notices.say(kind: "cache", "The disk is full")
            XCTAssertEqual(shown.count, 2)
            clock += 2
            notices.say(kind: "cache", "The disk is full")
            XCTAssertEqual(shown, ["The disk is full", "Something else", "The disk is full"])
        }
    }

    func testCacheProblemsSpeakPlainly() {
        let full = CacheWriteProblem.from(CocoaError(.fileWriteOutOfSpace), folder: "/c/thumbnails")
        XCTAssertEqual(full, .diskFull(path: "/c/thumbnails"))
        XCTAssertTrue(full.description.contains("disk is full"), full.description)
        let readOnly = CacheWriteProblem.from(POSIXError(.EROFS), folder: "/c/thumbnails")
        guard case .notWritable(let path, _) = readOnly else { return XCTFail("\(readOnly)") }
        XCTAssertEqual(path, "/c/thumbnails")
        XCTAssertTrue(readOnly.description.contains("/c/thumbnails"), readOnly.description)
    }
}
