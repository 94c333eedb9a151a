public import FeedCore
public import Foundation

/// What signing in to a PeerTube instance gives: the instance's OAuth client for this app and
/// the account's tokens.
public struct PeerTubeSignedIn: Equatable, Sendable {
    public var client: OAuthClient
    public var tokens: AccountTokens
}

/// Signs in to a PeerTube account with the API's OAuth2 password grant, renews and revokes its
/// tokens (openapi: getOAuthClient, getOAuthToken, revokeOAuthToken), over the app's one HTTP
/// client. The password goes only into the token request's form body; nothing here keeps it.
@MainActor
public final class PeerTubeSignIn {
    private let http: any HTTPTransport
    private let now: @MainActor () -> Date

    public init(http: any HTTPTransport, now: @escaping @MainActor () -> Date = { Date() }) {
        self.http = http
        self.now = now
    }

    /// The instance's client, then a password grant; `twoFactorCode` is sent as `x-peertube-otp`
    /// (asked for by `.needsTwoFactorCode`).
    @discardableResult
    public func signIn(origin: URL, username: String, password: String, twoFactorCode: String? = nil,
                       then done: @escaping @MainActor (Result<PeerTubeSignedIn, SignInFailure>) -> Void) -> any NetworkRequest {
        let call = ExchangeCall()
        call.exchange = http.fetch(HTTPRequest.get(origin.appendingPathComponent("api/v1/oauth-clients/local"),
                                                   accept: "application/json", priority: .interactive)) { [weak self] answer in
            guard let self, !call.cancelled else { return }
            let client: OAuthClient
            switch Self.document(answer, origin: origin, as: OAuthClientDocument.self) {
            case .failure(let failure): return done(.failure(Self.notPeerTubeUnlessUnreachable(failure, origin: origin)))
            case .success(let document): client = OAuthClient(id: document.client_id, secret: document.client_secret)
            }
            let form = ["client_id": client.id, "client_secret": client.secret, "grant_type": "password",
                        "username": username, "password": password]
            var headers: HTTPHeaders = [:]
            if let code = twoFactorCode?.trimmingCharacters(in: .whitespaces), !code.isEmpty {
                headers.add("x-peertube-otp", code)
            }
            call.exchange = tokens(origin: origin, form: form, headers: headers) { result in
                guard !call.cancelled else { return }
                done(result.map { PeerTubeSignedIn(client: client, tokens: $0) })
            }
        }
        return call
    }

    /// New tokens for `refreshToken` (the old pair stops working); `.signInAgain` when the
    /// instance no longer takes it.
    @discardableResult
    public func renew(origin: URL, client: OAuthClient, refreshToken: String,
                      then done: @escaping @MainActor (Result<AccountTokens, SignInFailure>) -> Void) -> any NetworkRequest {
        let call = ExchangeCall()
        let form = ["client_id": client.id, "client_secret": client.secret, "grant_type": "refresh_token",
                    "refresh_token": refreshToken]
        call.exchange = tokens(origin: origin, form: form, headers: [:]) { result in
            guard !call.cancelled else { return }
            done(result.mapError { $0 == .wrongCredentials ? .signInAgain : $0 })
        }
        return call
    }

    /// Revokes the access token on the instance (signing out). A token the instance already
    /// refuses is as good as revoked.
    @discardableResult
    public func revoke(origin: URL, accessToken: String,
                       then done: @escaping @MainActor (Result<Void, SignInFailure>) -> Void) -> any NetworkRequest {
        let call = ExchangeCall()
        var request = HTTPRequest(.post, url: origin.appendingPathComponent("api/v1/users/revoke-token"),
                                  headers: ["Accept": "application/json", "Authorization": "Bearer " + accessToken],
                                  body: [], priority: .interactive)
        request.maximumBodyBytes = 64 << 10
        call.exchange = http.fetch(request) { answer in
            guard !call.cancelled else { return }
            switch answer {
            case .failure(let failure): done(.failure(.unreachable(host: Self.host(origin), failure)))
            case .success(let response) where response.head.isSuccess || response.status == 401: done(.success(()))
            case .success(let response): done(.failure(Self.refusal(response, origin: origin)))
            }
        }
        return call
    }

    // MARK: - The token endpoint

