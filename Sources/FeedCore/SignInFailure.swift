import Localization

/// Why signing in (or renewing a token) did not work, in words the sign-in form can say.
/// Never carries a password or a token.
public enum SignInFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not an http(s) address, or plain http to anything but this computer.
    case insecureAddress(String)
    /// The address answers, but not as the kind of server asked for.
    case notThatServer(host: String, kind: String)
    case wrongCredentials
    /// The account has two-factor authentication: ask for its code and try again.
    case needsTwoFactorCode
    case wrongTwoFactorCode
    /// The refresh token was refused (expired, revoked): sign in again.
    case signInAgain
    /// The server refused for another reason, in its own words when it gave them.
    case refused(host: String, status: Int, message: String?)
    case unreachable(host: String, HTTPFailure)
    /// The browser's sign-in page was turned down, or never came back.
    case notApproved
    case browserDidNotAnswer
    /// No port on this computer could be opened for the browser to come back to.
    case cannotListen
    /// No account on that server (never signed in, or signed out).
    case notSignedIn(host: String)
    /// The keyring holding the account's tokens could not be read (its words, `SecretStoreFailure`).
    case keyringUnavailable(String)

    public var description: String {
        switch self {
        case .insecureAddress(let address):
            tr("{address} is not a secure (https) address; Loopfeed signs in only over https",
               ["address": address])
        case .notThatServer(let host, let kind):
            // TRANSLATORS: {kind} is "PeerTube" or "Loops".
            tr("{host} is not a {kind} server", ["host": host, "kind": kind])
        case .wrongCredentials: tr("The username or password is not right")
        case .needsTwoFactorCode: tr("This account asks for the code from its two-factor app")
        case .wrongTwoFactorCode: tr("That two-factor code is not right")
        case .signInAgain: tr("The server no longer accepts this sign-in; sign in again")
        case .refused(let host, let status, let message):
            message.map { tr("{server} said no: {message}", ["server": host, "message": $0]) }
                ?? tr("{server} said no ({status})", ["server": host, "status": String(status)])
        case .unreachable(let host, let failure):
            tr("{server} can’t be reached: {reason}", ["server": host, "reason": failure.description])
        case .notApproved: tr("The sign-in was not approved in the browser")
        case .browserDidNotAnswer: tr("The browser did not come back within 5 minutes; try again")
        case .notSignedIn(let host): tr("You are not signed in to {server}", ["server": host])
        case .keyringUnavailable(let reason): reason
        case .cannotListen: tr("Loopfeed could not open a port on this computer for the browser to come back to")
        }
    }
}
