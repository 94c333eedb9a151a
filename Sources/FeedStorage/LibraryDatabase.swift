public import Foundation

/// Opens the feed database. Every check that can refuse a file runs before the first write,
/// so a damaged file, another program's database or one from a newer Loopfeed is never
/// modified: the user keeps it to recover or to open with the newer build.
public enum LibraryDatabase {
    public static let busyTimeoutMilliseconds: Int32 = 5_000

    /// Opens (creating if needed) the database at `url` and migrates it to the latest schema.
    public static func open(at url: URL) throws -> SQLiteFeedRepository {
        try SQLiteFeedRepository(connection: openConnection(at: url))
    }

    /// A private, empty database in memory, for tests.
    public static func openInMemory() throws -> SQLiteFeedRepository {
        let connection = try SQLiteConnection(path: ":memory:")
        try prepare(connection)
        return SQLiteFeedRepository(connection: connection)
    }

    /// A checked, migrated connection; worker threads open their own with this.
    public static func openConnection(at url: URL) throws -> SQLiteConnection {
        let path = url.path
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw StorageError.cannotOpen(path: path, detail: error.localizedDescription)
        }
        let connection = try SQLiteConnection(path: path)
        try prepare(connection)
        return connection
    }

    /// A library that can't be written (its folder or disk made read-only), opened only to read,
    /// exactly as it is. With its WAL files there (the app was killed), SQLite reads through
    /// them; without them (a clean close) a read-only folder can only be read as immutable,
    /// which is safe then: there is no WAL it would ignore. A library that would need migrating
    /// can't be: it is refused as read-only.
    public static func openReadOnly(at url: URL) throws -> SQLiteFeedRepository {
        let walExists = FileManager.default.fileExists(atPath: url.path + "-wal")
        let uris = [url.absoluteString] + (walExists ? [] : [url.absoluteString + "?immutable=1"])
        var failure: (any Error)?
        for uri in uris {
            do {
                let connection = try SQLiteConnection(path: uri, readOnly: true)
                connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
                try checkBeforeWriting(connection)
                let version = try connection.integerPragma("user_version")
                guard version == Migrations.latestVersion else {
                    throw StorageError.readOnly(detail: "\(url.path) has schema \(version) and can't be updated to "
                                                + "\(Migrations.latestVersion) while read-only")
                }
                try connection.execute("PRAGMA foreign_keys = ON")
                return SQLiteFeedRepository(connection: connection)
            } catch {
                failure = error
            }
        }
        throw failure ?? StorageError.cannotOpen(path: url.path, detail: "read-only")
    }

    /// Whether `folder` can't be written (a read-only disk or folder; root too is refused on a
    /// read-only file system).
    public static func isReadOnly(_ folder: URL) -> Bool {
        access(folder.path, W_OK) != 0
    }

    private static func prepare(_ connection: SQLiteConnection) throws {
        connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
        try checkBeforeWriting(connection)
        try connection.execute("PRAGMA foreign_keys = ON")
        // WAL lets a worker connection read while the main thread writes; NORMAL sync is
        // durable across application crashes and only loses the last commits on power loss.
        try connection.execute("PRAGMA journal_mode = WAL")
        try connection.execute("PRAGMA synchronous = NORMAL")
        try Migrations.migrate(connection)
    }

    /// Read-only checks: the first read of a file that is not a database fails with NOTADB,
    /// quick_check finds damaged pages, and user_version says whose schema this is.
    private static func checkBeforeWriting(_ connection: SQLiteConnection) throws {
        let path = connection.path
        do {
            let version = try connection.integerPragma("user_version")
            let problems = try connection.query("PRAGMA quick_check(1)") { $0.string(0) }
            if problems != ["ok"] {
                throw StorageError.corrupt(path: path, detail: problems.joined(separator: "; "))
            }
            if version > Migrations.latestVersion {
                throw StorageError.newerSchema(path: path, found: version, supported: Migrations.latestVersion)
            }
            let objects = try connection.queryFirst("SELECT count(*) FROM sqlite_schema") { $0.int(0) } ?? 0
            if version == 0, objects > 0 {
                throw StorageError.foreignDatabase(path: path)
            }
        } catch StorageError.sqlite(let code, let message, _) where StorageError.meansCorrupt(code) {
            throw StorageError.corrupt(path: path, detail: message)
        }
    }
}
