import FeedCore
import FeedSources
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// The publisher the UI uses: the steps in order, each result reported, the work folder removed
/// once the clip is no longer needed (after the extra copy, when there is one).
final class ClipPublishServiceTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("service-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("work"), withIntermediateDirectories: true)
        try Data(repeating: 7, count: 2048).write(to: folder.appendingPathComponent("work/clip.mp4"))
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private struct Outcome: Sendable {
        var stored: Result<Post, RecorderError>?
        var copy: URL?
        var problem: String?
        var copied = false
    }

    /// Publishes the work folder's clip with inline work; `check` sees the outcome and the library.
    private func publish(copyFolder: URL?, copy: @escaping ClipPublisher.Copy = { try FileManager.default.copyItem(at: $0, to: $1) },
                         measured: PixelSize? = PixelSize(width: 540, height: 960),
                         check: @MainActor (Outcome, InMemoryFeedRepository) throws -> Void) throws {
        let (folder, work) = (self.folder!, folder.appendingPathComponent("work"))
        try onMain {
            let repo = InMemoryFeedRepository()
            _ = try SelfAuthor.ensure(in: repo)
            var outcome = Outcome()
            let service = ClipPublishService(dataDirectory: folder.appendingPathComponent("data"), repository: repo,
                                             work: InlineWork(), measure: { _ in measured }, copy: copy)
            service.publish(ClipPublication(clip: work.appendingPathComponent("clip.mp4"), caption: "hi", music: "m",
                                            duration: 2, copyFolder: copyFolder),
                            removeWhenDone: work,
                            stored: { outcome.stored = $0 },
                            copied: { outcome.copy = $0; outcome.problem = $1; outcome.copied = true })
            try check(outcome, repo)
        }
    }

    func testStoresThePostMeasuredAndRemovesTheWorkFolder() throws {
        let work = folder.appendingPathComponent("work")
        try publish(copyFolder: nil) { outcome, repo in
            let post = try XCTUnwrap(try? outcome.stored?.get())
            XCTAssertEqual([post.width, post.height], [540, 960], "the size is measured when not given")
            XCTAssertEqual(try repo.feedPage(after: nil, limit: 1).first?.id, post.id)
            XCTAssertFalse(outcome.copied, "no copy was asked for")
            XCTAssertFalse(FileManager.default.fileExists(atPath: work.path))
        }
    }

    func testTheCopyIsMadeBeforeTheWorkFolderGoes() throws {
        let (videos, work) = (folder.appendingPathComponent("Videos"), folder.appendingPathComponent("work"))
        try publish(copyFolder: videos) { outcome, _ in
            XCTAssertNotNil(try? outcome.stored?.get())
            XCTAssertTrue(outcome.copied)
            XCTAssertNil(outcome.problem)
            let copy = try XCTUnwrap(outcome.copy)
            XCTAssertEqual(try Data(contentsOf: copy).count, 2048)
            XCTAssertFalse(FileManager.default.fileExists(atPath: work.path))
        }
    }

    func testAFullDiskIsReportedAndNothingIsStoredOrLost() throws {
        let clip = folder.appendingPathComponent("work/clip.mp4")
        try publish(copyFolder: nil, copy: { _, _ in throw POSIXError(.ENOSPC) }) { outcome, repo in
            guard case .failure(.diskFull)? = outcome.stored else { return XCTFail("\(String(describing: outcome.stored))") }
            XCTAssertEqual(try repo.postCount(), 0)
            XCTAssertTrue(FileManager.default.fileExists(atPath: clip.path), "a failed post keeps the clip for another try")
        }
    }
}
