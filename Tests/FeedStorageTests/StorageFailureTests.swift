import FeedCore
import FeedStorage
import Foundation
import XCTest

/// A library that can't take more: every way a write reaches SQLite says so in plain words,
/// keeps what was stored, and works again once there is room. `max_page_count` makes SQLite
/// answer SQLITE_FULL exactly as a full disk does.
final class StorageFailureTests: StorageTestCase {
    private func fullLibrary() throws -> (SQLiteFeedRepository, Post) {
        let repo = try LibraryDatabase.open(at: databaseURL)
        try addAuthor(repo)
        let post = try repo.insertPost(newPost("kept", seconds: 1))
        _ = try repo.insertComment(postID: post.id, authorHandle: "aurora.waves", text: "first", likeCount: 0,
                                   created: Date(timeIntervalSince1970: 2))
        let pages = try repo.connection.integerPragma("page_count")
        try repo.connection.execute("PRAGMA max_page_count = \(pages)")
        return (repo, post)
    }

    private func assertPlainDiskFull(_ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            guard case .diskFull? = error as? StorageError else {
                return XCTFail("expected .diskFull, got \(error)", file: file, line: line)
            }
            XCTAssertFalse("\(error)".contains("SQLite"), "\(error)", file: file, line: line)
            XCTAssertTrue("\(error)".contains("disk is full"), "\(error)", file: file, line: line)
        }
    }

    func testEveryWritePathSaysTheDiskIsFullAndKeepsWhatWasStored() throws {
        let (repo, post) = try fullLibrary()
        let long = String(repeating: "a long comment that needs new pages ", count: 50)
        // A statement (insert), a script through execute, and a transaction's body.
        assertPlainDiskFull {
            for i in 0..<40 {
                _ = try repo.insertComment(postID: post.id, authorHandle: "aurora.waves", text: long + "\(i)",
                                           likeCount: 0, created: Date(timeIntervalSince1970: 3))
            }
        }
        assertPlainDiskFull { try repo.connection.execute("CREATE TABLE filler AS SELECT zeroblob(100000) AS b") }
        assertPlainDiskFull {
            try repo.connection.transaction {
                for i in 0..<40 {
                    _ = try repo.insertComment(postID: post.id, authorHandle: "aurora.waves", text: "\(i) " + long,
                                               likeCount: 0, created: Date(timeIntervalSince1970: 3))
                }
            }
        }
        XCTAssertEqual(try repo.connection.query("PRAGMA integrity_check") { $0.string(0) }, ["ok"])
        // (Some of the first inserts may have found room in pages already there: those are stored.)
        XCTAssertTrue(try repo.comments(postID: post.id, before: nil, limit: 100).map(\.text).contains("first"))
        XCTAssertEqual(try repo.post(id: post.id)?.caption, "kept")

        // Room again: the same write works.
        try repo.connection.execute("PRAGMA max_page_count = 1073741823")
        let stored = try repo.insertComment(postID: post.id, authorHandle: "aurora.waves", text: long,
                                            likeCount: 0, created: Date(timeIntervalSince1970: 4))
        XCTAssertEqual(try repo.comments(postID: post.id, before: nil, limit: 10).first?.id, stored.id)
    }

    /// A library opened only to read (its folder or disk read-only): everything reads, every
    /// write is refused in plain words, and the file is left exactly as it was.
    func testALibraryOpenedToReadRefusesWritesPlainlyAndStaysAsItWas() throws {
        let post: Post
        do {
            let repo = try LibraryDatabase.open(at: databaseURL)
            try addAuthor(repo)
            post = try repo.insertPost(newPost("kept", seconds: 1))
            _ = try repo.setLiked(postID: post.id, liked: true)
            try repo.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let before = try Data(contentsOf: databaseURL)
        let repo = try LibraryDatabase.openReadOnly(at: databaseURL)
        XCTAssertTrue(repo.connection.isReadOnly)
        XCTAssertEqual(try repo.post(id: post.id)?.liked, true)
        XCTAssertThrowsError(try repo.setLiked(postID: post.id, liked: false)) { error in
            guard case .readOnly? = error as? StorageError else { return XCTFail("\(error)") }
            XCTAssertFalse("\(error)".contains("SQLite"), "\(error)")
        }
        XCTAssertEqual(try Data(contentsOf: databaseURL), before)
    }
}

