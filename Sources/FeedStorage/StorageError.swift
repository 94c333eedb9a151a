public import Foundation
import Localization

/// Why the feed database could not be opened or used.
public enum StorageError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// SQLite could not open the file at all (missing directory, no permission, ...).
    case cannotOpen(path: String, detail: String)
    /// The file is not an SQLite database, or its pages are damaged. It was left untouched.
    case corrupt(path: String, detail: String)
    /// The database was written by a newer Loopfeed. It was left untouched.
    case newerSchema(path: String, found: Int, supported: Int)
    /// The file is an SQLite database with tables but without a Loopfeed schema version.
    case foreignDatabase(path: String)
    case postNotFound(id: Int64)
    case authorNotFound(handle: String)
    case commentNotFound(id: Int64)
    case handleTaken(handle: String)
    /// The disk (or the user's quota) is full: nothing of the change was written, and the same
    /// action works once space is freed. `detail`: SQLite's own words, for the log.
    case diskFull(detail: String)
    /// The library's file or folder can't be written to (made read-only, or on a read-only disk).
    case readOnly(detail: String)
    /// The disk failed to read or write (an unplugged drive, a failing disk).
    case diskError(detail: String)
    /// The text for `field` is longer than the library holds (`TextLimits`).
    case tooLong(field: String, limit: Int)
    /// Any other SQLite failure; `code` is the extended result code.
    case sqlite(code: Int32, message: String, sql: String?)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let detail):
            "Cannot open the feed database at \(path): \(detail)"
        case .corrupt(let path, let detail):
            "The feed database at \(path) is damaged or not a database (\(detail)); it was left unchanged"
        case .newerSchema(let path, let found, let supported):
            "The feed database at \(path) has schema version \(found), but this Loopfeed only knows "
                + "versions up to \(supported); it was left unchanged"
        case .foreignDatabase(let path):
            "The file at \(path) is a database from another program; it was left unchanged"
        case .postNotFound(let id):
            "No post with id \(id)"
        case .authorNotFound(let handle):
            "No author with handle @\(handle)"
        case .commentNotFound(let id):
            "No comment with id \(id)"
        case .handleTaken(let handle):
            "@\(handle) is already taken"
        case .diskFull:
            tr("the disk is full, so nothing was saved. Free some space and try again.")
        case .readOnly:
            tr("the library can’t be written to (its folder or disk is read-only), so nothing was saved.")
        case .diskError:
            tr("the disk could not be read or written, so nothing was saved.")
        case .tooLong(let field, let limit):
            // TRANSLATORS: {field} is what was too long ("comment", "caption", "name", "bio", "handle").
            tr("the {field} is longer than {limit} characters, so it was not saved.", ["field": field, "limit": limit])
        case .sqlite(let code, let message, let sql):
            "SQLite error \(code): \(message)" + (sql.map { " (while running: \($0))" } ?? "")
        }
    }

    public var errorDescription: String? { description }

    /// What went wrong in SQLite's own words, for the log and the events (the description is for
    /// people).
    public var detail: String {
        switch self {
        case .diskFull(let detail), .readOnly(let detail), .diskError(let detail): detail
        default: description
        }
    }
}
