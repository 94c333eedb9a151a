public import Foundation

/// What signing in to an account gives: a bearer token for the API and the token that renews
/// it, each with when it stops working. Kept in the keyring (`SecretStoring`), never in a file.
public struct AccountTokens: Equatable, Sendable {
    public var access: String
    public var refresh: String
    public var accessExpires: Date
    /// nil where the server does not say (Loops' tokens last a year).
    public var refreshExpires: Date?

    public init(access: String, refresh: String, accessExpires: Date, refreshExpires: Date?) {
        self.access = access
        self.refresh = refresh
        self.accessExpires = accessExpires
        self.refreshExpires = refreshExpires
    }

    /// Renewed a minute before it would be refused, so a request is not sent with a token that
    /// dies on the way.
    public func accessNeedsRenewal(at now: Date) -> Bool {
        now.addingTimeInterval(60) >= accessExpires
    }

    /// The refresh token is past its time: only signing in again helps.
    public func refreshExpired(at now: Date) -> Bool {
        refreshExpires.map { now >= $0 } ?? false
    }
}

/// The OAuth client a server gave this app (PeerTube: one per instance, `oauth-clients/local`).
public struct OAuthClient: Equatable, Sendable {
    public var id: String
    public var secret: String

    public init(id: String, secret: String) {
        self.id = id
        self.secret = secret
    }
}
