public import FeedCore
public import Foundation

/// The accounts the user signed in to (their metadata; the secrets are in the keyring).
extension SQLiteFeedRepository: AccountRecords {
    public func accounts() throws -> [Account] {
        try connection.query("""
            SELECT origin, network, username, display_name, avatar_url, client_id, access_expires_ms, refresh_expires_ms
            FROM accounts ORDER BY added_ms, origin
            """, row: { row -> Account? in
            guard let origin = URL(string: row.string(0)), let network = RemoteNetwork(rawValue: row.string(1)) else { return nil }
            return Account(network: network, origin: origin, username: row.string(2), displayName: row.string(3),
                           avatarURL: row.optionalString(4).flatMap(URL.init(string:)), clientID: row.string(5),
                           accessExpires: row.date(6), refreshExpires: row.isNull(7) ? nil : row.date(7))
        }).compactMap { $0 }
    }

    public func saveAccount(_ account: Account) throws {
        try connection.run("""
            INSERT INTO accounts (origin, network, username, display_name, avatar_url, client_id, access_expires_ms,
                                  refresh_expires_ms, added_ms)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(origin) DO UPDATE SET network = excluded.network, username = excluded.username,
                display_name = excluded.display_name, avatar_url = excluded.avatar_url, client_id = excluded.client_id,
                access_expires_ms = excluded.access_expires_ms, refresh_expires_ms = excluded.refresh_expires_ms
            """, [account.origin.absoluteString, account.network.rawValue, account.username, account.displayName,
                  account.avatarURL?.absoluteString, account.clientID, account.accessExpires, account.refreshExpires,
                  Date()])
    }

    public func deleteAccount(origin: URL) throws {
        try connection.run("DELETE FROM accounts WHERE origin = ?", [origin.absoluteString])
    }
}
