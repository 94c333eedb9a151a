import FeedCore
import FeedTesting
import Foundation
import XCTest
@testable import LoopfeedApp

final class JSONLinesEventLogTests: XCTestCase {
    func testWritesOneParseableObjectPerLineAsEventsHappen() throws {
        let path = NSTemporaryDirectory() + "events-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let clock = ManualClock()
        let log = try JSONLinesEventLog(path: path, clock: clock)
        clock.advance(byMicroseconds: 1_500)
        log.emit(.ready(posts: 12))
        // Readable before the log is closed: each line is written as it happens.
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 1)
        log.emit(.error(kind: "path", message: "Skipped \"x\"\nnext", postID: nil))
        lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        let first = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as! [String: Any]
        XCTAssertEqual(first["event"] as? String, "ready")
        XCTAssertEqual(first["posts"] as? Int, 12)
        XCTAssertEqual((first["t_us"] as? NSNumber)?.int64Value, clock.nowMicroseconds())
        let second = try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as! [String: Any]
        XCTAssertEqual(second["message"] as? String, "Skipped \"x\"\nnext")
    }

    func testConcurrentEmittersNeverInterleaveLines() throws {
        let path = NSTemporaryDirectory() + "events-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let log = try JSONLinesEventLog(path: path, clock: SystemMonotonicClock())
        DispatchQueue.concurrentPerform(iterations: 400) { i in
            log.emit(.loop(postID: Int64(i), seamUs: Int64(i)))
        }
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 400)
        for line in lines { XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(line.utf8))) }
    }

    func testUnwritablePathThrowsAClearError() {
        XCTAssertThrowsError(try JSONLinesEventLog(path: "/nonexistent-dir/e.jsonl", clock: SystemMonotonicClock())) { error in
            XCTAssertTrue("\(error.localizedDescription)".contains("/nonexistent-dir/e.jsonl"))
        }
    }
}
