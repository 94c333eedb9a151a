import FeedStorage
import Foundation
import XCTest

final class MigrationsTests: StorageTestCase {
    private func tableNames(_ connection: SQLiteConnection) throws -> Set<String> {
        Set(try connection.query("SELECT name FROM sqlite_schema WHERE type = 'table'") { $0.string(0) })
    }

    func testOpeningANewFileCreatesTheLatestSchema() throws {
        let repo = try LibraryDatabase.open(at: databaseURL)
        XCTAssertEqual(try repo.connection.integerPragma("user_version"), Migrations.latestVersion)
        XCTAssertEqual(Migrations.latestVersion, 15)
        XCTAssertTrue(try tableNames(repo.connection).isSuperset(of: ["authors", "posts", "comments", "follows", "post_search", "activity"]))
        XCTAssertEqual(try repo.connection.queryFirst("PRAGMA journal_mode") { $0.string(0) }, "wal")
        XCTAssertEqual(try repo.connection.integerPragma("foreign_keys"), 1)
    }

    func testAVersionOneLibraryMigratesForwardKeepingItsPosts() throws {
        do {
            // A library exactly as version 1 wrote it.
            let connection = try SQLiteConnection(path: databaseURL.path)
            try connection.execute(Migrations.all[0].sql)
            try connection.execute("""
                INSERT INTO authors (id, handle, name) VALUES (1, 'old', 'Old Timer');
                INSERT INTO posts (author_id, caption, music, video_uri, created_ms)
                VALUES (1, 'from version one', 'tune', 'file:///v1.mp4', 1000);
                PRAGMA user_version = 1;
                """)
        }
        let repo = try LibraryDatabase.open(at: databaseURL)
        XCTAssertEqual(try repo.connection.integerPragma("user_version"), Migrations.latestVersion)
        XCTAssertTrue(try tableNames(repo.connection).contains("activity"))
        XCTAssertNil(try repo.post(contentHash: "anything"), "old posts have no fingerprint")
        let found = try repo.search("version", limit: 5)
        XCTAssertEqual(found.map(\.caption), ["from version one"])
        XCTAssertEqual(found.first?.allowsComments, true, "posts from before version 3 keep their comments on")
        XCTAssertNil(found.first?.coverURI)
        XCTAssertEqual(try repo.unseenActivityCount(), 0)
    }

    /// Discover searches at the first letter typed: a library of version 14 has its search index
    /// made again with a one-letter prefix index, every post and author still found, and a
    /// one-letter search reads that prefix index rather than every word it begins.
    func testTheSearchIndexIsMadeAgainWithOneLetterPrefixes() throws {
        do {
            let connection = try SQLiteConnection(path: databaseURL.path)
            for migration in Migrations.all where migration.version <= 14 { try connection.execute(migration.sql) }
            try connection.execute("""
                INSERT INTO authors (id, handle, name) VALUES (1, 'cam', 'Camille'), (2, 'mo', 'Mo');
                INSERT INTO posts (author_id, caption, music, hashtags, video_uri, created_ms) VALUES
                    (1, 'coffee at dawn', '', '', 'file:///1.mp4', 1),
                    (2, 'snow day', '', 'cold', 'file:///2.mp4', 2);
                PRAGMA user_version = 14;
                """)
        }
        let repo = try LibraryDatabase.open(at: databaseURL)
        XCTAssertEqual(try repo.connection.integerPragma("user_version"), Migrations.latestVersion)
        XCTAssertEqual(try repo.search("c", limit: 5).map(\.caption).sorted(), ["coffee at dawn", "snow day"],
                       "a caption, an author's name and a hashtag, by their first letter")
        XCTAssertEqual(try repo.search("camille", limit: 5).map(\.caption), ["coffee at dawn"])
        let made = try repo.connection.queryFirst("SELECT sql FROM sqlite_schema WHERE name = 'post_search'") { $0.string(0) }
        XCTAssertTrue(made?.contains("prefix = '1 2 3'") == true, made ?? "no post_search")
    }

    /// Issue 21: a rename reached neither the user's older posts' music line ("Desk Life — You
    /// (original sound)") nor followed videos': a video with its own sound keeps no name.
    func testOwnSoundLinesLoseTheNameTheyWereStoredWith() throws {
        do {
            let connection = try SQLiteConnection(path: databaseURL.path)
            for migration in Migrations.all where migration.version <= 6 { try connection.execute(migration.sql) }
            try connection.execute("""
                INSERT INTO authors (id, handle, name, is_self) VALUES (1, 'you', 'You', 1), (2, 'mo', 'Mo', 0);
                INSERT INTO subscriptions (id, url, created_ms) VALUES (1, 'https://tube.example/feed', 0);
                INSERT INTO posts (author_id, caption, music, video_uri, created_ms) VALUES
                    (1, 'mine', 'Original sound — You', 'file:///1.mp4', 1),
                    (1, 'over a track', 'Lofi — Mo', 'file:///2.mp4', 2),
                    (2, 'theirs', 'Original sound — Mo', 'file:///3.mp4', 3);
                INSERT INTO posts (author_id, caption, music, video_uri, created_ms, subscription_id, remote_id) VALUES
                    (2, 'followed', 'Original sound', 'https://tube.example/4.mp4', 4, 1, 'r4');
                PRAGMA user_version = 6;
                """)
        }
        let repo = try LibraryDatabase.open(at: databaseURL)
        func line(_ caption: String) throws -> String? { try repo.search(caption, limit: 5).first?.musicLine }
        XCTAssertEqual(try line("mine"), "Original sound — You")
        XCTAssertEqual(try line("over"), "Lofi — Mo", "a chosen sound keeps its name")
        XCTAssertEqual(try line("theirs"), "Original sound — Mo", "someone else's post is left as it was")
        XCTAssertEqual(try line("followed"), "Original sound — Mo")
        let you = try XCTUnwrap(try repo.selfAuthor())
        try repo.updateProfile(authorID: you.id, handle: "zoe.t", name: "Zoe", bio: "", avatarURI: nil)
        XCTAssertEqual(try line("mine"), "Original sound — Zoe", "the rename reaches the older post")
    }

