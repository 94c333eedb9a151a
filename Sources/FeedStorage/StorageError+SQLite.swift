import CSQLite

extension StorageError {
    /// The error for a failed call on `database`, with SQLite's own message.
    static func sqlite(code: Int32, database: OpaquePointer?, sql: String?) -> StorageError {
        let message = database.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(code))
        let extended = database.map { sqlite3_extended_errcode($0) } ?? code
        let detail = "SQLite error \(extended): \(message)" + (sql.map { " (while running: \($0))" } ?? "")
        switch extended & 0xff {
        case SQLITE_FULL: return .diskFull(detail: detail)
        case SQLITE_READONLY: return .readOnly(detail: detail)
        case SQLITE_IOERR: return .diskError(detail: detail)
        default: return .sqlite(code: extended, message: message, sql: sql)
        }
    }

    /// True for the result codes that mean the file is not a usable database.
    static func meansCorrupt(_ code: Int32) -> Bool {
        let primary = code & 0xff
        return primary == SQLITE_NOTADB || primary == SQLITE_CORRUPT
    }
}
