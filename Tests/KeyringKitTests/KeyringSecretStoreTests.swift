import FeedCore
import Foundation
import GLibKit
import KeyringKit
import TestSupport
import XCTest

/// The keyring store against a real Secret Service: the gnome-keyring the headless session
/// starts, unlocked, on its private session bus (tools/headless-session.sh). Each test uses a
/// server of its own, so what another run left behind is never read.
final class KeyringSecretStoreTests: XCTestCase {
    private let server = "https://peertube-\(UUID().uuidString.prefix(8)).test"

    @MainActor
    private static func wait<T>(_ call: (@escaping @MainActor (Result<T, SecretStoreFailure>) -> Void) -> Void) throws -> T {
        var answer: Result<T, SecretStoreFailure>?
        call { answer = $0 }
        XCTAssertNil(answer, "answered on a later turn, never from within the call")
        XCTAssertTrue(MainLoop.run(until: { answer != nil }, timeoutSeconds: 10), "the keyring answered")
        return try XCTUnwrap(answer).get()
    }

    func testASecretIsKeptReplacedFoundByItsKeyAndForgotten() throws {
        let server = server
        try onMain {
            let store = KeyringSecretStore()
            let access = SecretKey(server: server, account: "ann", kind: .accessToken)
            let refresh = SecretKey(server: server, account: "ann", kind: .refreshToken)
            XCTAssertNil(try Self.wait { store.secret(for: access, then: $0) }, "nothing yet")
            try Self.wait { store.store("first-token", for: access, label: "Loopfeed: ann", then: $0) }
            try Self.wait { store.store("second-token", for: access, label: "Loopfeed: ann", then: $0) }
            try Self.wait { store.store("refresh-token", for: refresh, label: "Loopfeed: ann", then: $0) }
            XCTAssertEqual(try Self.wait { store.secret(for: access, then: $0) }, "second-token", "replaced, not added")
            XCTAssertEqual(try Self.wait { store.secret(for: refresh, then: $0) }, "refresh-token")
            let otherAccount = SecretKey(server: server, account: "bob", kind: .accessToken)
            XCTAssertNil(try Self.wait { store.secret(for: otherAccount, then: $0) })
            let otherServer = SecretKey(server: server + ".other", account: "ann", kind: .accessToken)
            XCTAssertNil(try Self.wait { store.secret(for: otherServer, then: $0) })
            XCTAssertTrue(try Self.wait { store.forget(account: "ann", server: server, then: $0) })
            XCTAssertNil(try Self.wait { store.secret(for: access, then: $0) }, "every kind of the account's forgotten")
            XCTAssertNil(try Self.wait { store.secret(for: refresh, then: $0) })
            XCTAssertFalse(try Self.wait { store.forget(account: "ann", server: server, then: $0) }, "nothing left")
        }
    }

    func testASecretReadsBackByteForByteAndAnotherStoreFindsIt() throws {
        let server = server
        try onMain {
            let key = SecretKey(server: server, account: "émile", kind: .clientSecret)
            let secret = "ünï\u{202E}code token with spaces, quotes \" and = signs"
            try Self.wait { KeyringSecretStore().store(secret, for: key, label: "Loopfeed", then: $0) }
            XCTAssertEqual(try Self.wait { KeyringSecretStore().secret(for: key, then: $0) }, secret, "kept by the keyring, not the object")
            _ = try Self.wait { KeyringSecretStore().forget(account: "émile", server: server, then: $0) }
        }
    }
}
