public import FeedCore
import Foundation

/// For You's signals in the library (`interest_signals`, `interest_settings`).
extension SQLiteFeedRepository: InterestSignalStoring {
    public func isRecordingPaused() throws -> Bool {
        try connection.queryFirst("SELECT paused FROM interest_settings WHERE id = 1") { $0.bool(0) } ?? false
    }

    public func setRecordingPaused(_ paused: Bool) throws {
        try connection.run("""
            INSERT INTO interest_settings (id, paused) VALUES (1, ?1)
            ON CONFLICT (id) DO UPDATE SET paused = ?1
            """, [paused])
    }

    @discardableResult
    public func record(_ signal: InterestSignal) throws -> Bool {
        try connection.transaction {
            // Read in the same transaction as the write, so a pause from another connection wins.
            guard try !isRecordingPaused() else { return false }
            let traits = signal.traits
            try connection.run("""
                INSERT INTO interest_signals (action, post_id, created_ms, watched_ms, loops, creator_id, hashtags,
                                              instance, language, length_s)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [signal.action.rawValue, signal.postID, signal.at, signal.watchedMs, signal.loops, traits.creatorID,
                 traits.hashtags.joined(separator: " "), traits.instance, traits.language, traits.lengthSeconds])
            return true
        }
    }

    public func interestSignals() throws -> [InterestSignal] {
        try connection.query("""
            SELECT action, post_id, created_ms, watched_ms, loops, creator_id, hashtags, instance, language, length_s
            FROM interest_signals ORDER BY created_ms, id
            """) { row in
            let tags = row.string(6).split(separator: " ").map(String.init)
            let traits = PostTraits(creatorID: row.int64(5), hashtags: tags, instance: row.optionalString(7),
                                    language: row.optionalString(8), lengthSeconds: row.double(9))
            // A row the CHECK let in always names a known action.
            return InterestSignal(action: InterestAction(rawValue: row.string(0)) ?? .watched, postID: row.int64(1),
                                  at: row.date(2), watchedMs: row.int64(3), loops: row.int(4), traits: traits)
        }
    }

    public func forgetLastInterestSignal(action: InterestAction, postID: Int64) throws {
        _ = try connection.run("""
            DELETE FROM interest_signals WHERE id = (
                SELECT id FROM interest_signals WHERE action = ? AND post_id = ? ORDER BY created_ms DESC, id DESC LIMIT 1)
            """, [action.rawValue, postID])
    }

    public func forgetInterestSignals(about feature: TasteModel.Feature) throws {
        switch feature {
        case .creator(let id):
            _ = try connection.run("DELETE FROM interest_signals WHERE creator_id = ?", [id])
        case .hashtag(let tag):
            // Hashtags are kept space-separated and lowercased.
            _ = try connection.run("DELETE FROM interest_signals WHERE instr(' ' || hashtags || ' ', ?) > 0",
                                   [" " + tag.lowercased() + " "])
        case .instance(let host):
            _ = try connection.run("DELETE FROM interest_signals WHERE instance = ?", [host])
        case .language(let code):
            _ = try connection.run("DELETE FROM interest_signals WHERE language = ?", [code])
        case .length:
            // A length band is learnt from every signal: it goes with Erase all.
            break
        }
    }

    /// A creator's name as the library knows it (Your interests).
    public func creatorName(id: Int64) -> String? {
        try? connection.queryFirst("SELECT name FROM authors WHERE id = ?", [id]) { $0.string(0) }
    }

    /// One transaction, with SQLite's secure delete on so the rows' bytes are overwritten in the
    /// file, not only unlinked ("for good"), then a checkpoint so the log lets go of them too.
    /// Debian's SQLite has secure delete on by default; it is asked for here for the builds that don't.
    public func eraseAllInterestSignals() throws {
        let secure = try connection.integerPragma("secure_delete")
        try connection.execute("PRAGMA secure_delete = ON")
        defer { try? connection.execute("PRAGMA secure_delete = \(secure)") }
        _ = try connection.transaction {
            try connection.run("DELETE FROM interest_signals")
        }
        // Another connection reading may hold the log back; the next checkpoint then finishes it.
        try? connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }
}
