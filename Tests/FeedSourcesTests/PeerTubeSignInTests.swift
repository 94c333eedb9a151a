import FeedCore
import FeedSources
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// Signing in to PeerTube over the scripted server, which answers as the API's contract says
/// (Tests/servers/CONTRACTS.md, from PeerTube's lib/auth/oauth.ts): the instance's client, the
/// password grant with and without a two-factor code, renewing and revoking tokens, and each
/// way it goes wrong.
final class PeerTubeSignInTests: XCTestCase {
    private static let origin = URL(string: "https://tube.example")!
    private static let clientURL = URL(string: "https://tube.example/api/v1/oauth-clients/local")!
    private static let tokenURL = URL(string: "https://tube.example/api/v1/users/token")!
    private static let revokeURL = URL(string: "https://tube.example/api/v1/users/revoke-token")!
    private static let now = Date(timeIntervalSince1970: 2_000_000_000)

    @MainActor
    private final class Rig {
        let timers = ManualTimers()
        let server: FakeHTTPTransport
        let signIn: PeerTubeSignIn
        /// Refresh tokens the fake instance still takes.
        var liveRefresh: Set<String> = []
        var issued = 0

        init() {
            server = FakeHTTPTransport(timers: timers)
            signIn = PeerTubeSignIn(http: server, now: { PeerTubeSignInTests.now })
            server.route(.get, PeerTubeSignInTests.clientURL, answers: [
                .reply(.ok(#"{"client_id":"CID","client_secret":"CSECRET"}"#, contentType: "application/json")),
            ])
            server.route(.post, PeerTubeSignInTests.tokenURL) { [unowned self] request in .reply(token(request)) }
        }

        /// The token endpoint as the contract has it: ann's password is `ann-password`; bob's is
        /// `bob-password` and he has two-factor authentication with the code 123456.
        private func token(_ request: HTTPRequest) -> FakeHTTPReply {
            guard request.headers["Content-Type"] == "application/x-www-form-urlencoded" else {
                return Self.problem(400, "invalid_request", "Invalid request: content must be application/x-www-form-urlencoded")
            }
            let form = Self.form(request.body ?? [])
            guard form["client_id"] == "CID", form["client_secret"] == "CSECRET" else {
                return Self.problem(400, "invalid_client", "Invalid client: client is invalid")
            }
            switch form["grant_type"] {
            case "password":
                let passwords = ["ann": "ann-password", "bob": "bob-password"]
                guard let user = form["username"], passwords[user] == form["password"] else {
                    return Self.problem(400, "invalid_grant", "Invalid grant: user credentials are invalid")
                }
                if user == "bob" {
                    guard let code = request.headers["x-peertube-otp"] else {
                        var reply = Self.problem(401, "missing_two_factor", "Missing two factor header")
                        reply.headers.add("x-peertube-otp", "required; app")
                        return reply
                    }
                    guard code == "123456" else { return Self.problem(400, "invalid_two_factor", "Invalid two factor header") }
                }
            case "refresh_token":
                guard let refresh = form["refresh_token"], liveRefresh.remove(refresh) != nil else {
                    return Self.problem(400, "invalid_grant", "Invalid grant: refresh token is invalid")
                }
            default:
                return Self.problem(400, "unsupported_grant_type", "Unsupported grant type: `grant_type` is invalid")
            }
            issued += 1
            liveRefresh.insert("refresh-\(issued)")
            return .ok(#"{"token_type":"Bearer","access_token":"access-\#(issued)","refresh_token":"refresh-\#(issued)","expires_in":86400,"refresh_token_expires_in":1209600}"#,
                       contentType: "application/json")
        }

        static func problem(_ status: Int, _ code: String, _ detail: String) -> FakeHTTPReply {
            FakeHTTPReply(status: status, headers: ["Content-Type": "application/problem+json"],
                          body: Array(#"{"type":"https://docs.joinpeertube.org/api-rest-reference.html#section/Errors/\#(code)","detail":"\#(detail)","status":\#(status),"code":"\#(code)"}"#.utf8))
        }

        static func form(_ body: [UInt8]) -> [String: String] {
            var fields: [String: String] = [:]
            for pair in String(decoding: body, as: UTF8.self).split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1).map {
                    String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
                }
                fields[parts[0]] = parts.count > 1 ? parts[1] : ""
            }
            return fields
        }

        func wait<T>(_ call: (@escaping @MainActor (Result<T, SignInFailure>) -> Void) -> Void) -> Result<T, SignInFailure>? {
            var answer: Result<T, SignInFailure>?
            call { answer = $0 }
            for _ in 0..<10 where answer == nil { timers.elapse(milliseconds: 0) }
            return answer
        }
    }

    func testAPasswordGrantGivesTokensThatExpireAsTheInstanceSays() {
        onMain {
            let rig = Rig()
            let answer = rig.wait { rig.signIn.signIn(origin: Self.origin, username: "ann", password: "ann password & more", then: $0) }
            XCTAssertEqual(answer, .failure(.wrongCredentials))
            guard case .success(let signedIn)? = rig.wait({ rig.signIn.signIn(origin: Self.origin, username: "ann", password: "ann-password", then: $0) }) else {
                return XCTFail("not signed in")
            }
            XCTAssertEqual(signedIn.client, OAuthClient(id: "CID", secret: "CSECRET"))
            XCTAssertEqual(signedIn.tokens, AccountTokens(access: "access-1", refresh: "refresh-1",
                                                          accessExpires: Self.now.addingTimeInterval(86_400),
                                                          refreshExpires: Self.now.addingTimeInterval(1_209_600)))
            let sent = rig.server.requests(to: Self.tokenURL)
            XCTAssertEqual(Rig.form(sent[0].body ?? [])["password"], "ann password & more", "encoded so it arrives as typed")
            XCTAssertTrue(sent.allSatisfy { !$0.url.absoluteString.contains("password") }, "never in an address")
            XCTAssertNil(sent.last?.headers["x-peertube-otp"])
        }
    }

    func testATwoFactorAccountAsksForItsCodeAndAWrongOneIsSaid() throws {
        try onMain {
            let rig = Rig()
            XCTAssertEqual(rig.wait { rig.signIn.signIn(origin: Self.origin, username: "bob", password: "bob-password", then: $0) },
                           .failure(.needsTwoFactorCode))
            XCTAssertEqual(rig.wait { rig.signIn.signIn(origin: Self.origin, username: "bob", password: "bob-password",
                                                        twoFactorCode: "654321", then: $0) },
                           .failure(.wrongTwoFactorCode))
            let answer = rig.wait { rig.signIn.signIn(origin: Self.origin, username: "bob", password: "bob-password",
                                                      twoFactorCode: " 123456 ", then: $0) }
            XCTAssertEqual(try answer?.get().tokens.access, "access-1")
            XCTAssertEqual(rig.server.requests(to: Self.tokenURL).last?.headers["x-peertube-otp"], "123456")
        }
    }

    func testAnAddressThatIsNotPeerTubeOrDoesNotAnswerIsSaidSo() {
        onMain {
            let rig = Rig()
            rig.server.route(.get, Self.clientURL, answers: [
                .reply(.status(404, body: "<html>Not found</html>")),
                .reply(.ok("<!doctype html><title>A blog</title>", contentType: "text/html")),
                .failure(.cannotConnect("Could not connect to tube.example: Connection refused")),
            ])
            let notPeerTube = SignInFailure.notThatServer(host: "tube.example", kind: "PeerTube")
            for expected in [notPeerTube, notPeerTube,
                             .unreachable(host: "tube.example", .cannotConnect("Could not connect to tube.example: Connection refused"))] {
                XCTAssertEqual(rig.wait { rig.signIn.signIn(origin: Self.origin, username: "ann", password: "ann-password", then: $0) },
                               .failure(expected))
            }
            XCTAssertTrue(rig.server.requests(to: Self.tokenURL).isEmpty, "no password sent to what is not PeerTube")
        }
    }

    func testTokensAreRenewedOnceAndAUsedRefreshTokenAsksToSignInAgain() throws {
        try onMain {
            let rig = Rig()
            let first = try XCTUnwrap(rig.wait { rig.signIn.signIn(origin: Self.origin, username: "ann", password: "ann-password", then: $0) }).get()
            let client = first.client
            let renewed = try XCTUnwrap(rig.wait { rig.signIn.renew(origin: Self.origin, client: client, refreshToken: "refresh-1", then: $0) }).get()
            XCTAssertEqual([renewed.access, renewed.refresh], ["access-2", "refresh-2"])
            XCTAssertEqual(Rig.form(rig.server.requests(to: Self.tokenURL).last?.body ?? [])["grant_type"], "refresh_token")
            XCTAssertEqual(rig.wait { rig.signIn.renew(origin: Self.origin, client: client, refreshToken: "refresh-1", then: $0) },
                           .failure(.signInAgain), "a refresh revokes the old pair")
        }
    }

    func testRevokingSaysDoneEvenForATokenAlreadyRefusedAndTheServersWordsOtherwise() {
        onMain {
            let rig = Rig()
            rig.server.route(.post, Self.revokeURL, answers: [
                .reply(.ok("{}", contentType: "application/json")),
                .reply(Rig.problem(401, "invalid_token", "Token is invalid")),
                .reply(Rig.problem(500, "internal", "Database\\nis down")),
            ])
            XCTAssertNotNil(try? rig.wait { rig.signIn.revoke(origin: Self.origin, accessToken: "access-1", then: $0) }?.get())
            XCTAssertEqual(rig.server.requests(to: Self.revokeURL).first?.headers["Authorization"], "Bearer access-1")
            XCTAssertNotNil(try? rig.wait { rig.signIn.revoke(origin: Self.origin, accessToken: "access-1", then: $0) }?.get())
            guard case .failure(let failure)? = rig.wait({ rig.signIn.revoke(origin: Self.origin, accessToken: "access-1", then: $0) }) else {
                return XCTFail("a 500 is not done")
            }
            XCTAssertEqual(failure, .refused(host: "tube.example", status: 500, message: "Database\\nis down"), "on one line")
        }
    }

    func testACancelledSignInNeverAnswers() {
        onMain {
            let rig = Rig()
            rig.server.route(.get, Self.clientURL, answers: [
                .reply(FakeHTTPReply(status: 200, headers: ["Content-Type": "application/json"],
                                     body: Array(#"{"client_id":"CID","client_secret":"CSECRET"}"#.utf8), delayMilliseconds: 500)),
            ])
            var answered = false
            let request = rig.signIn.signIn(origin: Self.origin, username: "ann", password: "ann-password") { _ in answered = true }
            rig.timers.elapse(milliseconds: 100)
            request.cancel()
            rig.timers.elapse(milliseconds: 1_000)
            XCTAssertFalse(answered)
            XCTAssertTrue(rig.server.requests(to: Self.tokenURL).isEmpty)
        }
    }
}
