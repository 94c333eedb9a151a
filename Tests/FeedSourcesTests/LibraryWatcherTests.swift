import FeedCore
import FeedSources
import FeedTesting
import Foundation
import GLibKit
import TestSupport
import XCTest

/// A watched library folder on disk, with real GFileMonitors and the GLib main loop.
final class LibraryWatcherTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("loopfeed-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("trip"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

    func testAVideoWrittenInASubfolderArrivesOnceItIsStillAndADeletedOneLeaves() throws {
        let root = root!
        try onMain {
            let repository = InMemoryFeedRepository()
            try repository.insertAuthor(Author(handle: "local", name: "Local files"))
            let gone = root.appendingPathComponent("trip/old.mp4")
            try Data("old".utf8).write(to: gone)
            let post = try repository.insertPost(NewPost(authorHandle: "local", caption: "old", music: "",
                                                         videoURI: gone.absoluteString, created: Date()))
            let watcher = LibraryWatcher(repository: repository)
            var arrived: [[URL]] = []
            var removed: [Post] = []
            watcher.onArrived = { arrived.append($0) }
            watcher.onRemoved = { removed += $0 }
            watcher.watch([root.path])
            XCTAssertTrue(MainLoop.run(until: { watcher.watchedFolders.count == 2 }, timeoutSeconds: 5),
                          "the folder and its subfolder are watched: \(watcher.watchedFolders)")

            let new = root.appendingPathComponent("trip/new.mp4")
            try Data("part one".utf8).write(to: new)
            _ = MainLoop.run(until: { false }, timeoutSeconds: 0.3)
            try Data("part one and two".utf8).write(to: new)
            XCTAssertTrue(MainLoop.run(until: { !arrived.isEmpty }, timeoutSeconds: 5), "the new file never arrived")
            XCTAssertEqual(arrived, [[new]], "told once, after it was still")

            try FileManager.default.removeItem(at: gone)
            XCTAssertTrue(MainLoop.run(until: { !removed.isEmpty }, timeoutSeconds: 5), "the deleted file's post stayed")
            XCTAssertEqual(removed.map(\.id), [post.id])
            XCTAssertNil(try repository.post(id: post.id))

            watcher.watch([])
            XCTAssertTrue(MainLoop.run(until: { watcher.watchedFolders.isEmpty }, timeoutSeconds: 5))
        }
    }

    /// The folder removed as a whole (what an unplugged drive looks like from here): its files'
    /// deletions come first, but the posts stay, the window is told once, and when the folder is
    /// back it is watched and caught up with again.
    func testAFolderThatGoesAwayKeepsItsPostsAndIsCaughtUpWithWhenItIsBack() throws {
        let root = root!
        try onMain {
            let repository = InMemoryFeedRepository()
            try repository.insertAuthor(Author(handle: "local", name: "Local files"))
            let video = root.appendingPathComponent("trip/kept.mp4")
            try Data("kept".utf8).write(to: video)
            let post = try repository.insertPost(NewPost(authorHandle: "local", caption: "kept", music: "",
                                                         videoURI: video.absoluteString, created: Date()))
            let watcher = LibraryWatcher(repository: repository)
            var gone: [URL] = []
            var removed: [Post] = []
            var arrived: [[URL]] = []
            watcher.onFolderGone = { gone.append($0) }
            watcher.onRemoved = { removed += $0 }
            watcher.onArrived = { arrived.append($0) }
            watcher.watch([root.path])
            XCTAssertTrue(MainLoop.run(until: { watcher.watchedFolders.count == 2 }, timeoutSeconds: 5))

            try FileManager.default.removeItem(at: root)
            XCTAssertTrue(MainLoop.run(until: { !gone.isEmpty }, timeoutSeconds: 5), "the folder's going was not told")
            _ = MainLoop.run(until: { false }, timeoutSeconds: 1.5)
            XCTAssertEqual(gone.map(\.path), [root.path], "told once")
            XCTAssertTrue(removed.isEmpty, "posts of a folder that went away were taken out: \(removed)")
            XCTAssertNotNil(try repository.post(id: post.id))

            try FileManager.default.createDirectory(at: root.appendingPathComponent("trip"), withIntermediateDirectories: true)
            try Data("kept".utf8).write(to: video)
            XCTAssertTrue(MainLoop.run(until: { !arrived.isEmpty }, timeoutSeconds: 8), "the folder's return was not noticed")
            XCTAssertEqual(arrived.first?.map(\.path), [root.path])
            XCTAssertTrue(MainLoop.run(until: { watcher.watchedFolders.count == 2 }, timeoutSeconds: 5),
                          "the folder is not watched again: \(watcher.watchedFolders)")
            watcher.watch([])
        }
    }
}

