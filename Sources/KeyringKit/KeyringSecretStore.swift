import CGLib
import CSecret
public import FeedCore
import GLibKit

/// FeedCore's `SecretStoring` over the desktop's keyring: the Secret Service (gnome-keyring,
/// KeePassXC...) through libsecret's asynchronous calls, answered on the main loop. Secrets go
/// to the default collection under Loopfeed's own schema, found again by server, account and
/// kind; nothing here writes a secret anywhere else or says one in an error.
@MainActor
public final class KeyringSecretStore: SecretStoring {
    /// `io.github.loopfeed.Token`: what the keyring's window groups Loopfeed's secrets by.
    private let schema: UnsafeMutablePointer<SecretSchema>

    public init() {
        let types = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, nil)
        for name in ["server", "account", "kind"] {
            g_hash_table_insert(types, g_strdup(name), UnsafeMutableRawPointer(bitPattern: Int(SECRET_SCHEMA_ATTRIBUTE_STRING.rawValue)))
        }
        schema = secret_schema_newv("io.github.loopfeed.Token", SECRET_SCHEMA_NONE, types)
        g_hash_table_unref(types)
    }

    isolated deinit {
        secret_schema_unref(schema)
    }

    public func store(_ secret: String, for key: SecretKey, label: String,
                      then done: @escaping @MainActor (Result<Void, SecretStoreFailure>) -> Void) {
        let attributes = Self.attributes(server: key.server, account: key.account, kind: key.kind)
        defer { g_hash_table_unref(attributes) }
        let answer = Answer { result in
            var error: UnsafeMutablePointer<GError>?
            let stored = secret_password_store_finish(result, &error)
            if let error { return done(.failure(Self.failure(GLibError(consuming: error)))) }
            done(stored != 0 ? .success(()) : .failure(.failed("not stored")))
        }
        secret_password_storev(schema, attributes, SECRET_COLLECTION_DEFAULT, label, secret, nil,
                               Answer.callback, answer.retained())
    }

    public func secret(for key: SecretKey, then done: @escaping @MainActor (Result<String?, SecretStoreFailure>) -> Void) {
        let attributes = Self.attributes(server: key.server, account: key.account, kind: key.kind)
        defer { g_hash_table_unref(attributes) }
        let answer = Answer { result in
            var error: UnsafeMutablePointer<GError>?
            let found = secret_password_lookup_finish(result, &error)
            if let error { return done(.failure(Self.failure(GLibError(consuming: error)))) }
            guard let found else { return done(.success(nil)) }
            let secret = String(cString: found)
            // Wiped before it is freed, as libsecret asks.
            secret_password_free(found)
            done(.success(secret))
        }
        secret_password_lookupv(schema, attributes, nil, Answer.callback, answer.retained())
    }

    public func forget(account: String, server: String, then done: @escaping @MainActor (Result<Bool, SecretStoreFailure>) -> Void) {
        let attributes = Self.attributes(server: server, account: account, kind: nil)
        defer { g_hash_table_unref(attributes) }
        let answer = Answer { result in
            var error: UnsafeMutablePointer<GError>?
            let removed = secret_password_clear_finish(result, &error)
            if let error { return done(.failure(Self.failure(GLibError(consuming: error)))) }
            done(.success(removed != 0))
        }
        secret_password_clearv(schema, attributes, nil, Answer.callback, answer.retained())
    }

    /// The attributes a secret is found by (every kind of the account's when `kind` is nil).
    private static func attributes(server: String, account: String, kind: SecretKey.Kind?) -> OpaquePointer {
        let table = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free)!
        var pairs = [("server", server), ("account", account)]
        if let kind { pairs.append(("kind", kind.rawValue)) }
        for (name, value) in pairs { g_hash_table_insert(table, g_strdup(name), g_strdup(value)) }
        return table
    }

    /// libsecret's own errors are the keyring's answer; any other (D-Bus, no session bus) means
    /// no Secret Service could be reached.
    private static func failure(_ error: GLibError) -> SecretStoreFailure {
        guard error.domain == "secret-error-quark" else { return .noSecretService(error.message) }
        return error.code == Int32(SECRET_ERROR_IS_LOCKED.rawValue) ? .locked : .failed(error.message)
    }
}

/// One asynchronous call's answer: kept alive by the call's user data until libsecret calls back
/// on the main loop.
@MainActor
private final class Answer {
    private let body: @MainActor (OpaquePointer?) -> Void

    init(_ body: @escaping @MainActor (OpaquePointer?) -> Void) {
        self.body = body
    }

    func retained() -> UnsafeMutableRawPointer { Unmanaged.passRetained(self).toOpaque() }

    static let callback: GAsyncReadyCallback = { _, result, data in
        guard let data else { return }
        let answer = Unmanaged<Answer>.fromOpaque(data).takeRetainedValue()
        // The GAsyncResult is libsecret's, used only here on the main thread that was called back.
        nonisolated(unsafe) let result = result
        MainActor.assumeIsolated { answer.body(result) }
    }
}
