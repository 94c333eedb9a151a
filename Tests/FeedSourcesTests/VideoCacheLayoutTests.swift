@testable import FeedSources
import Foundation
import XCTest

final class VideoCacheLayoutTests: XCTestCase {
    private func file(_ name: String, _ size: Int64, _ age: TimeInterval) -> VideoCacheLayout.File {
        VideoCacheLayout.File(name: name, size: size, used: Date(timeIntervalSince1970: 1_000_000 - age))
    }

    func testTheLeastRecentlyUsedGoUntilTheRestFits() {
        let files = [file("a.video", 400, 10), file("b.video", 300, 30), file("c.part", 200, 20), file("d.video", 100, 5)]
        XCTAssertEqual(VideoCacheLayout.evictions(files, limit: 1_000, keep: []), [])
        XCTAssertEqual(VideoCacheLayout.evictions(files, limit: 600, keep: []).map(\.name), ["b.video", "c.part"])
        XCTAssertEqual(VideoCacheLayout.evictions(files, limit: 600, keep: ["b"]).map(\.name), ["c.part", "a.video"],
                       "a kept key (the post on screen) is passed over")
        XCTAssertEqual(VideoCacheLayout.evictions(files, limit: 0, keep: ["a", "b", "c", "d"]), [])
    }

    func testAScanListsTheFolderFilesWithTheirSizesAndUseTimes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("inner"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(count: 1_234).write(to: folder.appendingPathComponent("a.video"))
        try Data(count: 10).write(to: folder.appendingPathComponent("b.part"))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_700_000_000.5)],
                                              ofItemAtPath: folder.appendingPathComponent("a.video").path)
        let files = VideoCacheLayout.scan(folder).sorted { $0.name < $1.name }
        XCTAssertEqual(files.map(\.name), ["a.video", "b.part"], "a folder is not a file")
        XCTAssertEqual(files.map(\.size), [1_234, 10])
        XCTAssertEqual(files[0].used.timeIntervalSince1970, 1_700_000_000.5, accuracy: 0.01)
        XCTAssertEqual(VideoCacheLayout.scan(folder.appendingPathComponent("gone")), [])
    }

    func testKeysAreHashesOfTheAddress() {
        let key = VideoCacheLayout.key(for: "https://example.org/../../etc/passwd")
        XCTAssertEqual(key.count, 64)
        XCTAssertTrue(key.allSatisfy { $0.isHexDigit })
        XCTAssertEqual(key, VideoCacheLayout.key(for: "https://example.org/../../etc/passwd"))
        XCTAssertNotEqual(key, VideoCacheLayout.key(for: "https://example.org/other"))
    }

    func testSizesTakeKMAndGSuffixes() {
        XCTAssertEqual(VideoCacheLayout.parseSize("800K"), 800 * 1024)
        XCTAssertEqual(VideoCacheLayout.parseSize("500m"), 500 << 20)
        XCTAssertEqual(VideoCacheLayout.parseSize("1G"), 1 << 30)
        XCTAssertEqual(VideoCacheLayout.parseSize("2GB"), 2 << 30)
        XCTAssertEqual(VideoCacheLayout.parseSize("1.5G"), 3 << 29)
        XCTAssertEqual(VideoCacheLayout.parseSize("4096"), 4096)
        XCTAssertNil(VideoCacheLayout.parseSize("lots"))
        XCTAssertNil(VideoCacheLayout.parseSize("-1G"))
        XCTAssertNil(VideoCacheLayout.parseSize(""))
    }
}
