import Localization

/// Which secret: an account's token of one kind on one server. The keyring finds a secret by
/// these attributes; the secret itself is never among them.
public struct SecretKey: Hashable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case accessToken = "access-token"
        case refreshToken = "refresh-token"
        /// The OAuth client's secret the server gave this app.
        case clientSecret = "client-secret"
    }

    /// The server's origin as the account is known by (`https://peertube.example`).
    public var server: String
    /// The account's name on that server.
    public var account: String
    public var kind: Kind

    public init(server: String, account: String, kind: Kind) {
        self.server = server
        self.account = account
        self.kind = kind
    }
}

/// Why the keyring could not answer, in words a person can act on. Never carries a secret.
public enum SecretStoreFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// No Secret Service answers on this desktop (no keyring daemon, no session bus).
    case noSecretService(String)
    /// The keyring is locked and was not unlocked.
    case locked
    case failed(String)

    public var description: String {
        switch self {
        case .noSecretService(let reason):
            tr("No password keyring answers on this desktop ({reason})", ["reason": reason])
        case .locked:
            tr("The password keyring is locked")
        case .failed(let reason):
            tr("The password keyring refused ({reason})", ["reason": reason])
        }
    }
}

/// Where the tokens of the user's accounts are kept: the desktop's keyring (KeyringKit's
/// `KeyringSecretStore`, the Secret Service through libsecret), or memory for this session
/// only (`SessionSecretStore`) where no keyring answers. Answers arrive on the main loop, on a
/// later turn, never from within the call.
@MainActor
public protocol SecretStoring: AnyObject {
    /// Keeps `secret` under `key`, replacing what was there. `label`: what the keyring's own
    /// window shows for it.
    func store(_ secret: String, for key: SecretKey, label: String,
               then done: @escaping @MainActor (Result<Void, SecretStoreFailure>) -> Void)
    /// The secret under `key`; nil when there is none.
    func secret(for key: SecretKey, then done: @escaping @MainActor (Result<String?, SecretStoreFailure>) -> Void)
    /// Forgets every secret of `account` on `server`; true when there was one.
    func forget(account: String, server: String, then done: @escaping @MainActor (Result<Bool, SecretStoreFailure>) -> Void)
}
