import FeedStorage
import Foundation
import XCTest

final class MigrationsTests: StorageTestCase {
    private func tableNames(_ connection: SQLiteConnection) throws -> Set<String> {
        Set(try connection.query("SELECT name FROM sqlite_schema WHERE type = 'table'") { $0.string(0) })
    }

    func testOpeningANewFileCreatesTheLatestSchema() throws {
        let repo = try FeedStore.open(at: databaseURL)
        XCTAssertEqual(try repo.connection.integerPragma("user_version"), Migrations.latestVersion)
        XCTAssertEqual(Migrations.latestVersion, 2)
        XCTAssertTrue(try tableNames(repo.connection).isSuperset(of: ["authors", "posts", "comments", "follows", "post_search", "activity"]))
        XCTAssertEqual(try repo.connection.queryFirst("PRAGMA journal_mode") { $0.string(0) }, "wal")
        XCTAssertEqual(try repo.connection.integerPragma("foreign_keys"), 1)
    }

    func testAVersionOneLibraryMigratesForwardKeepingItsPosts() throws {
        do {
            // A library as version 1 left it: no activity table.
            let repo = try FeedStore.open(at: databaseURL)
            try addAuthor(repo)
            try repo.insertPost(newPost("from version one", seconds: 1))
            try repo.connection.execute("DROP TABLE activity; PRAGMA user_version = 1;")
        }
        let repo = try FeedStore.open(at: databaseURL)
        XCTAssertEqual(try repo.connection.integerPragma("user_version"), 2)
        XCTAssertTrue(try tableNames(repo.connection).contains("activity"))
        XCTAssertEqual(try repo.search("version", limit: 5).map(\.caption), ["from version one"])
        XCTAssertEqual(try repo.unseenActivityCount(), 0)
    }

    func testCreatesMissingParentFolders() throws {
        let nested = folder.appendingPathComponent("a/b/feed.sqlite")
        _ = try FeedStore.open(at: nested)
        XCTAssertTrue(FileManager.default.fileExists(atPath: nested.path))
    }

    func testReopeningKeepsDataAndChangesNothing() throws {
        do {
            let repo = try FeedStore.open(at: databaseURL)
            try addAuthor(repo)
            try repo.insertPost(newPost("kept", seconds: 1))
        }
        let repo = try FeedStore.open(at: databaseURL)
        XCTAssertEqual(try repo.connection.integerPragma("user_version"), Migrations.latestVersion)
        XCTAssertEqual(try repo.postCount(), 1)
        XCTAssertEqual(try repo.search("kept", limit: 5).count, 1)
    }

    func testMigratingAgainIsANoOp() throws {
        let repo = try FeedStore.openInMemory()
        let schema = try repo.connection.query("SELECT sql FROM sqlite_schema ORDER BY name") { $0.optionalString(0) }
        try Migrations.migrate(repo.connection)
        XCTAssertEqual(try repo.connection.query("SELECT sql FROM sqlite_schema ORDER BY name") { $0.optionalString(0) },
                       schema)
    }
}
