import FeedCore
import FeedStorage
import Foundation
import XCTest

/// A fresh folder per test, removed afterwards.
class StorageTestCase: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("loopfeed-storage-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    var databaseURL: URL { folder.appendingPathComponent("feed.sqlite") }

    /// A post by `handle`, `seconds` after 1970, with a unique video URI.
    func newPost(_ caption: String, by handle: String = "aurora.waves", music: String = "Original sound",
                 seconds: Double, uri: String? = nil) -> NewPost {
        NewPost(authorHandle: handle, caption: caption, music: music,
                videoURI: uri ?? "bundle:videos/\(UUID().uuidString).mp4",
                likeCount: 5, created: Date(timeIntervalSince1970: seconds))
    }

    @discardableResult
    func addAuthor(_ repo: SQLiteFeedRepository, handle: String = "aurora.waves",
                   name: String = "Aurora Waves") throws -> Author {
        try repo.insertAuthor(Author(handle: handle, name: name))
    }
}
