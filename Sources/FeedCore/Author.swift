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
    /// The user follows them: in person, or through a feed or channel of theirs they follow.
    public var isFollowed: Bool
    /// Followed through a followed feed or channel (unfollowed there, in Following).
    public var isFollowedThroughFeed: Bool

    public init(id: Int64 = 0, handle: String, name: String, bio: String = "",
                avatarURI: String? = nil, coverURI: String? = nil,
                followers: Int = 0, following: Int = 0, likes: Int = 0,
                isSelf: Bool = false, isFollowed: Bool = false, isFollowedThroughFeed: Bool = false) {
        self.isFollowedThroughFeed = isFollowedThroughFeed
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

    /// "@handle", the whole address (a profile, screen readers, tooltips).
    public var atHandle: String { "@" + handle }

    /// The handle as shown over a video: someone on another server by their name there alone
    /// ("@blender" for blender@video.example), as their own server and TikTok show it; the
    /// profile and screen readers have the whole address.
    public var shownHandle: String {
        guard let name = handle.split(separator: "@").first, handle.contains("@") else { return atHandle }
        return "@" + name
    }

    /// The author of the user's own files (opened, chosen, dropped, in a library folder): a
    /// collection, not a person.
    public static let localFilesHandle = "local"

    /// Whether the feed offers a "+" to follow them: a person other than the user, not yet
    /// followed (never "Local files").
    public var showsFollowBadge: Bool { !isSelf && !isFollowed && handle != Self.localFilesHandle }
}
