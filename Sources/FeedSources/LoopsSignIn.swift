public import FeedCore
public import Foundation

/// What signing in to a Loops server gives: the client the server registered for this app, the
/// account's tokens and its name.
public struct LoopsSignedIn: Equatable, Sendable {
    public var client: OAuthClient
    public var tokens: AccountTokens
    public var username: String
}

/// Signs in to a Loops account the way its server allows a native app (Laravel Passport's
/// authorization code grant, RFC 8252): the app is registered (`/api/v1/apps`), the user's
/// browser opens the server's authorize page with a PKCE challenge, the answer comes back to
/// a one-time listener on 127.0.0.1, and the code is exchanged for tokens. The password never
/// passes through Loopfeed.
@MainActor
public final class LoopsSignIn {
    /// What the app asks to do (Loops' scopes).
    public static let scopes = "user:read user:write video:create video:read"
    /// How long the browser has to come back.
    public static let browserWaitMilliseconds: UInt32 = 5 * 60_000

    public struct Dependencies {
        public var http: any HTTPTransport
        public var timers: any Timers
        public var listen: RedirectListenerMaking
        /// Opens an address in the user's browser.
        public var openBrowser: @MainActor (URL) -> Void
        public var now: @MainActor () -> Date

        public init(http: any HTTPTransport, timers: any Timers, listen: @escaping RedirectListenerMaking,
                    openBrowser: @escaping @MainActor (URL) -> Void, now: @escaping @MainActor () -> Date = { Date() }) {
            self.http = http
            self.timers = timers
            self.listen = listen
            self.openBrowser = openBrowser
            self.now = now
        }
    }

    private let deps: Dependencies
    private let random: (Int) -> [UInt8]

    public init(_ dependencies: Dependencies) {
        deps = dependencies
        random = PKCE.systemRandom
    }

    init(_ dependencies: Dependencies, random: @escaping (Int) -> [UInt8]) {
        deps = dependencies
        self.random = random
    }

    /// The whole sign-in; `client` from an earlier one is reused (else the app is registered).
    @discardableResult
    public func signIn(origin: URL, client known: OAuthClient? = nil,
                       then done: @escaping @MainActor (Result<LoopsSignedIn, SignInFailure>) -> Void) -> any NetworkRequest {
        let call = LoopsSignInCall()
        let finish: @MainActor (Result<LoopsSignedIn, SignInFailure>) -> Void = { result in
            guard !call.cancelled else { return }
            call.end()
            done(result)
        }
        let pkce = PKCE(random: random)
        guard let listener = deps.listen(pkce.state, { [weak self, weak call] query in
            guard let self, let call, !call.cancelled else { return }
            // The listener closes itself once its page is written: closed now, the browser
            // would be cut off before it (a closed connection in place of "signed in").
            call.stopTimer()
            guard query["error"] == nil, let code = query["code"], let client = call.client else { return finish(.failure(.notApproved)) }
            call.exchange = exchange(code: code, origin: origin, client: client, verifier: pkce.verifier,
                                     redirect: call.listener?.redirectURI, then: finish)
        }) else {
            finish(.failure(.cannotListen))
            return call
        }
        call.listener = listener
        let authorize: @MainActor (OAuthClient) -> Void = { [weak self] client in
            guard let self, !call.cancelled else { return }
            call.client = client
            var page = URLComponents(url: origin.appendingPathComponent("oauth/authorize"), resolvingAgainstBaseURL: false)!
            page.queryItems = [URLQueryItem(name: "client_id", value: client.id),
                               URLQueryItem(name: "redirect_uri", value: listener.redirectURI.absoluteString),
                               URLQueryItem(name: "response_type", value: "code"),
                               URLQueryItem(name: "scope", value: Self.scopes),
                               URLQueryItem(name: "state", value: pkce.state),
                               URLQueryItem(name: "code_challenge", value: pkce.challenge),
                               URLQueryItem(name: "code_challenge_method", value: "S256")]
            call.wait = deps.timers.after(milliseconds: Self.browserWaitMilliseconds) { finish(.failure(.browserDidNotAnswer)) }
            deps.openBrowser(page.url!)
        }
        if let known {
            authorize(known)
        } else {
            call.exchange = register(origin: origin, redirect: listener.redirectURI) { result in
                switch result {
                case .success(let client): authorize(client)
                case .failure(let failure): finish(.failure(failure))
                }
            }
        }
        return call
    }

