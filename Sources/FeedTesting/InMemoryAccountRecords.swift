public import FeedCore
public import Foundation

/// The library's accounts in memory; `failing` makes every write throw (a full disk).
public final class InMemoryAccountRecords: AccountRecords {
    public struct Failure: Error {}

    public private(set) var saved: [Account] = []
    public var failing = false

    public init(_ accounts: [Account] = []) {
        saved = accounts
    }

    public func accounts() throws -> [Account] { saved }

    public func saveAccount(_ account: Account) throws {
        guard !failing else { throw Failure() }
        if let index = saved.firstIndex(where: { $0.origin == account.origin }) {
            saved[index] = account
        } else {
            saved.append(account)
        }
    }

    public func deleteAccount(origin: URL) throws {
        guard !failing else { throw Failure() }
        saved.removeAll { $0.origin == origin }
    }
}
