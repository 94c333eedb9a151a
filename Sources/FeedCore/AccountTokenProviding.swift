/// Where the outbox's sender learns of an account and gets its bearer token: the accounts side
/// (the keyring's tokens, renewed with the refresh token) implements it; the sender never keeps
/// a token.
@MainActor
public protocol AccountTokenProviding: AnyObject {
    /// The account's network (which API its actions go through); nil when it is not signed in
    /// here: its actions then wait for a sign-in.
    func network(of account: AccountKey) -> RemoteNetwork?

    /// The account's access token now. `renewing`: the server refused the last one (a 401), so
    /// renew it first. `.signInAgain` (or any failure but `.unreachable`) when the account is
    /// signed out or its refresh token is no longer taken: its actions then wait for a sign-in.
    func accessToken(for account: AccountKey, renewing: Bool,
                     then done: @escaping @MainActor (Result<String, SignInFailure>) -> Void)
}
