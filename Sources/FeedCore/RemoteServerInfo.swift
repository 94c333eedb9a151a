/// What `/api/v1/config` says a server is: PeerTube and Loops both answer it, differently.
public struct RemoteServerInfo: Sendable, Equatable {
    public var network: RemoteNetwork
    /// The server's name (one line).
    public var name: String
    /// "7.0.1", "1.0.0"; nil when not given.
    public var version: String?
    /// Its short description (plain text).
    public var description: String
    /// PeerTube: the instance hides sensitive videos from lists unless asked (`do_not_list`).
    public var hidesSensitiveByDefault: Bool

    public init(network: RemoteNetwork, name: String, version: String? = nil, description: String = "",
                hidesSensitiveByDefault: Bool = false) {
        self.network = network
        self.name = name
        self.version = version
        self.description = description
        self.hidesSensitiveByDefault = hidesSensitiveByDefault
    }
}

/// An error a network answered in its own form (PeerTube's problem+json, Loops' `error` or
/// `message`), as far as it can be read.
public struct RemoteProblem: Sendable, Equatable {
    /// The HTTP status the body gives (PeerTube's `status`, Loops' `error.code`), when it gives one.
    public var status: Int?
    /// PeerTube's `code` ("invalid_token"), when given.
    public var code: String?
    /// The server's words (one line, at most a caption's length): not for the user as they
    /// are, but for the log.
    public var message: String
    /// Seconds to wait, when the body says (Loops' `retry_after`); the header says it too.
    public var retryAfter: Int?
    /// The parameters the server refused (PeerTube's `invalid-params`, Loops' `errors`).
    public var invalidParameters: [String]

    public init(status: Int? = nil, code: String? = nil, message: String, retryAfter: Int? = nil, invalidParameters: [String] = []) {
        self.status = status
        self.code = code
        self.message = message
        self.retryAfter = retryAfter
        self.invalidParameters = invalidParameters
    }
}
