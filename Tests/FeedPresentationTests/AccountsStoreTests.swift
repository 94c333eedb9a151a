import FeedCore
@testable import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// Preferences' accounts over a scripted accounts service, a keyring that answers at once and
/// in-memory library records: sign in (with the two-factor code when asked, Loops through the
/// browser), the failures in words, the tokens in the keyring only, sign out, renewal before
/// expiry and after a 401, a restart that finds the account signed in, no keyring.
final class AccountsStoreTests: XCTestCase {
    private static let start = Date(timeIntervalSince1970: 1_800_000_000)
    private static let origin = URL(string: "http://127.0.0.2:8080")!

    @MainActor
    private final class Rig {
        let service = FakeAccountService()
        let records: InMemoryAccountRecords
        let keyring: FakeSecretStore
        let session = FakeSecretStore()
        let events = RecordingEventSink()
        var now = AccountsStoreTests.start
        var store: AccountsStore!

        init(records: InMemoryAccountRecords = InMemoryAccountRecords(), keyring: FakeSecretStore = FakeSecretStore()) {
            self.records = records
            self.keyring = keyring
            store = AccountsStore(.init(service: service, records: records, keyring: keyring, sessionSecrets: session,
                                        events: events, now: { [unowned self] in now }))
        }

        var accountEvents: [AppEvent] {
            events.events.filter { if case .signedIn = $0 { true } else if case .signedOut = $0 { true } else { false } }
        }
    }

    private static func signed(_ origin: URL = origin, network: RemoteNetwork = .peertube, name: String = "alice",
                               access: String = "access-1", refresh: String = "refresh-1") -> SignedInAccount {
        SignedInAccount(account: Account(network: network, origin: origin, username: name, displayName: "Alice A.",
                                         avatarURL: URL(string: "http://127.0.0.2:8080/a.jpg"), clientID: "client",
                                         accessExpires: start.addingTimeInterval(3600),
                                         refreshExpires: start.addingTimeInterval(86400)),
                        clientSecret: "client-secret", tokens: AccountTokens(
                            access: access, refresh: refresh, accessExpires: start.addingTimeInterval(3600),
                            refreshExpires: start.addingTimeInterval(86400)))
    }

    func testPeerTubeSignInKeepsTheTokensInTheKeyringAndTheAccountInTheLibrary() {
        onMain {
            let rig = Rig()
            rig.store.signInPeerTube(address: "http://tube.example", username: " alice ", password: "alice-password")
            XCTAssertEqual(rig.service.peertubeSignIns.count, 0, "plain http to another computer is refused")
            XCTAssertEqual(rig.store.status,
                           .problem("http://tube.example is not a secure (https) address; Loopfeed signs in only over https"))

            rig.store.signInPeerTube(address: "http://127.0.0.2:8080", username: " alice ", password: "alice-password")
            XCTAssertEqual(rig.service.peertubeSignIns.last?.question,
                           .init(origin: Self.origin, username: "alice", password: "alice-password", twoFactorCode: nil))
            XCTAssertEqual(rig.store.status, .working("Signing in to 127.0.0.2:8080…"))
            rig.service.peertubeSignIns.last?.answer(.success(Self.signed()))

            XCTAssertEqual(rig.store.rows.map(\.account.handle), ["alice@127.0.0.2:8080"])
            XCTAssertEqual(rig.store.rows.first?.sessionOnly, false)
            XCTAssertEqual(rig.records.saved.map(\.username), ["alice"], "the metadata in the library")
            XCTAssertEqual(rig.keyring.secrets[SecretKey(server: "http://127.0.0.2:8080", account: "alice", kind: .accessToken)], "access-1")
            XCTAssertEqual(rig.keyring.secrets[SecretKey(server: "http://127.0.0.2:8080", account: "alice", kind: .refreshToken)], "refresh-1")
            XCTAssertEqual(rig.keyring.secrets[SecretKey(server: "http://127.0.0.2:8080", account: "alice", kind: .clientSecret)], "client-secret")
            XCTAssertTrue(rig.session.secrets.isEmpty)
            XCTAssertEqual(rig.accountEvents, [.signedIn(host: "127.0.0.2:8080", kind: "peertube")])
            XCTAssertEqual(rig.store.status, .done("Signed in to 127.0.0.2:8080 as Alice A.."))
            XCTAssertFalse(rig.events.events.map { $0.jsonLine(timeMicroseconds: 0) }.joined().contains("access-1"),
                           "no token in the events")
        }
    }

