import Foundation

/// Someone who posts videos. `isSelf` marks the person using this copy of Loopfeed.
public struct Author: Sendable, Equatable, Hashable, Identifiable {
    public var id: Int64
    public var handle: String
    public var name: String
    public var bio: String
    /// A file URI, or a `bundle:` reference resolved by the app against its sample directory.
    public var avatarURI: String?
    public var coverURI: String?
    public var followers: Int
    public var following: Int
    public var likes: Int
    public var isSelf: Bool
    public var isFollowed: Bool

    public init(id: Int64 = 0, handle: String, name: String, bio: String = "",
                avatarURI: String? = nil, coverURI: String? = nil,
                followers: Int = 0, following: Int = 0, likes: Int = 0,
                isSelf: Bool = false, isFollowed: Bool = false) {
        self.id = id
        self.handle = handle
        self.name = name
        self.bio = bio
        self.avatarURI = avatarURI
        self.coverURI = coverURI
        self.followers = followers
        self.following = following
        self.likes = likes
        self.isSelf = isSelf
        self.isFollowed = isFollowed
    }

    /// "@handle", as shown over videos.
    public var atHandle: String { "@" + handle }

    /// The author of the user's own files (opened, chosen, dropped, in a library folder): a
    /// collection, not a person.
    public static let localFilesHandle = "local"

    /// Whether the feed offers a "+" to follow them: a person other than the user, not yet
    /// followed (never "Local files").
    public var showsFollowBadge: Bool { !isSelf && !isFollowed && handle != Self.localFilesHandle }
}
