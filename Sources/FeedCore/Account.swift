public import Foundation

/// An account the user signed in to, one per server: what Preferences lists and the library
/// keeps across runs. No secret is here: the tokens and the client's secret are in the keyring.
public struct Account: Equatable, Sendable {
    public var network: RemoteNetwork
    /// scheme://host[:port]: what the API paths are appended to, and the keyring's `server`.
    public var origin: URL
    /// The account's name on its server (the keyring's `account`).
    public var username: String
    public var displayName: String
    public var avatarURL: URL?
    /// The OAuth client the server gave this app (its secret is in the keyring).
    public var clientID: String
    /// When the access token and the refresh token stop working (not secret: when to renew).
    public var accessExpires: Date
    public var refreshExpires: Date?

    public init(network: RemoteNetwork, origin: URL, username: String, displayName: String, avatarURL: URL?,
                clientID: String, accessExpires: Date, refreshExpires: Date?) {
        self.network = network
        self.origin = origin
        self.username = username
        self.displayName = displayName
        self.avatarURL = avatarURL
        self.clientID = clientID
        self.accessExpires = accessExpires
        self.refreshExpires = refreshExpires
    }

    /// "127.0.0.2:8080", "video.example": how the window and the events name the server.
    public var host: String { RemoteHost.host(of: origin) ?? origin.absoluteString }

    /// `name@host`, as Preferences lists it.
    public var handle: String { "\(username)@\(host)" }

    /// The keyring's name for the server, the same at every run.
    public var server: String { origin.absoluteString }

    public func secretKey(_ kind: SecretKey.Kind) -> SecretKey {
        SecretKey(server: server, account: username, kind: kind)
    }
}

/// What a sign-in gives: the account as it will be listed, with the secrets that go to the keyring.
public struct SignedInAccount: Equatable, Sendable {
    public var account: Account
    public var clientSecret: String
    public var tokens: AccountTokens

    public init(account: Account, clientSecret: String, tokens: AccountTokens) {
        self.account = account
        self.clientSecret = clientSecret
        self.tokens = tokens
    }
}

/// The accounts the library keeps across runs (their metadata only). FeedStorage's SQLite
/// library, memory in FeedTesting.
public protocol AccountRecords: AnyObject {
    /// Oldest first.
    func accounts() throws -> [Account]
    /// Adds or replaces the account of `account.origin`.
    func saveAccount(_ account: Account) throws
    func deleteAccount(origin: URL) throws
}

/// Signing in to, renewing and signing out of an account on its server (FeedSources'
/// AccountService over PeerTube's and Loops' sign-ins).
@MainActor
public protocol AccountSigningIn: AnyObject {
    /// PeerTube's password grant; `twoFactorCode` when `.needsTwoFactorCode` asked for it.
    @discardableResult
    func signInPeerTube(origin: URL, username: String, password: String, twoFactorCode: String?,
                        then done: @escaping @MainActor (Result<SignedInAccount, SignInFailure>) -> Void) -> any NetworkRequest
    /// Loops' authorization code flow: the user's browser opens its authorize page.
    @discardableResult
    func signInLoops(origin: URL,
                     then done: @escaping @MainActor (Result<SignedInAccount, SignInFailure>) -> Void) -> any NetworkRequest
    @discardableResult
    func renew(_ account: Account, clientSecret: String, refreshToken: String,
               then done: @escaping @MainActor (Result<AccountTokens, SignInFailure>) -> Void) -> any NetworkRequest
    /// Revokes the account's tokens on its server.
    @discardableResult
    func signOut(_ account: Account, accessToken: String,
                 then done: @escaping @MainActor (Result<Void, SignInFailure>) -> Void) -> any NetworkRequest
}
