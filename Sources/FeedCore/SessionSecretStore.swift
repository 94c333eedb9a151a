/// Secrets kept in memory for this session only: what an account's tokens fall back to where
/// no keyring answers (the window says so), and what tests use. Answers on a later turn of the
/// main loop, as the keyring does.
@MainActor
public final class SessionSecretStore: SecretStoring {
    private var secrets: [SecretKey: String] = [:]
    private let timers: any Timers

    public init(timers: any Timers) {
        self.timers = timers
    }

    public func store(_ secret: String, for key: SecretKey, label: String,
                      then done: @escaping @MainActor (Result<Void, SecretStoreFailure>) -> Void) {
        secrets[key] = secret
        timers.after(milliseconds: 0) { done(.success(())) }
    }

    public func secret(for key: SecretKey, then done: @escaping @MainActor (Result<String?, SecretStoreFailure>) -> Void) {
        let secret = secrets[key]
        timers.after(milliseconds: 0) { done(.success(secret)) }
    }

    public func forget(account: String, server: String, then done: @escaping @MainActor (Result<Bool, SecretStoreFailure>) -> Void) {
        let keys = secrets.keys.filter { $0.account == account && $0.server == server }
        for key in keys { secrets[key] = nil }
        timers.after(milliseconds: 0) { done(.success(!keys.isEmpty)) }
    }
}
