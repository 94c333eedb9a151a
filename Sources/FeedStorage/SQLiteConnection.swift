import CSQLite
import Glibc

/// One SQLite connection, used from one thread at a time (open a second connection for
/// another thread rather than sharing this one).
public final class SQLiteConnection {
    let handle: OpaquePointer
    /// The file path, or ":memory:".
    public let path: String
    private var statements: [String: SQLiteStatement] = [:]

    /// Opens (creating if missing) the database at `path` without reading or writing it yet.
    /// `readOnly`: only reads, and `path` may be a `file:` URI (with `?immutable=1`, say).
    public init(path: String, readOnly: Bool = false) throws {
        var db: OpaquePointer?
        let flags = readOnly ? SQLITE_OPEN_READONLY | SQLITE_OPEN_URI : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        let code = sqlite3_open_v2(path, &db, flags, nil)
        guard code == SQLITE_OK, let db else {
            let detail = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(db)
            throw StorageError.cannotOpen(path: path, detail: detail)
        }
        self.handle = db
        self.path = path
        sqlite3_extended_result_codes(db, 1)
    }

    deinit {
        statements.removeAll()
        // close_v2 defers the close until any statement still held elsewhere is finalized.
        sqlite3_close_v2(handle)
    }

    /// A prepared statement for `sql`, reused across calls; reset it after use.
    public func prepare(_ sql: String) throws -> SQLiteStatement {
        if let cached = statements[sql] { return cached }
        var stmt: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &stmt, nil)
        guard code == SQLITE_OK, let stmt else {
            throw StorageError.sqlite(code: code, database: handle, sql: sql)
        }
        let statement = SQLiteStatement(handle: stmt, sql: sql)
        statements[sql] = statement
        return statement
    }

    /// Runs one or more statements that take no parameters (schema scripts, pragmas).
    public func execute(_ sql: String) throws {
        var error: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &error)
        defer { sqlite3_free(error) }
        guard code == SQLITE_OK else {
            // Through the same mapping as a statement's: a COMMIT that meets a full disk (WAL
            // frames are written there) is .diskFull in plain words, not "SQLite error 13".
            throw StorageError.sqlite(code: code, database: handle, sql: sql)
        }
    }

    /// Runs one statement that returns no rows; returns how many rows it changed.
    @discardableResult
    public func run(_ sql: String, _ values: [any SQLiteBindable] = []) throws -> Int {
        let statement = try prepare(sql)
        defer { statement.reset() }
        try statement.bind(values)
        while try statement.step() {}
        return Int(sqlite3_changes(handle))
    }

    /// Runs a query and maps every row.
    public func query<T>(_ sql: String, _ values: [any SQLiteBindable] = [],
                         row transform: (SQLiteRow) throws -> T) throws -> [T] {
        let statement = try prepare(sql)
        defer { statement.reset() }
        try statement.bind(values)
        var results: [T] = []
        while try statement.step() { results.append(try transform(statement.row)) }
        return results
    }

    /// Runs a query and maps its first row, if any.
    public func queryFirst<T>(_ sql: String, _ values: [any SQLiteBindable] = [],
                              row transform: (SQLiteRow) throws -> T) throws -> T? {
        let statement = try prepare(sql)
        defer { statement.reset() }
        try statement.bind(values)
        return try statement.step() ? transform(statement.row) : nil
    }

    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// SQLite opened the file to read only (asked to, or its file or disk can't be written).
    public var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// Runs `body` in a write transaction, committed if it returns and rolled back if it
    /// throws. Inside another transaction, `body` simply joins it.
    /// IMMEDIATE takes the write lock up front, so a second connection waits on busy_timeout
    /// instead of failing halfway with SQLITE_BUSY when a read would upgrade to a write.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        if isInTransaction { return try body() }
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Waits for another connection's write lock in steps of 1 ms, up to `milliseconds`.
    /// SQLite's own busy timeout sleeps longer at each try (up to 100 ms), so the main thread,
    /// waiting for a worker that commits one short transaction after another, slept through
    /// every gap between them: 1.9 s stalls while 1,000 feeds were stored (bench step 12).
    public func setBusyTimeout(milliseconds: Int32) {
        let tries = UnsafeMutableRawPointer(bitPattern: Int(max(milliseconds, 1)))
        sqlite3_busy_handler(handle, { tries, attempt in
            guard attempt < Int32(truncatingIfNeeded: Int(bitPattern: tries)) else { return 0 }
            usleep(1_000)
            return 1
        }, tries)
    }

    /// Reads an integer pragma such as `user_version`.
    public func integerPragma(_ name: String) throws -> Int {
        try queryFirst("PRAGMA \(name)") { $0.int(0) } ?? 0
    }
}
