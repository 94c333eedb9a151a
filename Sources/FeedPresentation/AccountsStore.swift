public import FeedCore
public import Foundation
import Localization

/// The accounts the user signed in to, one per server, as Preferences' Accounts section shows
/// them: signing in (PeerTube: address, username and password, then the two-factor code when
/// the server asks; Loops: the browser), signing out (revoked on the server, forgotten in the
/// keyring and here), and a token that works for whoever acts on an account (`validToken`).
/// The metadata is kept in the library, the tokens only in the keyring; where no keyring
/// answers, an account is kept for this session only, and the section says so.
@MainActor
public final class AccountsStore: AccountTokenProviding {
    /// One account as listed.
    public struct Row: Equatable, Sendable {
        public var account: Account
        /// No keyring kept its tokens: it is gone when Loopfeed closes.
        public var sessionOnly: Bool
        /// Its tokens are gone or refused: sign in again to act on it.
        public var needsSignIn: Bool
    }

    /// What the form says under its fields.
    public enum Status: Equatable, Sendable {
        case idle
        case working(String)
        /// The PeerTube account asks for its two-factor code (the form shows the field).
        case askingCode(String)
        /// Loops: the browser shows the server's sign-in page.
        case waitingForBrowser(String)
        case done(String)
        case problem(String)

        public var text: String? {
            switch self {
            case .idle: nil
            case .working(let text), .askingCode(let text), .waitingForBrowser(let text), .done(let text), .problem(let text): text
            }
        }
    }

    public struct Dependencies {
        public var service: any AccountSigningIn
        public var records: any AccountRecords
        /// The desktop's keyring.
        public var keyring: any SecretStoring
        /// Where tokens go when the keyring does not answer (memory, this session only).
        public var sessionSecrets: any SecretStoring
        public var events: (any EventSink)?
        public var now: @MainActor () -> Date

        public init(service: any AccountSigningIn, records: any AccountRecords, keyring: any SecretStoring,
                    sessionSecrets: any SecretStoring, events: (any EventSink)?, now: @escaping @MainActor () -> Date = { Date() }) {
            self.service = service
            self.records = records
            self.keyring = keyring
            self.sessionSecrets = sessionSecrets
            self.events = events
            self.now = now
        }
    }

    public private(set) var rows: [Row] = []
    public private(set) var status = Status.idle
    /// The PeerTube account being signed in to asked for its two-factor code (and a wrong one
    /// keeps asking): the form shows the code's field until the sign-in ends.
    public private(set) var asksForCode = false
    /// Anything shown changed.
    public var onChange: (() -> Void)?
    /// An account is signed in, now or found so at launch (what waited for it can go).
    public var onSignedIn: ((Account) -> Void)?
    /// An account was signed in to now (not found so at launch): what it follows and likes is
    /// brought in (AccountImport).
    public var onAccountAdded: ((Account) -> Void)?
    /// The offer to sign in made when a network's post is liked with no account for it.
    public let signInPrompt = SignInPrompt()

    let deps: Dependencies
    /// Tokens read or made this run, by origin, so the keyring is not asked for every request.
    var secrets: [URL: AccountSecrets] = [:]
    /// Those waiting for a token of an account whose secrets are being read or renewed.
    var waiting: [URL: [@MainActor (Result<String, SignInFailure>) -> Void]] = [:]
    var renewals: [URL: any NetworkRequest] = [:]
    private var signingIn: (any NetworkRequest)?

    public init(_ dependencies: Dependencies) {
        deps = dependencies
        do {
            rows = try deps.records.accounts().map { Row(account: $0, sessionOnly: false, needsSignIn: false) }
        } catch {
            status = .problem(tr("Your accounts could not be read from the library: {error}", ["error": error]))
        }
        for row in rows { restore(row.account) }
    }

    /// The account on `host` ("127.0.0.2:8080"), if signed in there.
    public func account(for host: String) -> Account? {
        rows.first { $0.account.host == host && !$0.needsSignIn }?.account
    }

    // MARK: - Signing in

    /// Signs in to the PeerTube instance at `address`; `code` once the server asked for it.
    public func signInPeerTube(address: String, username: String, password: String, code: String? = nil) {
        guard let origin = checkedOrigin(address) else { return }
        let name = username.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, !password.isEmpty else {
            return say(.problem(tr("Type your username and password on {server}.", ["server": host(origin)])))
        }
        signingIn?.cancel()
        say(.working(tr("Signing in to {server}…", ["server": host(origin)])))
        signingIn = deps.service.signInPeerTube(origin: origin, username: name, password: password,
                                                twoFactorCode: code) { [weak self] result in
            self?.signedIn(result, origin: origin)
        }
    }

    /// Signs in to the Loops server at `address` in the user's browser.
    public func signInLoops(address: String) {
        guard let origin = checkedOrigin(address) else { return }
        signingIn?.cancel()
        say(.waitingForBrowser(tr("Continue in your browser: sign in to {server} there, and Loopfeed is told.",
                                  ["server": host(origin)])))
        signingIn = deps.service.signInLoops(origin: origin) { [weak self] result in
            self?.signedIn(result, origin: origin)
        }
    }

    /// Stops a sign-in under way (the browser's page is then of no use).
    public func cancelSignIn() {
        signingIn?.cancel()
        signingIn = nil
        asksForCode = false
        say(.idle)
    }

    public var isSigningIn: Bool { signingIn != nil }