    /// New tokens for `refreshToken`; `.signInAgain` when the server no longer takes it.
    @discardableResult
    public func renew(origin: URL, client: OAuthClient, refreshToken: String,
                      then done: @escaping @MainActor (Result<AccountTokens, SignInFailure>) -> Void) -> any NetworkRequest {
        let call = LoopsSignInCall()
        call.exchange = tokens(origin: origin, form: ["grant_type": "refresh_token", "refresh_token": refreshToken,
                                                      "client_id": client.id, "client_secret": client.secret]) { result in
            guard !call.cancelled else { return }
            done(result.mapError { $0 == .wrongCredentials ? .signInAgain : $0 })
        }
        return call
    }

    /// Signs out on the server (every token of the account is revoked there).
    @discardableResult
    public func signOut(origin: URL, accessToken: String,
                        then done: @escaping @MainActor (Result<Void, SignInFailure>) -> Void) -> any NetworkRequest {
        let call = LoopsSignInCall()
        let request = HTTPRequest(.post, url: origin.appendingPathComponent("api/v1/app/logout"),
                                  headers: ["Accept": "application/json", "Authorization": "Bearer " + accessToken],
                                  body: [], priority: .interactive, maximumBodyBytes: 64 << 10)
        call.exchange = deps.http.fetch(request) { answer in
            guard !call.cancelled else { return }
            switch answer {
            case .failure(let failure): done(.failure(.unreachable(host: Self.host(origin), failure)))
            case .success(let response) where response.head.isSuccess || response.status == 401: done(.success(()))
            case .success(let response): done(.failure(Self.refusal(response, origin: origin)))
            }
        }
        return call
    }

    // MARK: - Steps

    private func register(origin: URL, redirect: URL,
                          then done: @escaping @MainActor (Result<OAuthClient, SignInFailure>) -> Void) -> any HTTPExchange {
        // Registered without the port: a loopback redirect may use any (RFC 8252, 7.3).
        var portless = URLComponents(url: redirect, resolvingAgainstBaseURL: false)!
        portless.port = nil
        let body = try? JSONSerialization.data(withJSONObject: ["client_name": "Loopfeed",
                                                                "redirect_uris": [portless.url!.absoluteString]])
        let request = HTTPRequest(.post, url: origin.appendingPathComponent("api/v1/apps"),
                                  headers: ["Accept": "application/json", "Content-Type": "application/json"],
                                  body: body.map { Array($0) }, priority: .interactive, maximumBodyBytes: 64 << 10)
        return deps.http.fetch(request) { answer in
            switch answer {
            case .failure(let failure): done(.failure(.unreachable(host: Self.host(origin), failure)))
            case .success(let response) where response.head.isSuccess:
                guard let client = try? JSONDecoder().decode(OAuthClientDocument.self, from: Data(response.body)),
                      !client.client_id.isEmpty, !client.client_secret.isEmpty else {
                    return done(.failure(.notThatServer(host: Self.host(origin), kind: "Loops")))
                }
                done(.success(OAuthClient(id: client.client_id, secret: client.client_secret)))
            case .success(let response) where response.status == 404 || response.status == 405:
                done(.failure(.notThatServer(host: Self.host(origin), kind: "Loops")))
            case .success(let response):
                done(.failure(Self.refusal(response, origin: origin)))
            }
        }
    }

    private func exchange(code: String, origin: URL, client: OAuthClient, verifier: String, redirect: URL?,
                          then done: @escaping @MainActor (Result<LoopsSignedIn, SignInFailure>) -> Void) -> any HTTPExchange {
        tokens(origin: origin, form: ["grant_type": "authorization_code", "client_id": client.id,
                                      "client_secret": client.secret, "redirect_uri": redirect?.absoluteString ?? "",
                                      "code": code, "code_verifier": verifier]) { [weak self] result in
            guard let self else { return }
            switch result {
            case .failure(let failure): done(.failure(failure))
            case .success(let tokens):
                _ = whoAmI(origin: origin, accessToken: tokens.access) { name in
                    done(name.map { LoopsSignedIn(client: client, tokens: tokens, username: $0) })
                }
            }
        }
    }

