/// What an account already follows and likes on its server, read when it signs in (issue 23):
/// its channels join Following as the account's, and its liked videos show as liked here.
public struct AccountLibrary: Sendable, Equatable {
    public var channels: [RemoteChannel]
    public var liked: [RemotePostRef]

    public init(channels: [RemoteChannel] = [], liked: [RemotePostRef] = []) {
        self.channels = channels
        self.liked = liked
    }
}

/// Why an account's follows or likes could not be read, in plain words.
public struct AccountLibraryFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// Reads an account's follows and likes from its server, page after page (FeedSources'
/// AccountLibraryReader in the app).
@MainActor
public protocol AccountLibraryReading: AnyObject {
    @discardableResult
    func read(_ account: Account, token: String,
              then done: @escaping @MainActor (Result<AccountLibrary, AccountLibraryFailure>) -> Void) -> any NetworkRequest
}

/// The library's side: the videos an account likes are kept, so a post of one shows as liked
/// now and whenever it is stored later (from a feed, from exploring).
public protocol AccountLikesStoring: AnyObject {
    /// Keeps `videos` as liked by `account` ("name@host"); how many posts here became liked.
    @discardableResult
    func keepAccountLikes(_ videos: [RemotePostRef], account: String) throws -> Int
}
