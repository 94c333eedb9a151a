public import FeedCore
import Foundation
import Localization

/// An account's secrets as the keyring keeps them.
struct AccountSecrets: Equatable {
    var tokens: AccountTokens
    var clientSecret: String
}

/// The accounts' tokens: read from the keyring once, renewed a minute before they expire or
/// when a server refused one (a 401), written back to where they were kept.
extension AccountsStore {
    /// A token that works now for the account on `host`; `refused`: the one the server just
    /// turned down (it is renewed, once, whoever else asks meanwhile).
    public func validToken(for host: String, refused: String? = nil,
                           then done: @escaping @MainActor (Result<String, SignInFailure>) -> Void) {
        guard let row = rows.first(where: { $0.account.host == host }) else { return done(.failure(.notSignedIn(host: host))) }
        guard !row.needsSignIn else { return done(.failure(.signInAgain)) }
        let origin = row.account.origin
        if waiting[origin] != nil { return waiting[origin]!.append(done) }
        if let kept = secrets[origin], refused != kept.tokens.access, !kept.tokens.accessNeedsRenewal(at: deps.now()) {
            return done(.success(kept.tokens.access))
        }
        waiting[origin] = [done]
        loadSecrets(row) { [weak self] loaded in
            guard let self else { return }
            switch loaded {
            case .failure(let failure):
                answerWaiting(origin, .failure(failure))
            case .success(let kept):
                if refused != kept.tokens.access, !kept.tokens.accessNeedsRenewal(at: deps.now()) {
                    return answerWaiting(origin, .success(kept.tokens.access))
                }
                renew(row, kept)
            }
        }
    }

    /// The outbox's view of an account: its network while it is signed in and its tokens work.
    public func network(of account: AccountKey) -> RemoteNetwork? {
        guard let row = row(of: account), !row.needsSignIn else { return nil }
        return row.account.network
    }

    /// The outbox's token: `renewing` when the server refused the one it was given (a 401).
    public func accessToken(for account: AccountKey, renewing: Bool,
                            then done: @escaping @MainActor (Result<String, SignInFailure>) -> Void) {
        guard let row = row(of: account) else {
            return done(.failure(.notSignedIn(host: URL(string: account.server).flatMap(RemoteHost.host(of:)) ?? account.server)))
        }
        let refused = renewing ? secrets[row.account.origin]?.tokens.access : nil
        validToken(for: row.account.host, refused: refused, then: done)
    }

    private func row(of account: AccountKey) -> Row? {
        rows.first { $0.account.server == account.server && $0.account.username == account.name }
    }

    private func renew(_ row: Row, _ kept: AccountSecrets) {
        let account = row.account
        guard !kept.tokens.refreshExpired(at: deps.now()) else { return refusedForGood(row) }
        renewals[account.origin] = deps.service.renew(account, clientSecret: kept.clientSecret,
                                                      refreshToken: kept.tokens.refresh) { [weak self] result in
            guard let self else { return }
            renewals[account.origin] = nil
            switch result {
            case .failure(.signInAgain): refusedForGood(row)
            case .failure(let failure): answerWaiting(account.origin, .failure(failure))
            case .success(let tokens):
                let renewed = AccountSecrets(tokens: tokens, clientSecret: kept.clientSecret)
                secrets[account.origin] = renewed
                var updated = account
                updated.accessExpires = tokens.accessExpires
                updated.refreshExpires = tokens.refreshExpires
                if !row.sessionOnly { try? deps.records.saveAccount(updated) }
                replace(Row(account: updated, sessionOnly: row.sessionOnly, needsSignIn: false))
                // The old pair no longer works: the new one is kept before anyone uses it.
                write(renewed, of: updated, to: store(for: row)) { _ in }
                answerWaiting(account.origin, .success(tokens.access))
            }
        }
    }

    /// The server no longer takes the account's refresh token: it stays listed, to sign in again.
    private func refusedForGood(_ row: Row) {
        secrets[row.account.origin] = nil
        replace(Row(account: row.account, sessionOnly: row.sessionOnly, needsSignIn: true))
        say(.problem(tr("{server} no longer accepts your sign-in: sign in again.", ["server": row.account.host])))
        answerWaiting(row.account.origin, .failure(.signInAgain))
    }

    func answerWaiting(_ origin: URL, _ answer: Result<String, SignInFailure>) {
        let answered = waiting.removeValue(forKey: origin) ?? []
        for done in answered { done(answer) }
    }

    // MARK: - The keyring

    /// At launch: the account's tokens are looked for in the keyring; without them it asks to
    /// sign in again.
    func restore(_ account: Account) {
        guard let row = rows.first(where: { $0.account.origin == account.origin }) else { return }
        loadSecrets(row) { [weak self] loaded in
            guard let self else { return }
            switch loaded {
            case .success:
                deps.events?.emit(.signedIn(host: account.host, kind: account.network.rawValue, restored: true))
                onSignedIn?(account)
            case .failure(let failure):
                replace(Row(account: account, sessionOnly: false, needsSignIn: true))
                say(.problem(failure == .signInAgain
                             ? tr("Your sign-in to {server} is no longer in the keyring: sign in again.", ["server": account.host])
                             : failure.description))
            }
        }
    }

    /// The account's secrets, from memory or its store; `.signInAgain` when the store has none.
    func loadSecrets(_ row: Row, then done: @escaping @MainActor (Result<AccountSecrets, SignInFailure>) -> Void) {
        if let kept = secrets[row.account.origin] { return done(.success(kept)) }
        let account = row.account
        let store = store(for: row)
        var found: [SecretKey.Kind: String] = [:]
        let kinds: [SecretKey.Kind] = [.accessToken, .refreshToken, .clientSecret]
        func next(_ index: Int) {
            guard index < kinds.count else {
                guard let access = found[.accessToken], let refresh = found[.refreshToken],
                      let clientSecret = found[.clientSecret] else { return done(.failure(.signInAgain)) }
                let kept = AccountSecrets(tokens: AccountTokens(access: access, refresh: refresh,
                                                                accessExpires: account.accessExpires,
                                                                refreshExpires: account.refreshExpires),
                                          clientSecret: clientSecret)
                secrets[account.origin] = kept
                return done(.success(kept))
            }
            store.secret(for: account.secretKey(kinds[index])) { result in
                switch result {
                case .failure(let failure):
                    done(.failure(.keyringUnavailable(failure.description)))
                case .success(let secret):
                    found[kinds[index]] = secret
                    next(index + 1)
                }
            }
        }
        next(0)
    }

    /// Writes the three secrets; `done` gets the first failure, or nil.
    func write(_ kept: AccountSecrets, of account: Account, to store: any SecretStoring,
               then done: @escaping @MainActor (SecretStoreFailure?) -> Void) {
        let items: [(SecretKey.Kind, String, String)] = [
            (.accessToken, kept.tokens.access, tr("Loopfeed: access to {account}", ["account": account.handle])),
            (.refreshToken, kept.tokens.refresh, tr("Loopfeed: sign-in to {account}", ["account": account.handle])),
            (.clientSecret, kept.clientSecret, tr("Loopfeed: app key on {server}", ["server": account.host])),
        ]
        func next(_ index: Int) {
            guard index < items.count else { return done(nil) }
            let (kind, secret, label) = items[index]
            store.store(secret, for: account.secretKey(kind), label: label) { result in
                switch result {
                case .failure(let failure): done(failure)
                case .success: next(index + 1)
                }
            }
        }
        next(0)
    }
}
