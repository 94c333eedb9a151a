import FeedCore
@testable import FeedSources
import Foundation
import GLibKit
import MainLoopServices
import SoupKit
import TestSupport
import XCTest

/// The accounts service through libsoup against the loopback fakes: a PeerTube sign-in lists the
/// account as its instance shows it (`users/me`: its display name and avatar), as does a Loops one
/// (`account/info/self`); signing out revokes the token (it is refused afterwards).
final class AccountServiceTests: XCTestCase {
    private static let networks = Result { try FakeNetworks(arguments: ["--peertube", "1", "--loops", "1", "--no-index",
                                                                        "--first-address", "127.0.0.12"]) }

    override class func tearDown() {
        (try? networks.get())?.stop()
    }

    @MainActor
    private static func wait<T>(_ call: (@escaping @MainActor (Result<T, SignInFailure>) -> Void) -> Void) -> Result<T, SignInFailure>? {
        var answer: Result<T, SignInFailure>?
        call { answer = $0 }
        _ = MainLoop.run(until: { answer != nil }, timeoutSeconds: 20)
        return answer
    }

    @MainActor
    private static func service(_ client: HTTPClient) -> AccountService {
        let loops = LoopsSignIn(.init(http: client, timers: MainLoopTimers(), listen: { state, answer in
            try? LoopbackRedirectListener(state: state, page: { $0 ? "signed in" : "not signed in" }, then: answer)
        }, openBrowser: { page in client.fetch(HTTPRequest.get(page)) { _ in } }))
        return AccountService(http: client, peertube: PeerTubeSignIn(http: client), loops: loops)
    }

    func testAccountsAreListedAsTheirServersShowThemAndSignedOut() throws {
        let networks = try Self.networks.get()
        let peertube = try XCTUnwrap(networks.peertube.first)
        let loopsOrigin = try XCTUnwrap(networks.loops.first)
        let users = try XCTUnwrap(networks.manifest(peertube)["users"] as? [[String: Any]])
        let plain = try XCTUnwrap(users.first { !($0["otp"] is String) }?["username"] as? String)
        try onMain {
            let client = HTTPClient(userAgent: "Loopfeed-tests", timers: MainLoopTimers())
            let service = Self.service(client)
            let signed = try XCTUnwrap(Self.wait {
                service.signInPeerTube(origin: peertube, username: plain.uppercased(), password: plain + "-password",
                                       twoFactorCode: nil, then: $0)
            }).get()
            XCTAssertEqual(signed.account.username, plain, "the instance's own spelling of the name")
            XCTAssertEqual(signed.account.network, .peertube)
            XCTAssertFalse(signed.account.displayName.isEmpty)
            XCTAssertNotEqual(signed.account.displayName, plain, "the display name, not the username")
            let avatar = try XCTUnwrap(signed.account.avatarURL)
            XCTAssertEqual(RemoteHost.host(of: avatar), RemoteHost.host(of: peertube))

            let me = peertube.appendingPathComponent("api/v1/users/me")
            let before = Self.fetchStatus(client, me, token: signed.tokens.access)
            XCTAssertEqual(before, 200)
            XCTAssertNoThrow(try XCTUnwrap(Self.wait { service.signOut(signed.account, accessToken: signed.tokens.access, then: $0) }).get())
            XCTAssertEqual(Self.fetchStatus(client, me, token: signed.tokens.access), 401, "revoked")

            let looped = try XCTUnwrap(Self.wait { service.signInLoops(origin: loopsOrigin, then: $0) }).get()
            XCTAssertEqual(looped.account.network, .loops)
            XCTAssertFalse(looped.account.username.isEmpty)
            XCTAssertFalse(looped.account.displayName.isEmpty)
        }
    }

    @MainActor
    private static func fetchStatus(_ client: HTTPClient, _ url: URL, token: String) -> Int? {
        var status: Int?
        var done = false
        client.fetch(HTTPRequest(.get, url: url, headers: ["Authorization": "Bearer " + token])) { answer in
            status = try? answer.get().status
            done = true
        }
        _ = MainLoop.run(until: { done }, timeoutSeconds: 20)
        return status
    }
}