    func testTheTwoFactorCodeIsAskedForThenSent() {
        onMain {
            let rig = Rig()
            rig.store.signInPeerTube(address: "http://127.0.0.2:8080", username: "bob", password: "bob-password")
            rig.service.peertubeSignIns.last?.answer(.failure(.needsTwoFactorCode))
            XCTAssertEqual(rig.store.status, .askingCode("This account asks for the code from its two-factor app"))
            rig.store.signInPeerTube(address: "http://127.0.0.2:8080", username: "bob", password: "bob-password", code: "000000")
            XCTAssertEqual(rig.service.peertubeSignIns.last?.question.twoFactorCode, "000000")
            rig.service.peertubeSignIns.last?.answer(.failure(.wrongTwoFactorCode))
            XCTAssertEqual(rig.store.status, .problem("That two-factor code is not right"))
            XCTAssertTrue(rig.store.asksForCode, "the code's field stays for another try")
            XCTAssertTrue(rig.store.rows.isEmpty)
            rig.store.signInPeerTube(address: "http://127.0.0.2:8080", username: "bob", password: "bob-password", code: "123456")
            rig.service.peertubeSignIns.last?.answer(.success(Self.signed(name: "bob")))
            XCTAssertFalse(rig.store.asksForCode)
            XCTAssertEqual(rig.store.rows.map(\.account.username), ["bob"])
        }
    }

    func testFailuresAreSaidInPlainWords() {
        onMain {
            let rig = Rig()
            let cases: [(SignInFailure, String)] = [
                (.wrongCredentials, "The username or password is not right"),
                (.notThatServer(host: "127.0.0.2:8080", kind: "PeerTube"), "127.0.0.2:8080 is not a PeerTube server"),
                (.unreachable(host: "127.0.0.2:8080", .tls("bad certificate")), "127.0.0.2:8080 can’t be reached: the secure connection failed (bad certificate)"),
            ]
            for (failure, words) in cases {
                rig.store.signInPeerTube(address: "http://127.0.0.2:8080", username: "alice", password: "nope")
                rig.service.peertubeSignIns.last?.answer(.failure(failure))
                XCTAssertEqual(rig.store.status, .problem(words))
            }
            rig.store.signInPeerTube(address: "ftp://127.0.0.2", username: "alice", password: "x")
            XCTAssertEqual(rig.service.peertubeSignIns.count, 3, "an address that is no https is not asked")
            XCTAssertTrue(rig.store.rows.isEmpty)
            XCTAssertTrue(rig.keyring.secrets.isEmpty)
        }
    }

    func testLoopsSignsInThroughTheBrowser() {
        onMain {
            let rig = Rig()
            let loops = URL(string: "http://127.0.0.3:8080")!
            rig.store.signInLoops(address: "http://127.0.0.3:8080")
            XCTAssertEqual(rig.service.loopsSignIns.last?.question, loops)
            XCTAssertEqual(rig.store.status, .waitingForBrowser("Continue in your browser: sign in to 127.0.0.3:8080 there, and Loopfeed is told."))
            rig.service.loopsSignIns.last?.answer(.success(Self.signed(loops, network: .loops, name: "carol")))
            XCTAssertEqual(rig.store.rows.map(\.account.handle), ["carol@127.0.0.3:8080"])
            XCTAssertEqual(rig.accountEvents, [.signedIn(host: "127.0.0.3:8080", kind: "loops")])
        }
    }

    func testSignOutRevokesOnTheServerAndForgetsEverything() {
        onMain {
            let rig = Rig()
            rig.store.signInPeerTube(address: "http://127.0.0.2:8080", username: "alice", password: "p")
            rig.service.peertubeSignIns.last?.answer(.success(Self.signed()))
            rig.store.signOut(rig.store.rows[0].account)
            XCTAssertEqual(rig.service.signOuts.last?.question.accessToken, "access-1", "revoked with its own token")
            XCTAssertEqual(rig.store.rows.count, 1, "listed until the server answered")
            rig.service.signOuts.last?.answer(.success(()))
            XCTAssertTrue(rig.store.rows.isEmpty)
            XCTAssertTrue(rig.records.saved.isEmpty)
            XCTAssertTrue(rig.keyring.secrets.isEmpty)
            XCTAssertEqual(rig.accountEvents.last, .signedOut(host: "127.0.0.2:8080", kind: "peertube"))
            rig.store.validToken(for: "127.0.0.2:8080") { XCTAssertEqual($0, .failure(.notSignedIn(host: "127.0.0.2:8080"))) }
        }
    }

    func testATokenIsRenewedBeforeItExpiresAndAfterA401() {
        onMain {
            let rig = Rig()
            rig.store.signInPeerTube(address: "http://127.0.0.2:8080", username: "alice", password: "p")
            rig.service.peertubeSignIns.last?.answer(.success(Self.signed()))
            var answers: [Result<String, SignInFailure>] = []
            rig.store.validToken(for: "127.0.0.2:8080") { answers.append($0) }
            XCTAssertEqual(answers, [.success("access-1")])
            XCTAssertTrue(rig.service.renewals.isEmpty)

            rig.now = Self.start.addingTimeInterval(3600 - 30)
            rig.store.validToken(for: "127.0.0.2:8080") { answers.append($0) }
            rig.store.validToken(for: "127.0.0.2:8080") { answers.append($0) }
            XCTAssertEqual(rig.service.renewals.count, 1, "one renewal for both")
            XCTAssertEqual(rig.service.renewals.last?.question.refreshToken, "refresh-1")
            XCTAssertEqual(rig.service.renewals.last?.question.clientSecret, "client-secret")
            rig.service.renewals.last?.answer(.success(AccountTokens(access: "access-2", refresh: "refresh-2",
                                                                     accessExpires: rig.now.addingTimeInterval(3600),
                                                                     refreshExpires: nil)))
            XCTAssertEqual(answers.suffix(2), [.success("access-2"), .success("access-2")])
            XCTAssertEqual(rig.keyring.secrets[SecretKey(server: "http://127.0.0.2:8080", account: "alice", kind: .refreshToken)], "refresh-2")
            XCTAssertEqual(rig.records.saved.first?.accessExpires, rig.now.addingTimeInterval(3600))

            rig.store.validToken(for: "127.0.0.2:8080", refused: "access-2") { answers.append($0) }
            XCTAssertEqual(rig.service.renewals.count, 2, "a 401 renews")
            rig.service.renewals.last?.answer(.failure(.signInAgain))
            XCTAssertEqual(answers.last, .failure(.signInAgain))
            XCTAssertEqual(rig.store.rows.first?.needsSignIn, true, "listed, to sign in again")
            XCTAssertEqual(rig.store.status, .problem("127.0.0.2:8080 no longer accepts your sign-in: sign in again."))
        }
    }