    private func tokens(origin: URL, form: [String: String], headers extra: HTTPHeaders,
                        then done: @escaping @MainActor (Result<AccountTokens, SignInFailure>) -> Void) -> any HTTPExchange {
        var headers: HTTPHeaders = ["Accept": "application/json", "Content-Type": "application/x-www-form-urlencoded"]
        for field in extra.fields { headers.add(field.name, field.value) }
        var request = HTTPRequest(.post, url: origin.appendingPathComponent("api/v1/users/token"), headers: headers,
                                  body: Array(FormEncoding.encode(form).utf8), priority: .interactive)
        request.maximumBodyBytes = 64 << 10
        let asked = now()
        return http.fetch(request) { answer in
            switch answer {
            case .failure(let failure): return done(.failure(.unreachable(host: Self.host(origin), failure)))
            case .success(let response) where response.head.isSuccess:
                guard let document = try? JSONDecoder().decode(TokenDocument.self, from: Data(response.body)),
                      !document.access_token.isEmpty, !document.refresh_token.isEmpty else {
                    return done(.failure(.notThatServer(host: Self.host(origin), kind: "PeerTube")))
                }
                done(.success(AccountTokens(
                    access: document.access_token, refresh: document.refresh_token,
                    accessExpires: asked.addingTimeInterval(TimeInterval(max(0, document.expires_in))),
                    refreshExpires: document.refresh_token_expires_in.map { asked.addingTimeInterval(TimeInterval(max(0, $0))) })))
            case .success(let response):
                done(.failure(Self.tokenRefusal(response, origin: origin)))
            }
        }
    }

    /// PeerTube's OAuth errors by their code (lib/auth/oauth.ts): the two-factor ones, bad
    /// credentials or a refresh token no longer valid (`invalid_grant`), the rest in its words.
    private static func tokenRefusal(_ response: HTTPResponse, origin: URL) -> SignInFailure {
        let problem = try? JSONDecoder().decode(ProblemDocument.self, from: Data(response.body))
        switch problem?.code ?? problem?.error {
        case "missing_two_factor": return .needsTwoFactorCode
        case "invalid_two_factor": return .wrongTwoFactorCode
        case "invalid_grant": return .wrongCredentials
        default:
            if response.status == 401, response.head.headers["x-peertube-otp"]?.hasPrefix("required") == true {
                return .needsTwoFactorCode
            }
            return refusal(response, origin: origin)
        }
    }

    private static func refusal(_ response: HTTPResponse, origin: URL) -> SignInFailure {
        let problem = try? JSONDecoder().decode(ProblemDocument.self, from: Data(response.body))
        let words = (problem?.detail ?? problem?.error_description).map { ShownText.oneLine(String($0.prefix(300))) }
        return .refused(host: host(origin), status: response.status, message: words)
    }

    private static func document<T: Decodable>(_ answer: Result<HTTPResponse, HTTPFailure>, origin: URL,
                                               as type: T.Type) -> Result<T, SignInFailure> {
        switch answer {
        case .failure(let failure): return .failure(.unreachable(host: host(origin), failure))
        case .success(let response):
            guard response.head.isSuccess else { return .failure(refusal(response, origin: origin)) }
            guard let document = try? JSONDecoder().decode(T.self, from: Data(response.body)) else {
                return .failure(.notThatServer(host: host(origin), kind: "PeerTube"))
            }
            return .success(document)
        }
    }

    /// An address with no OAuth client of PeerTube's (a 404, a web page) is not PeerTube.
    private static func notPeerTubeUnlessUnreachable(_ failure: SignInFailure, origin: URL) -> SignInFailure {
        if case .unreachable = failure { return failure }
        return .notThatServer(host: host(origin), kind: "PeerTube")
    }

    /// The server as the window names it (RemoteHost: "127.0.0.2:8080").
    private static func host(_ origin: URL) -> String { RemoteHost.host(of: origin) ?? origin.absoluteString }
}

// The documents' fields are named as PeerTube's API names them.
private struct TokenDocument: Decodable {
    let access_token: String
    let refresh_token: String
    let expires_in: Int
    let refresh_token_expires_in: Int?
}

private struct ProblemDocument: Decodable {
    let code: String?
    let error: String?
    let detail: String?
    let error_description: String?
}
