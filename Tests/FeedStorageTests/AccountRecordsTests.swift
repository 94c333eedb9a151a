import FeedCore
@testable import FeedStorage
import Foundation
import XCTest

/// The accounts table: an account kept, replaced by a new sign-in on its server, read back after
/// the library is opened again, forgotten; nothing of a token in it.
final class AccountRecordsTests: StorageTestCase {
    private func account(_ origin: String, name: String, expires: Double) -> Account {
        Account(network: .peertube, origin: URL(string: origin)!, username: name, displayName: "Display \(name)",
                avatarURL: URL(string: "\(origin)/lazy-static/avatars/\(name).jpg"), clientID: "client-\(name)",
                accessExpires: Date(timeIntervalSince1970: expires), refreshExpires: nil)
    }

    func testAccountsAreKeptAcrossOpeningsAndForgotten() throws {
        do {
            let library = try LibraryDatabase.open(at: databaseURL)
            try library.saveAccount(account("http://127.0.0.2:8080", name: "alice", expires: 1_800_000_000))
            try library.saveAccount(account("http://127.0.0.3:8080", name: "bob", expires: 1_800_000_100))
            try library.saveAccount(account("http://127.0.0.2:8080", name: "alice2", expires: 1_800_000_200))
        }
        let library = try LibraryDatabase.open(at: databaseURL)
        let kept = try library.accounts()
        XCTAssertEqual(kept, [account("http://127.0.0.2:8080", name: "alice2", expires: 1_800_000_200),
                              account("http://127.0.0.3:8080", name: "bob", expires: 1_800_000_100)])
        try library.deleteAccount(origin: URL(string: "http://127.0.0.2:8080")!)
        XCTAssertEqual(try library.accounts().map(\.username), ["bob"])
    }
}
