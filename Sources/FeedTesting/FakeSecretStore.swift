public import FeedCore

/// A keyring that answers at once: what it holds, or `failure` for every call (no Secret
/// Service, a locked keyring).
@MainActor
public final class FakeSecretStore: SecretStoring {
    public private(set) var secrets: [SecretKey: String] = [:]
    public var failure: SecretStoreFailure?

    public init(failure: SecretStoreFailure? = nil) {
        self.failure = failure
    }

    public func store(_ secret: String, for key: SecretKey, label: String,
                      then done: @escaping @MainActor (Result<Void, SecretStoreFailure>) -> Void) {
        if let failure { return done(.failure(failure)) }
        secrets[key] = secret
        done(.success(()))
    }

    public func secret(for key: SecretKey, then done: @escaping @MainActor (Result<String?, SecretStoreFailure>) -> Void) {
        if let failure { return done(.failure(failure)) }
        done(.success(secrets[key]))
    }

    public func forget(account: String, server: String, then done: @escaping @MainActor (Result<Bool, SecretStoreFailure>) -> Void) {
        if let failure { return done(.failure(failure)) }
        let keys = secrets.keys.filter { $0.account == account && $0.server == server }
        for key in keys { secrets[key] = nil }
        done(.success(!keys.isEmpty))
    }
}
