import FeedCore
@testable import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// The window's import of chosen and dropped files, without a display: FakeVideoImporter does
/// the importing, the events go to a RecordingEventSink.
final class ImportStoreTests: XCTestCase {
    private static let folder = URL(fileURLWithPath: "/home/u/Videos/holiday")
    private static let other = URL(fileURLWithPath: "/home/u/Videos/party")

    private static func post(_ id: Int64) -> Post {
        Post(id: id, author: Author(handle: "local", name: "Local files"), caption: "clip \(id)", music: "",
             videoURI: "file:///v\(id).mp4", created: Date(timeIntervalSince1970: 0))
    }

    func testTheBannerCountsUpAndTheEventsSayHowFar() {
        onMain {
            let importer = FakeVideoImporter()
            let events = RecordingEventSink()
            let store = ImportStore(importer: importer, events: events)
            var changes = 0
            store.onChange = { changes += 1 }
            store.add([Self.folder])
            XCTAssertEqual(store.statusText, "Looking for videos…", "before the files are counted")
            XCTAssertNil(store.fraction)
            importer.report(ImportProgress(done: 12, total: 340, added: 10, duplicates: 2))
            XCTAssertEqual(store.statusText, "Adding videos: 12 of 340")
            XCTAssertEqual(store.fraction ?? 0, 12.0 / 340, accuracy: 1e-9)
            XCTAssertEqual(changes, 2)
            XCTAssertEqual(events.events.last, .importProgress(done: 12, total: 340, added: 10, duplicates: 2))
            var finished: [String] = []
            store.onFinished = { _, message, _ in finished.append(message) }
            importer.finish(ImportSummary(added: [Self.post(1), Self.post(2)], duplicates: 2))
            XCTAssertEqual(finished, ["Added 2 videos · 2 videos were already in your feed"])
            XCTAssertFalse(store.isImporting)
            XCTAssertNil(store.statusText)
            XCTAssertEqual(events.events.last, .importFinished(added: 2, duplicates: 2, unreadable: 0, problems: 0, cancelled: false))
        }
    }

    func testPathsGivenWhileImportingGoNextAndCancelDropsThem() {
        onMain {
            let importer = FakeVideoImporter()
            let store = ImportStore(importer: importer, events: nil)
            store.add([Self.folder])
            store.add([Self.other])
            XCTAssertEqual(importer.calls.count, 1, "one import at a time")
            XCTAssertEqual(store.queued, [Self.other])
            importer.finish(ImportSummary(added: [Self.post(1)]))
            XCTAssertEqual(importer.calls.map(\.urls), [[Self.folder], [Self.other]], "the queued paths go next")

            store.add([Self.folder])
            store.cancel()
            XCTAssertTrue(importer.calls[1].ticket.isCancelled)
            XCTAssertEqual(store.queued, [], "a cancel drops what was waiting")
            store.add([])
            XCTAssertEqual(importer.calls.count, 2, "nothing to import starts nothing")
        }
    }

    func testTheSummaryIsOnePlainSentence() {
        XCTAssertEqual(ImportStore.message(for: ImportSummary(added: [Self.post(1)])), "Added 1 video")
        XCTAssertEqual(ImportStore.message(for: ImportSummary(duplicates: 3)), "3 videos were already in your feed")
        XCTAssertEqual(ImportStore.message(for: ImportSummary(duplicates: 1)), "1 video was already in your feed", "not “1 was already”")
        XCTAssertEqual(ImportStore.message(for: ImportSummary(added: [Self.post(1)], unreadable: ["broken.mp4"])),
                       "Added 1 video · “broken.mp4” can’t be played")
        XCTAssertEqual(ImportStore.message(for: ImportSummary(unreadable: ["a.mp4", "b.mp4"])), "2 files can’t be played")
        XCTAssertEqual(ImportStore.message(for: ImportSummary(added: [Self.post(1), Self.post(2)], cancelled: true)),
                       "Stopped: 2 videos were added")
        let problems = [PathProblem(path: "/gone", reason: .notFound), PathProblem(path: "/x.txt", reason: .notAVideo)]
        XCTAssertEqual(ImportStore.message(for: ImportSummary(problems: problems)),
                       "/gone: No such file or directory (and 1 more)")
        XCTAssertEqual(ImportStore.message(for: ImportSummary()), "No videos were found there.")
        XCTAssertEqual(ImportStore.message(for: ImportSummary(added: [Self.post(1)], failure: "database or disk is full")),
                       "The new videos could not be saved: database or disk is full")
    }
}

extension ImportStoreTests {
    /// The library folders catching up at start: no banner, and nothing said unless something
    /// was added.
    func testTheLibraryFoldersCatchUpQuietly() {
        onMain {
            let importer = FakeVideoImporter()
            let store = ImportStore(importer: importer, events: nil)
            var said: [String] = []
            store.onFinished = { _, message, quiet in said.append(quiet ? "quiet: " + message : message) }
            store.add([URL(fileURLWithPath: "/home/u/Videos")], quietly: true)
            importer.report(ImportProgress(done: 3, total: 90, added: 0, duplicates: 3))
            XCTAssertNil(store.statusText, "no banner for the library's own catching up")
            importer.finish(ImportSummary(duplicates: 90))
            XCTAssertEqual(said, [], "nothing new, nothing said")
            store.add([URL(fileURLWithPath: "/home/u/Videos")], quietly: true)
            importer.finish(ImportSummary(added: [Post(id: 7, author: Author(handle: "local", name: "Local files"),
                                                       caption: "new", music: "", videoURI: "file:///new.mp4",
                                                       created: Date(timeIntervalSince1970: 0))], duplicates: 90))
            XCTAssertEqual(said, ["quiet: Added 1 video · 90 videos were already in your feed"])
        }
    }
}