    private func checkedOrigin(_ address: String) -> URL? {
        switch SignInAddress.origin(of: address) {
        case .failure(let failure):
            say(.problem(failure.description))
            return nil
        case .success(let origin):
            if let row = rows.first(where: { $0.account.origin == origin }), !row.needsSignIn {
                say(.problem(tr("You are signed in to {server} already, as {name}. Sign out first to use another account.",
                                ["server": host(origin), "name": row.account.username])))
                return nil
            }
            return origin
        }
    }

    private func signedIn(_ result: Result<SignedInAccount, SignInFailure>, origin: URL) {
        signingIn = nil
        switch result {
        case .failure(.needsTwoFactorCode):
            asksForCode = true
            say(.askingCode(SignInFailure.needsTwoFactorCode.description))
        case .failure(.wrongTwoFactorCode):
            asksForCode = true
            say(.problem(SignInFailure.wrongTwoFactorCode.description))
        case .failure(let failure):
            asksForCode = false
            say(.problem(failure.description))
        case .success(let signed):
            asksForCode = false
            keep(signed)
        }
    }

    /// The tokens to the keyring (else this session's memory), then the account to the library.
    private func keep(_ signed: SignedInAccount) {
        let account = signed.account
        let secrets = AccountSecrets(tokens: signed.tokens, clientSecret: signed.clientSecret)
        write(secrets, of: account, to: deps.keyring) { [weak self] failure in
            guard let self else { return }
            guard let failure else { return listed(account, secrets, sessionOnly: false, note: nil) }
            write(secrets, of: account, to: deps.sessionSecrets) { [weak self] _ in
                self?.listed(account, secrets, sessionOnly: true,
                             note: tr("{problem}: you are signed in to {server} until Loopfeed closes.",
                                      ["problem": failure.description, "server": account.host]))
            }
        }
    }

    private func listed(_ account: Account, _ kept: AccountSecrets, sessionOnly: Bool, note: String?) {
        var note = note
        if !sessionOnly {
            do {
                try deps.records.saveAccount(account)
            } catch {
                note = tr("Signed in to {server}, but your library could not keep the account ({error}): it is gone when Loopfeed closes.",
                          ["server": account.host, "error": error])
            }
        }
        secrets[account.origin] = kept
        rows.removeAll { $0.account.origin == account.origin }
        rows.append(Row(account: account, sessionOnly: sessionOnly, needsSignIn: false))
        deps.events?.emit(.signedIn(host: account.host, kind: account.network.rawValue, sessionOnly: sessionOnly))
        onSignedIn?(account)
        say(.done(note ?? tr("Signed in to {server} as {name}.", ["server": account.host, "name": account.displayName])))
        onAccountAdded?(account)
    }

    // MARK: - Signing out

    /// Revokes the account's tokens on its server, then forgets them and the account here. A
    /// server that can't be reached does not keep the account: it is forgotten here, and said.
    public func signOut(_ account: Account) {
        guard let row = rows.first(where: { $0.account.origin == account.origin }) else { return }
        say(.working(tr("Signing out of {server}…", ["server": account.host])))
        loadSecrets(row) { [weak self] loaded in
            guard let self else { return }
            guard case .success(let kept) = loaded else { return forget(row, revoked: nil) }
            _ = deps.service.signOut(account, accessToken: kept.tokens.access) { [weak self] result in
                if case .failure(let failure) = result { self?.forget(row, revoked: failure) } else { self?.forget(row, revoked: nil) }
            }
        }
    }

    private func forget(_ row: Row, revoked failure: SignInFailure?) {
        let account = row.account
        renewals.removeValue(forKey: account.origin)?.cancel()
        answerWaiting(account.origin, .failure(.notSignedIn(host: account.host)))
        secrets[account.origin] = nil
        rows.removeAll { $0.account.origin == account.origin }
        deps.events?.emit(.signedOut(host: account.host, kind: account.network.rawValue))
        var note = failure.map {
            tr("Signed out here; {server} was not told ({problem}), so the sign-in there lasts until it expires.",
               ["server": account.host, "problem": $0.description])
        } ?? tr("Signed out of {server}.", ["server": account.host])
        do {
            if !row.sessionOnly { try deps.records.deleteAccount(origin: account.origin) }
        } catch {
            note = tr("Signed out of {server}, but your library could not forget the account ({error}).",
                      ["server": account.host, "error": error])
        }
        say(.done(note))
        store(for: row).forget(account: account.username, server: account.server) { [weak self] result in
            if case .failure(let problem) = result {
                self?.say(.problem(tr("Signed out of {server}, but its tokens could not be taken from the keyring: {problem}",
                                      ["server": account.host, "problem": problem.description])))
            }
        }
    }

    /// Says what came after a sign-in (what the account follows and likes, brought in) under
    /// the form, after what the sign-in said, unless another sign-in is under way.
    public func tell(_ text: String, isProblem: Bool) {
        guard signingIn == nil else { return }
        let said: String
        if case .done(let before) = status { said = before + " " + text } else { said = text }
        say(isProblem ? .problem(said) : .done(said))
    }

    // MARK: - Helpers

    func say(_ new: Status) {
        status = new
        onChange?()
    }

    func host(_ origin: URL) -> String { RemoteHost.host(of: origin) ?? origin.absoluteString }

    func store(for row: Row) -> any SecretStoring { row.sessionOnly ? deps.sessionSecrets : deps.keyring }

    func replace(_ row: Row) {
        guard let index = rows.firstIndex(where: { $0.account.origin == row.account.origin }) else { return }
        rows[index] = row
        onChange?()
    }
}
