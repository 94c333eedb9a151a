public import FeedCore
public import Foundation

/// FeedCore's `AccountSigningIn` over PeerTubeSignIn and LoopsSignIn: each sign-in ends with the
/// account's own profile (its display name and avatar, read with its new token: PeerTube's
/// `users/me`, Loops' `account/info/self`), so Preferences lists it as its server shows it.
@MainActor
public final class AccountService: AccountSigningIn {
    private let http: any HTTPTransport
    private let peertube: PeerTubeSignIn
    private let loops: LoopsSignIn

    public init(http: any HTTPTransport, peertube: PeerTubeSignIn, loops: LoopsSignIn) {
        self.http = http
        self.peertube = peertube
        self.loops = loops
    }

    @discardableResult
    public func signInPeerTube(origin: URL, username: String, password: String, twoFactorCode: String?,
                               then done: @escaping @MainActor (Result<SignedInAccount, SignInFailure>) -> Void) -> any NetworkRequest {
        let call = AccountCall()
        call.step = peertube.signIn(origin: origin, username: username, password: password, twoFactorCode: twoFactorCode) { [weak self] result in
            guard let self, !call.cancelled else { return }
            switch result {
            case .failure(let failure): done(.failure(failure))
            case .success(let signedIn):
                call.step = profile(origin.appendingPathComponent("api/v1/users/me"), token: signedIn.tokens.access,
                                    read: Self.peerTubeProfile) { profile in
                    guard !call.cancelled else { return }
                    done(.success(SignedInAccount(
                        account: Account(network: .peertube, origin: origin, username: profile?.username ?? username,
                                         displayName: profile?.displayName ?? username, avatarURL: profile?.avatar,
                                         clientID: signedIn.client.id, accessExpires: signedIn.tokens.accessExpires,
                                         refreshExpires: signedIn.tokens.refreshExpires),
                        clientSecret: signedIn.client.secret, tokens: signedIn.tokens)))
                }
            }
        }
        return call
    }

    @discardableResult
    public func signInLoops(origin: URL,
                            then done: @escaping @MainActor (Result<SignedInAccount, SignInFailure>) -> Void) -> any NetworkRequest {
        let call = AccountCall()
        call.step = loops.signIn(origin: origin) { [weak self] result in
            guard let self, !call.cancelled else { return }
            switch result {
            case .failure(let failure): done(.failure(failure))
            case .success(let signedIn):
                call.step = profile(origin.appendingPathComponent("api/v1/account/info/self"), token: signedIn.tokens.access,
                                    read: Self.loopsProfile) { profile in
                    guard !call.cancelled else { return }
                    done(.success(SignedInAccount(
                        account: Account(network: .loops, origin: origin, username: signedIn.username,
                                         displayName: profile?.displayName ?? signedIn.username, avatarURL: profile?.avatar,
                                         clientID: signedIn.client.id, accessExpires: signedIn.tokens.accessExpires,
                                         refreshExpires: signedIn.tokens.refreshExpires),
                        clientSecret: signedIn.client.secret, tokens: signedIn.tokens)))
                }
            }
        }
        return call
    }

    @discardableResult
    public func renew(_ account: Account, clientSecret: String, refreshToken: String,
                      then done: @escaping @MainActor (Result<AccountTokens, SignInFailure>) -> Void) -> any NetworkRequest {
        let client = OAuthClient(id: account.clientID, secret: clientSecret)
        switch account.network {
        case .peertube: return peertube.renew(origin: account.origin, client: client, refreshToken: refreshToken, then: done)
        case .loops: return loops.renew(origin: account.origin, client: client, refreshToken: refreshToken, then: done)
        }
    }

    @discardableResult
    public func signOut(_ account: Account, accessToken: String,
                        then done: @escaping @MainActor (Result<Void, SignInFailure>) -> Void) -> any NetworkRequest {
        switch account.network {
        case .peertube: peertube.revoke(origin: account.origin, accessToken: accessToken, then: done)
        case .loops: loops.signOut(origin: account.origin, accessToken: accessToken, then: done)
        }
    }

    // MARK: - The account's profile

    struct Profile {
        var username: String?
        var displayName: String?
        var avatar: URL?
    }

    /// The profile, or nil when it can't be read: the account is then listed by its username.
    private func profile(_ url: URL, token: String, read: @escaping (Data, URL) -> Profile?,
                         then done: @escaping @MainActor (Profile?) -> Void) -> any NetworkRequest {
        let request = HTTPRequest(.get, url: url, headers: ["Accept": "application/json", "Authorization": "Bearer " + token],
                                  priority: .interactive, maximumBodyBytes: 1 << 20)
        let exchange = http.fetch(request) { answer in
            guard case .success(let response) = answer, response.head.isSuccess else { return done(nil) }
            done(read(Data(response.body), url))
        }
        return ExchangeRequest(exchange)
    }

    /// `users/me`: `username`, `account.displayName`, the largest of `account.avatars` (`fileUrl`,
    /// else `path` on the instance).
    static func peerTubeProfile(_ body: Data, _ url: URL) -> Profile? {
        guard let me = try? JSONDecoder().decode(PeerTubeMe.self, from: body) else { return nil }
        let image = me.account?.avatars?.max { ($0.width ?? 0) < ($1.width ?? 0) }
        let avatar = image?.fileUrl.flatMap(Self.webAddress)
            ?? image?.path.flatMap { URL(string: $0, relativeTo: url)?.absoluteURL }.flatMap { Self.webAddress($0.absoluteString) }
        return Profile(username: me.username.flatMap(Self.name), displayName: me.account?.displayName.flatMap(Self.name),
                       avatar: avatar)
    }

    /// `account/info/self`: `data.name`, `data.avatar`.
    static func loopsProfile(_ body: Data, _ url: URL) -> Profile? {
        guard let me = try? JSONDecoder().decode(LoopsSelf.self, from: body) else { return nil }
        return Profile(username: me.data.username.flatMap(Self.name), displayName: me.data.name.flatMap(Self.name),
                       avatar: me.data.avatar.flatMap(Self.webAddress))
    }

    /// A name as one line of sensible length; nil when empty.
    private static func name(_ text: String) -> String? {
        let line = ShownText.oneLine(String(text.prefix(200)))
        return line.isEmpty ? nil : line
    }

    /// Only http(s) images are fetched.
    private static func webAddress(_ text: String) -> URL? {
        guard let url = URL(string: text), RemoteHost.host(of: url) != nil else { return nil }
        return url
    }
}

// The documents' fields are named as the APIs name them.
private struct PeerTubeMe: Decodable {
    struct Image: Decodable {
        let fileUrl: String?
        let path: String?
        let width: Int?
    }
    struct Owner: Decodable {
        let displayName: String?
        let avatars: [Image]?
    }
    let username: String?
    let account: Owner?
}

private struct LoopsSelf: Decodable {
    struct Profile: Decodable {
        let username: String?
        let name: String?
        let avatar: String?
    }
    let data: Profile
}

/// A sign-in and the profile read after it: cancelled, neither answers.
@MainActor
private final class AccountCall: NetworkRequest {
    var step: (any NetworkRequest)?
    private(set) var cancelled = false

    func cancel() {
        cancelled = true
        step?.cancel()
        step = nil
    }
}

/// One HTTP exchange as a request that can be cancelled.
@MainActor
private final class ExchangeRequest: NetworkRequest {
    private let exchange: any HTTPExchange

    init(_ exchange: any HTTPExchange) {
        self.exchange = exchange
    }

    func cancel() { exchange.cancel() }
}