    func testTheOutboxGetsTheAccountsNetworkAndATokenRenewedAfterA401() {
        onMain {
            let rig = Rig()
            let alice = AccountKey(server: "http://127.0.0.2:8080", name: "alice")
            XCTAssertNil(rig.store.network(of: alice), "not signed in yet")
            rig.store.signInPeerTube(address: "http://127.0.0.2:8080", username: "alice", password: "p")
            rig.service.peertubeSignIns.last?.answer(.success(Self.signed()))
            XCTAssertEqual(rig.store.network(of: alice), .peertube)
            XCTAssertNil(rig.store.network(of: AccountKey(server: "http://127.0.0.2:8080", name: "bob")))
            var answers: [Result<String, SignInFailure>] = []
            rig.store.accessToken(for: alice, renewing: false) { answers.append($0) }
            XCTAssertEqual(answers, [.success("access-1")])
            rig.store.accessToken(for: alice, renewing: true) { answers.append($0) }
            XCTAssertEqual(rig.service.renewals.count, 1, "a 401 renews")
            rig.service.renewals.last?.answer(.failure(.signInAgain))
            XCTAssertEqual(answers.last, .failure(.signInAgain))
            XCTAssertNil(rig.store.network(of: alice), "its actions wait for a sign-in")
        }
    }

    func testARestartFindsTheAccountSignedInFromTheKeyring() {
        onMain {
            let first = Rig()
            first.store.signInPeerTube(address: "http://127.0.0.2:8080", username: "alice", password: "p")
            first.service.peertubeSignIns.last?.answer(.success(Self.signed()))

            let again = Rig(records: first.records, keyring: first.keyring)
            XCTAssertEqual(again.store.rows.map(\.account.handle), ["alice@127.0.0.2:8080"])
            XCTAssertEqual(again.store.rows.first?.needsSignIn, false)
            XCTAssertEqual(again.accountEvents, [.signedIn(host: "127.0.0.2:8080", kind: "peertube", restored: true)])
            var token: Result<String, SignInFailure>?
            again.store.validToken(for: "127.0.0.2:8080") { token = $0 }
            XCTAssertEqual(token, .success("access-1"))

            let emptied = Rig(records: first.records, keyring: FakeSecretStore())
            XCTAssertEqual(emptied.store.rows.first?.needsSignIn, true, "no tokens in the keyring: sign in again")
            XCTAssertEqual(emptied.accountEvents, [])
            XCTAssertEqual(emptied.store.status, .problem("Your sign-in to 127.0.0.2:8080 is no longer in the keyring: sign in again."))

            let locked = Rig(records: first.records, keyring: FakeSecretStore(failure: .locked))
            XCTAssertEqual(locked.store.rows.first?.needsSignIn, true)
            XCTAssertEqual(locked.store.status, .problem("The password keyring is locked"), "the keyring's own words")
        }
    }

    func testWithoutAKeyringTheAccountHoldsForThisSessionOnly() {
        onMain {
            let rig = Rig(keyring: FakeSecretStore(failure: .noSecretService("no session bus")))
            rig.store.signInPeerTube(address: "http://127.0.0.2:8080", username: "alice", password: "p")
            rig.service.peertubeSignIns.last?.answer(.success(Self.signed()))
            XCTAssertEqual(rig.store.rows.first?.sessionOnly, true)
            XCTAssertTrue(rig.records.saved.isEmpty, "not kept in the library: its tokens would be gone")
            XCTAssertEqual(rig.session.secrets.count, 3)
            XCTAssertEqual(rig.store.status, .done("No password keyring answers on this desktop (no session bus): you are signed in to 127.0.0.2:8080 until Loopfeed closes."))
            XCTAssertEqual(rig.accountEvents, [.signedIn(host: "127.0.0.2:8080", kind: "peertube", sessionOnly: true)])
            var token: Result<String, SignInFailure>?
            rig.store.validToken(for: "127.0.0.2:8080") { token = $0 }
            XCTAssertEqual(token, .success("access-1"))
        }
    }
}
