import FeedCore
import FeedSources
import FeedTesting
import Foundation
import TestSupport
import XCTest

final class CacheDirectoryTests: XCTestCase {
    func testMeasuresAndEmptiesTheFolderButKeepsTheFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("thumbnails"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(count: 3_000).write(to: folder.appendingPathComponent("thumbnails/a.png"))
        try Data(count: 1_500).write(to: folder.appendingPathComponent("video.part"))
        onMain {
            let cache = CacheDirectory(directory: folder, work: InlineWork())
            var measured: Int64?
            cache.measure { measured = $0 }
            XCTAssertEqual(measured, 4_500)
            var freed: Int64?
            cache.clear { freed = $0 }
            XCTAssertEqual(freed, 4_500)
            cache.measure { measured = $0 }
            XCTAssertEqual(measured, 0)
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.path), "the cache folder itself stays")
    }
}
