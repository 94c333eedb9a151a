import CSQLite
public import Foundation

/// Typed reads of the current row's columns (0-based).
public struct SQLiteRow {
    let handle: OpaquePointer

    public var columnCount: Int32 { sqlite3_column_count(handle) }

    public func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    public func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    public func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }
    public func bool(_ column: Int32) -> Bool { sqlite3_column_int64(handle, column) != 0 }
    public func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }
    public func date(_ column: Int32) -> Date { Date(millisecondsSince1970: int64(column)) }

    public func string(_ column: Int32) -> String {
        guard let text = sqlite3_column_text(handle, column) else { return "" }
        // By length, not up to the first NUL: text may contain one.
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    public func optionalString(_ column: Int32) -> String? {
        isNull(column) ? nil : string(column)
    }

    public func data(_ column: Int32) -> Data {
        guard let bytes = sqlite3_column_blob(handle, column) else { return Data() }
        return Data(bytes: bytes, count: Int(sqlite3_column_bytes(handle, column)))
    }
}
