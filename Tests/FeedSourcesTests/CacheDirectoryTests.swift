import FeedCore
import FeedSources
import FeedTesting
import Foundation
import TestSupport
import XCTest

final class CacheDirectoryTests: XCTestCase {
    func testMeasuresAndEmptiesThumbnailsAndVideosButKeepsTheRest() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID().uuidString)")
        for sub in ["thumbnails", "videos", "schemas"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(count: 3_000).write(to: folder.appendingPathComponent("thumbnails/a.png"))
        try Data(count: 1_500).write(to: folder.appendingPathComponent("videos/old.part"))
        try Data(count: 700).write(to: folder.appendingPathComponent("videos/playing.video"))
        try Data(count: 100).write(to: folder.appendingPathComponent("schemas/gschemas.compiled"))
        onMain {
            var told = false
            let cache = CacheDirectory(directory: folder, work: InlineWork(), keep: { ["playing"] }, cleared: { told = true })
            var measured: Int64?
            cache.measure { measured = $0 }
            XCTAssertEqual(measured, 5_200, "thumbnails and videos, not the settings schema")
            var freed: Int64?
            cache.clear { freed = $0 }
            XCTAssertEqual(freed, 4_500)
            XCTAssertTrue(told)
            cache.measure { measured = $0 }
            XCTAssertEqual(measured, 700, "the video on screen stays")
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("schemas/gschemas.compiled").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("thumbnails").path),
                      "the folders themselves stay")
    }
}
