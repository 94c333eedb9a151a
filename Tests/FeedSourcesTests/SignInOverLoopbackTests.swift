import FeedCore
@testable import FeedSources
import Foundation
import GLibKit
import MainLoopServices
import SoupKit
import TestSupport
import XCTest

/// Signing in through the app's real HTTP client (libsoup) to the loopback fakes, which answer
/// as PeerTube's and Loops' code does (Tests/servers): PeerTube's password grant with a
/// two-factor account, Loops' authorization code grant with PKCE through a browser (a GET that
/// follows the authorize page's redirect, as a browser would) to the real one-time listener.
final class SignInOverLoopbackTests: XCTestCase {
    private static let networks = Result { try FakeNetworks(arguments: ["--peertube", "1", "--loops", "1", "--no-index",
                                                                        "--first-address", "127.0.0.7"]) }

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
    private static func loops(_ client: HTTPClient, timers: MainLoopTimers) -> LoopsSignIn {
        LoopsSignIn(.init(http: client, timers: timers, listen: { state, answer in
            try? LoopbackRedirectListener(state: state, page: { $0 ? "signed in" : "not signed in" }, then: answer)
        }, openBrowser: { page in
            // The browser: the server's page redirects at once to the listener, which is followed.
            client.fetch(HTTPRequest.get(page)) { _ in }
        }))
    }

    func testAPeerTubeAccountSignsInWithItsTwoFactorCodeRenewsAndSignsOut() throws {
        let networks = try Self.networks.get()
        let origin = try XCTUnwrap(networks.peertube.first)
        let users = try XCTUnwrap(networks.manifest(origin)["users"] as? [[String: Any]])
        let plain = try XCTUnwrap(users.first { !($0["otp"] is String) }?["username"] as? String)
        let twoFactorUser = try XCTUnwrap(users.first { $0["otp"] is String })
        let twoFactor = try XCTUnwrap(twoFactorUser["username"] as? String)
        let code = try XCTUnwrap(twoFactorUser["otp"] as? String)
        try onMain {
            let signIn = PeerTubeSignIn(http: HTTPClient(userAgent: "Loopfeed-tests", timers: MainLoopTimers()))
            XCTAssertEqual(Self.wait { signIn.signIn(origin: origin, username: plain, password: "wrong", then: $0) },
                           .failure(.wrongCredentials))
            let first = try XCTUnwrap(Self.wait { signIn.signIn(origin: origin, username: plain, password: plain + "-password", then: $0) }).get()
            XCTAssertEqual(Self.wait { signIn.signIn(origin: origin, username: twoFactor, password: twoFactor + "-password", then: $0) },
                           .failure(.needsTwoFactorCode))
            XCTAssertNoThrow(try XCTUnwrap(Self.wait { signIn.signIn(origin: origin, username: twoFactor, password: twoFactor + "-password",
                                                                     twoFactorCode: code, then: $0) }).get())
            let renewed = try XCTUnwrap(Self.wait { signIn.renew(origin: origin, client: first.client, refreshToken: first.tokens.refresh, then: $0) }).get()
            XCTAssertNotEqual(renewed.access, first.tokens.access)
            XCTAssertEqual(Self.wait { signIn.renew(origin: origin, client: first.client, refreshToken: first.tokens.refresh, then: $0) },
                           .failure(.signInAgain))
            XCTAssertNoThrow(try XCTUnwrap(Self.wait { signIn.revoke(origin: origin, accessToken: renewed.access, then: $0) }).get())
        }
    }

    func testALoopsAccountSignsInThroughTheBrowserWithPKCEAndADenialIsSaid() throws {
        let networks = try Self.networks.get()
        let origin = try XCTUnwrap(networks.loops.first)
        try onMain {
            let timers = MainLoopTimers()
            let client = HTTPClient(userAgent: "Loopfeed-tests", timers: timers)
            let signIn = Self.loops(client, timers: timers)
            let signedIn = try XCTUnwrap(Self.wait { signIn.signIn(origin: origin, then: $0) }).get()
            XCTAssertFalse(signedIn.username.isEmpty)
            XCTAssertFalse(signedIn.tokens.access.isEmpty)
            let renewed = try XCTUnwrap(Self.wait { signIn.renew(origin: origin, client: signedIn.client,
                                                                 refreshToken: signedIn.tokens.refresh, then: $0) }).get()
            XCTAssertEqual(Self.wait { signIn.renew(origin: origin, client: signedIn.client,
                                                    refreshToken: signedIn.tokens.refresh, then: $0) },
                           .failure(.signInAgain), "a refresh revokes the old pair")
            XCTAssertNoThrow(try XCTUnwrap(Self.wait { signIn.signOut(origin: origin, accessToken: renewed.access, then: $0) }).get())
            try networks.setAuth(origin, ["deny": true])
            XCTAssertEqual(Self.wait { signIn.signIn(origin: origin, client: signedIn.client, then: $0) }, .failure(.notApproved))
            try networks.setAuth(origin, ["deny": false])
        }
    }

    func testThePKCEChallengeIsTheVerifiersSHA256AsRFC7636Writes() {
        XCTAssertEqual(PKCE.challenge(for: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"),
                       "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        let pkce = PKCE(random: { Array(repeating: 7, count: $0) })
        XCTAssertEqual(pkce.verifier.count, 43)
        XCTAssertEqual(pkce.challenge, PKCE.challenge(for: pkce.verifier))
        XCTAssertNotEqual(PKCE().verifier, PKCE().verifier, "random each time")
    }
}
