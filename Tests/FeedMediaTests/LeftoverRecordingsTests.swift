import FeedMedia
import Foundation
import XCTest

final class LeftoverRecordingsTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("leftovers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private func folder(_ name: String, segments: [Int], age: TimeInterval) throws -> URL {
        let url = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (index, bytes) in segments.enumerated() {
            try Data(repeating: 1, count: bytes).write(to: SegmentJoiner.segmentURL(in: url, index: index + 1))
        }
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-age)], ofItemAtPath: url.path)
        return url
    }

    func testKeepsTheNewestClipAndTidiesTheRest() throws {
        let older = try folder("clip-old", segments: [4096], age: 600)
        let newest = try folder("clip-new", segments: [4096, 10], age: 10)
        let empty = try folder("clip-empty", segments: [12], age: 5)
        let album = try folder("album-x", segments: [4096], age: 1)
        XCTAssertEqual(LeftoverRecordings.tidy(root)?.lastPathComponent, newest.lastPathComponent)
        XCTAssertEqual(SegmentJoiner.segments(in: newest).count, 1, "a segment too short for a frame is removed")
        XCTAssertTrue(FileManager.default.fileExists(atPath: older.path), "an older clip is kept for later")
        XCTAssertFalse(FileManager.default.fileExists(atPath: empty.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: album.path))
    }

    func testNothingLeftIsNil() throws {
        XCTAssertNil(LeftoverRecordings.tidy(root))
        XCTAssertNil(LeftoverRecordings.tidy(root.appendingPathComponent("missing")))
    }
}
