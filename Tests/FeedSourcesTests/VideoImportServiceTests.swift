import FeedCore
import FeedSources
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// Importing chosen and dropped files and folders: real files on disk (found by content type,
/// fingerprinted), a fake probe, the in-memory library.
final class VideoImportServiceTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("loopfeed-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

    /// An MP4 header followed by bytes of its own, so each clip has its own fingerprint.
    @discardableResult
    private func clip(_ relative: String, content: String? = nil) throws -> URL {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let header: [UInt8] = [0, 0, 0, 0x18] + Array("ftypmp42".utf8) + [0, 0, 0, 0] + Array("mp42isom".utf8)
        try Data(header + Array((content ?? relative).utf8)).write(to: url)
        return url
    }

    @MainActor
    private static func run(_ service: VideoImportService, _ urls: [URL]) -> (ImportSummary?, [ImportProgress]) {
        var summary: ImportSummary?
        var progress: [ImportProgress] = []
        service.importFiles(urls, progress: { progress.append($0) }, then: { summary = $0 })
        return (summary, progress)
    }

    func testAFolderComesInInItsOwnOrderWithProgressAndTheSameFolderAgainAddsNothing() throws {
        for index in 1...20 { try clip("holiday/\(index).mp4") }
        try clip("holiday/notes.txt")
        let folder = root.appendingPathComponent("holiday")
        try onMain {
            let repository = InMemoryFeedRepository()
            let service = VideoImportService(repository: repository, work: InlineWork(), probe: FakeVideoProbe())
            let (summary, progress) = Self.run(service, [folder])
            let added = try XCTUnwrap(summary).added
            XCTAssertEqual(added.map(\.caption), (1...20).map { "\($0)" }, "natural order, the text file left out")
            XCTAssertEqual(added.first?.width, 720)
            XCTAssertEqual(added.first?.duration, 3)
            XCTAssertEqual(added.first?.author.handle, "local")
            XCTAssertEqual(progress.map(\.done), [0, 8, 16, 20], "n of N as the batches go")
            XCTAssertTrue(progress.allSatisfy { $0.total == 20 })
            let feed = try repository.feedPage(after: nil, limit: 30)
            XCTAssertEqual(feed.map(\.caption), (1...20).map { "\($0)" }, "the feed, newest first, shows the folder in order")

            let (again, _) = Self.run(service, [folder])
            XCTAssertEqual(again?.added, [])
            XCTAssertEqual(again?.duplicates, 20)
            XCTAssertEqual(try repository.postCount(), 20)
        }
    }

    func testACopyOfAVideoAlreadyThereIsNotAddedTwice() throws {
        let original = try clip("phone/beach.mp4", content: "waves")
        let copy = try clip("backup/beach (copy).mp4", content: "waves")
        let sameRunCopies = [try clip("a/x.mp4", content: "same"), try clip("b/y.mp4", content: "same")]
        onMain {
            let repository = InMemoryFeedRepository()
            let service = VideoImportService(repository: repository, work: InlineWork(), probe: FakeVideoProbe())
            XCTAssertEqual(Self.run(service, [original]).0?.added.count, 1)
            let second = Self.run(service, [copy]).0
            XCTAssertEqual(second?.added, [], "the same bytes under another name")
            XCTAssertEqual(second?.duplicates, 1)
            let third = Self.run(service, sameRunCopies).0
            XCTAssertEqual(third?.added.map(\.caption), ["x"], "two copies in one import make one post")
            XCTAssertEqual(third?.duplicates, 1)
        }
    }

    func testCancellingKeepsWhatCameInAndStopsTheRest() throws {
        for index in 1...20 { try clip("many/\(index).mp4") }
        let folder = root.appendingPathComponent("many")
        try onMain {
            let repository = InMemoryFeedRepository()
            let work = QueuedWork()
            let service = VideoImportService(repository: repository, work: work, probe: FakeVideoProbe())
            var summary: ImportSummary?
            var progress: [ImportProgress] = []
            let ticket = service.importFiles([folder], progress: { progress.append($0) }, then: { summary = $0 })
            XCTAssertEqual(try repository.postCount(), 0, "nothing is read on the main thread")
            work.runNext() // the scan
            work.runNext() // the first batch
            XCTAssertEqual(progress.last, ImportProgress(done: 8, total: 20, added: 8, duplicates: 0))
            ticket.cancel()
            work.runAll()
            let result = try XCTUnwrap(summary)
            XCTAssertTrue(result.cancelled)
            XCTAssertEqual(result.added.count, 8)
            XCTAssertEqual(try repository.postCount(), 8, "what was added stays")
        }
    }

    func testWhatCannotBeUsedIsNamed() throws {
        try clip("mixed/good.mp4")
        try clip("mixed/broken.mp4")
        let mixed = root.appendingPathComponent("mixed"), missing = root.appendingPathComponent("gone")
        try onMain {
            let repository = InMemoryFeedRepository()
            let service = VideoImportService(repository: repository, work: InlineWork(), probe: FakeVideoProbe())
            let summary = try XCTUnwrap(Self.run(service, [mixed, missing]).0)
            XCTAssertEqual(summary.added.map(\.caption), ["good"])
            XCTAssertEqual(summary.unreadable, ["broken.mp4"])
            XCTAssertEqual(summary.problems, [PathProblem(path: missing.path, reason: .notFound)])
            XCTAssertFalse(summary.cancelled)
        }
    }
}
