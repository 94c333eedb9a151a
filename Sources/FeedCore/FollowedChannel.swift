/// The channel or account a subscription follows on its network, when known: what an unfollow
/// tells the account, and the account it was brought from at sign-in (Following shows it).
public struct FollowedChannel: Sendable, Equatable {
    public var kind: RemoteActor.Kind
    public var name: String
    public var host: String
    /// "name@host" of the account whose subscription it was when it was brought in; nil when
    /// followed here.
    public var account: String?

    public init(kind: RemoteActor.Kind, name: String, host: String, account: String? = nil) {
        self.kind = kind
        self.name = name
        self.host = host
        self.account = account
    }

    public init(_ actor: RemoteActor, account: String? = nil) {
        self.init(kind: actor.kind, name: actor.name, host: actor.host, account: account)
    }

    public var handle: String { "\(name)@\(host)" }

    /// As an actor, shown as `title`.
    public func actor(title: String) -> RemoteActor {
        RemoteActor(kind: kind, name: name, displayName: title, host: host)
    }
}
