public import FeedCore
public import Foundation

/// The uploads table (migration 13) over the library's connection: an upload is written before
/// its first request and each step after, so a restart (even after kill -9) finds where it stood.
public final class UploadStore: UploadStoring {
    private let connection: SQLiteConnection
    private let now: () -> Date

    public init(connection: SQLiteConnection, now: @escaping () -> Date = { Date() }) {
        self.connection = connection
        self.now = now
    }

    public func uploads() throws -> [UploadRecord] {
        try connection.query("""
            SELECT id, post_id, account_server, account_name, file, total, metadata, session_url, bytes_on_server,
                state, retry_at_ms, reason, attempts, remote_id, remote_url, cover
            FROM uploads ORDER BY id
            """, row: Self.record).compactMap { $0 }
    }

    public func addUpload(_ upload: UploadRecord) throws -> UploadRecord {
        try connection.transaction {
            let columns = Columns(upload)
            try connection.run("""
                INSERT INTO uploads (post_id, account_server, account_name, file, total, metadata, session_url,
                    bytes_on_server, state, retry_at_ms, reason, attempts, remote_id, remote_url, created_ms, cover)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [upload.postID, upload.account.server, upload.account.name, upload.file.path, upload.total,
                      columns.metadata] + columns.progress + [now(), upload.cover?.path])
            var added = upload
            added.id = connection.lastInsertRowID
            return added
        }
    }

    public func saveUpload(_ upload: UploadRecord) throws {
        let columns = Columns(upload)
        try connection.run("""
            UPDATE uploads SET metadata = ?, session_url = ?, bytes_on_server = ?, state = ?, retry_at_ms = ?, reason = ?,
                attempts = ?, remote_id = ?, remote_url = ?
            WHERE id = ?
            """, [columns.metadata] + columns.progress + [upload.id])
    }

    public func deleteUpload(_ id: UploadRecord.ID) throws {
        try connection.run("DELETE FROM uploads WHERE id = ?", [id])
    }

    public func linkPost(_ postID: Int64, to page: URL) throws {
        try connection.run("UPDATE posts SET page_url = ? WHERE id = ?", [page.absoluteString, postID])
    }

    /// What changes as it goes, in the order both statements write it (after `metadata`).
    private struct Columns {
        var metadata: String
        var progress: [any SQLiteBindable]

        init(_ upload: UploadRecord) {
            let encoded = (try? JSONEncoder().encode(upload.metadata)).map { String(decoding: $0, as: UTF8.self) }
            metadata = encoded ?? "{}"
            var retryAt: Int64?
            var reason: String?
            switch upload.state {
            case .waiting(let atMs, let why):
                retryAt = atMs
                reason = why
            case .failed(let why): reason = why
            default: break
            }
            progress = [upload.sessionURL?.absoluteString, upload.bytesOnServer, upload.state.eventName, retryAt, reason,
                        upload.attempts, upload.remoteID, upload.remoteURL?.absoluteString]
        }
    }

    /// A row as an upload; nil for one this build cannot read (a state of a newer one).
    private static func record(_ row: SQLiteRow) -> UploadRecord? {
        let reason = row.optionalString(11) ?? ""
        let state: UploadRecord.State? = switch row.string(9) {
        case "starting": .starting
        case "sending": .sending
        case "waiting": .waiting(atMs: row.int64(10), reason: reason)
        case "processing": .processing
        case "published": .published
        case "failed": .failed(reason: reason)
        default: nil
        }
        guard let state, let metadata = try? JSONDecoder().decode(UploadMetadata.self, from: Data(row.string(6).utf8))
        else { return nil }
        return UploadRecord(
            id: row.int64(0), postID: row.int64(1), account: AccountKey(server: row.string(2), name: row.string(3)),
            file: URL(fileURLWithPath: row.string(4)), total: row.int64(5), metadata: metadata,
            sessionURL: row.optionalString(7).flatMap(URL.init(string:)), bytesOnServer: row.int64(8), state: state,
            attempts: row.int(12), remoteID: row.optionalString(13), remoteURL: row.optionalString(14).flatMap(URL.init(string:)))
            .withCover(row.optionalString(15).map { URL(fileURLWithPath: $0) })
    }
}

private extension UploadRecord {
    func withCover(_ cover: URL?) -> UploadRecord {
        var copy = self
        copy.cover = cover
        return copy
    }
}
