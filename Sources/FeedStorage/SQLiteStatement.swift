import CSQLite

/// SQLite copies bound text and blobs, so Swift buffers may go away right after binding.
let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A prepared statement. Connections cache them, so callers reset after use (the
/// connection's `query` and `run` do), which also ends the implicit read transaction.
public final class SQLiteStatement {
    let handle: OpaquePointer
    public let sql: String

    init(handle: OpaquePointer, sql: String) {
        self.handle = handle
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds `values` to parameters 1...n, replacing earlier bindings.
    public func bind(_ values: [any SQLiteBindable]) throws {
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            try bind(value.sqliteValue, at: Int32(offset + 1))
        }
    }

    public func bind(_ value: SQLiteValue, at index: Int32) throws {
        let code: Int32
        switch value {
        case .null:
            code = sqlite3_bind_null(handle, index)
        case .integer(let v):
            code = sqlite3_bind_int64(handle, index, v)
        case .real(let v):
            code = sqlite3_bind_double(handle, index, v)
        case .text(let v):
            code = sqlite3_bind_text(handle, index, v, -1, SQLITE_TRANSIENT)
        case .blob(let v):
            code = v.withUnsafeBytes { bytes in
                sqlite3_bind_blob64(handle, index, bytes.baseAddress, sqlite3_uint64(bytes.count), SQLITE_TRANSIENT)
            }
        }
        try check(code)
    }

    /// Advances to the next row; false once the statement is done.
    public func step() throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            try check(code)
            return false
        }
    }

    public func reset() {
        sqlite3_reset(handle)
    }

    private func check(_ code: Int32) throws {
        guard code != SQLITE_OK else { return }
        throw StorageError.sqlite(code: code, database: sqlite3_db_handle(handle), sql: sql)
    }

    /// The current row; valid until the next `step` or `reset`.
    public var row: SQLiteRow { SQLiteRow(handle: handle) }
}