    /// Issue 21: whether a video has sound is kept once a player has found out, so a video
    /// without sound credits none the next time it shows; a post from before is not yet known.
    func testWhetherAVideoHasSoundIsKept() throws {
        do {
            let connection = try SQLiteConnection(path: databaseURL.path)
            for migration in Migrations.all where migration.version <= 7 { try connection.execute(migration.sql) }
            try connection.execute("""
                INSERT INTO authors (id, handle, name) VALUES (1, 'mo', 'Mo');
                INSERT INTO posts (author_id, caption, music, video_uri, created_ms) VALUES (1, 'older', '', 'file:///1.mp4', 1);
                PRAGMA user_version = 7;
                """)
        }
        let repo = try LibraryDatabase.open(at: databaseURL)
        let older = try XCTUnwrap(try repo.search("older", limit: 1).first)
        XCTAssertNil(older.hasAudio, "not known until a player opens it")
        try repo.setHasAudio(postID: older.id, false)
        XCTAssertEqual(try repo.post(id: older.id)?.hasAudio, false)
        XCTAssertNil(try repo.post(id: older.id)?.shownMusicLine)
        try repo.setHasAudio(postID: older.id, true)
        XCTAssertEqual(try repo.post(id: older.id)?.shownMusicLine, "Original sound — Mo")
    }

    func testPostingOptionsAreStored() throws {
        let repo = try LibraryDatabase.open(at: databaseURL)
        try addAuthor(repo)
        var new = newPost("quiet one", seconds: 1)
        new.allowsComments = false
        new.coverURI = "file:///covers/a.png"
        let stored = try repo.insertPost(new)
        XCTAssertFalse(stored.allowsComments)
        XCTAssertEqual(try repo.post(id: stored.id)?.coverURI, "file:///covers/a.png")
        XCTAssertTrue(try repo.insertPost(newPost("chatty", seconds: 2)).allowsComments)
    }

    /// A user's own file is found again by its fingerprint (a copy elsewhere), and the lookup
    /// uses the index rather than reading every post.
    func testAPostIsFoundByTheFingerprintOfItsFile() throws {
        let repo = try LibraryDatabase.open(at: databaseURL)
        try addAuthor(repo)
        var new = newPost("mine", seconds: 1)
        new.contentHash = "3f2a"
        let stored = try repo.insertPost(new)
        XCTAssertEqual(try repo.post(contentHash: "3f2a")?.id, stored.id)
        XCTAssertNil(try repo.post(contentHash: "beef"))
        let plan = try repo.connection.query("EXPLAIN QUERY PLAN SELECT id FROM posts WHERE content_hash = ?", ["3f2a"]) {
            $0.string(3)
        }
        XCTAssertTrue(plan.joined().contains("posts_content_hash"), "\(plan)")
    }

    func testCreatesMissingParentFolders() throws {
        let nested = folder.appendingPathComponent("a/b/feed.sqlite")
        _ = try LibraryDatabase.open(at: nested)
        XCTAssertTrue(FileManager.default.fileExists(atPath: nested.path))
    }

    func testReopeningKeepsDataAndChangesNothing() throws {
        do {
            let repo = try LibraryDatabase.open(at: databaseURL)
            try addAuthor(repo)
            try repo.insertPost(newPost("kept", seconds: 1))
        }
        let repo = try LibraryDatabase.open(at: databaseURL)
        XCTAssertEqual(try repo.connection.integerPragma("user_version"), Migrations.latestVersion)
        XCTAssertEqual(try repo.postCount(), 1)
        XCTAssertEqual(try repo.search("kept", limit: 5).count, 1)
    }

    func testMigratingAgainIsANoOp() throws {
        let repo = try LibraryDatabase.openInMemory()
        let schema = try repo.connection.query("SELECT sql FROM sqlite_schema ORDER BY name") { $0.optionalString(0) }
        try Migrations.migrate(repo.connection)
        XCTAssertEqual(try repo.connection.query("SELECT sql FROM sqlite_schema ORDER BY name") { $0.optionalString(0) },
                       schema)
    }
}
