import FeedStorage
import Foundation
import XCTest

/// A file Loopfeed cannot use must come back byte-for-byte as it was.
final class LibraryDatabaseSafetyTests: StorageTestCase {
    private func assertRefused(_ url: URL, file: StaticString = #filePath, line: UInt = #line,
                               _ check: (StorageError) -> Void) throws {
        let before = try Data(contentsOf: url)
        XCTAssertThrowsError(try LibraryDatabase.open(at: url), file: file, line: line) { error in
            guard let error = error as? StorageError else { return XCTFail("\(error)", file: file, line: line) }
            check(error)
            XCTAssertTrue(error.description.contains(url.path), error.description, file: file, line: line)
        }
        XCTAssertEqual(try Data(contentsOf: url), before, "file changed", file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path + "-wal"), file: file, line: line)
    }

    func testRandomBytesAreReportedCorruptAndLeftAlone() throws {
        var generator = SystemRandomNumberGenerator()
        let bytes = Data((0..<8_192).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try bytes.write(to: databaseURL)
        try assertRefused(databaseURL) { error in
            guard case .corrupt(let path, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(path, databaseURL.path)
        }
    }

    func testATextFileIsReportedCorruptAndLeftAlone() throws {
        try Data("my notes, not a database\n".utf8).write(to: databaseURL)
        try assertRefused(databaseURL) { error in
            guard case .corrupt = error else { return XCTFail("\(error)") }
        }
    }

    func testADamagedDatabaseIsReportedCorruptAndLeftAlone() throws {
        do {
            let repo = try LibraryDatabase.open(at: databaseURL)
            try addAuthor(repo)
            for i in 0..<200 { try repo.insertPost(newPost(String(repeating: "caption \(i) ", count: 20), seconds: Double(i))) }
            try repo.connection.execute("PRAGMA journal_mode = DELETE")
        }
        // Keep the header valid but overwrite the pages after it.
        var data = try Data(contentsOf: databaseURL)
        let pageSize = 4_096
        XCTAssertGreaterThan(data.count, pageSize * 4)
        data.replaceSubrange(pageSize * 2..<pageSize * 4, with: Data(repeating: 0xA5, count: pageSize * 2))
        try data.write(to: databaseURL)
        try assertRefused(databaseURL) { error in
            guard case .corrupt = error else { return XCTFail("\(error)") }
        }
    }

    func testANewerSchemaIsRefusedAndLeftAlone() throws {
        let connection = try SQLiteConnection(path: databaseURL.path)
        try connection.execute("CREATE TABLE future (x); PRAGMA user_version = 99;")
        try assertRefused(databaseURL) { error in
            XCTAssertEqual(error, .newerSchema(path: databaseURL.path, found: 99, supported: Migrations.latestVersion))
        }
    }

    func testAnotherProgramsDatabaseIsRefusedAndLeftAlone() throws {
        let connection = try SQLiteConnection(path: databaseURL.path)
        try connection.execute("CREATE TABLE posts (title TEXT); INSERT INTO posts VALUES ('theirs');")
        try assertRefused(databaseURL) { error in
            XCTAssertEqual(error, .foreignDatabase(path: databaseURL.path))
        }
    }

    func testAnEmptyFileBecomesAFeedDatabase() throws {
        _ = FileManager.default.createFile(atPath: databaseURL.path, contents: Data())
        XCTAssertEqual(try LibraryDatabase.open(at: databaseURL).postCount(), 0)
    }
}