    private func whoAmI(origin: URL, accessToken: String,
                        then done: @escaping @MainActor (Result<String, SignInFailure>) -> Void) -> any HTTPExchange {
        let request = HTTPRequest(.get, url: origin.appendingPathComponent("api/v1/account/info/self"),
                                  headers: ["Accept": "application/json", "Authorization": "Bearer " + accessToken],
                                  priority: .interactive, maximumBodyBytes: 1 << 20)
        return deps.http.fetch(request) { answer in
            switch answer {
            case .failure(let failure): done(.failure(.unreachable(host: Self.host(origin), failure)))
            case .success(let response) where response.head.isSuccess:
                guard let me = try? JSONDecoder().decode(SelfDocument.self, from: Data(response.body)),
                      !me.data.username.isEmpty else {
                    return done(.failure(.notThatServer(host: Self.host(origin), kind: "Loops")))
                }
                done(.success(me.data.username))
            case .success(let response): done(.failure(Self.refusal(response, origin: origin)))
            }
        }
    }

    private func tokens(origin: URL, form: [String: String],
                        then done: @escaping @MainActor (Result<AccountTokens, SignInFailure>) -> Void) -> any HTTPExchange {
        let request = HTTPRequest(.post, url: origin.appendingPathComponent("oauth/token"),
                                  headers: ["Accept": "application/json", "Content-Type": "application/x-www-form-urlencoded"],
                                  body: Array(FormEncoding.encode(form).utf8), priority: .interactive, maximumBodyBytes: 64 << 10)
        let asked = deps.now()
        return deps.http.fetch(request) { answer in
            switch answer {
            case .failure(let failure): done(.failure(.unreachable(host: Self.host(origin), failure)))
            case .success(let response) where response.head.isSuccess:
                guard let document = try? JSONDecoder().decode(TokenDocument.self, from: Data(response.body)),
                      !document.access_token.isEmpty, !document.refresh_token.isEmpty else {
                    return done(.failure(.notThatServer(host: Self.host(origin), kind: "Loops")))
                }
                done(.success(AccountTokens(access: document.access_token, refresh: document.refresh_token,
                                            accessExpires: asked.addingTimeInterval(TimeInterval(max(0, document.expires_in))),
                                            refreshExpires: nil)))
            case .success(let response):
                let problem = try? JSONDecoder().decode(ProblemDocument.self, from: Data(response.body))
                done(.failure(problem?.error == "invalid_grant" ? .wrongCredentials : Self.refusal(response, origin: origin)))
            }
        }
    }

    private static func refusal(_ response: HTTPResponse, origin: URL) -> SignInFailure {
        let problem = try? JSONDecoder().decode(ProblemDocument.self, from: Data(response.body))
        let words = (problem?.error_description ?? problem?.message).map { ShownText.oneLine(String($0.prefix(300))) }
        return .refused(host: host(origin), status: response.status, message: words)
    }

    /// The server as the window names it (RemoteHost: "127.0.0.2:8080").
    private static func host(_ origin: URL) -> String { RemoteHost.host(of: origin) ?? origin.absoluteString }
}

// The documents' fields are named as Loops' API names them.
private struct TokenDocument: Decodable {
    let access_token: String
    let refresh_token: String
    let expires_in: Int
}

private struct SelfDocument: Decodable {
    struct Profile: Decodable { let username: String }
    let data: Profile
}

private struct ProblemDocument: Decodable {
    let error: String?
    let error_description: String?
    let message: String?
}

/// A Loops sign-in under way: its listener, the wait for the browser and the request in flight;
/// cancelled or ended, all three stop.
@MainActor
private final class LoopsSignInCall: NetworkRequest {
    var listener: (any RedirectListening)?
    var wait: (any TimerToken)?
    var exchange: (any HTTPExchange)?
    var client: OAuthClient?
    private(set) var cancelled = false

    func stopTimer() {
        wait?.cancel()
        wait = nil
    }

    func stopWaiting() {
        stopTimer()
        listener?.close()
    }

    func end() {
        stopWaiting()
        listener = nil
    }

    func cancel() {
        cancelled = true
        end()
        exchange?.cancel()
        exchange = nil
    }
}
