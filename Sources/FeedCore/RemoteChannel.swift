public import Foundation

/// A channel page: a PeerTube channel or account, or a Loops profile, with what the profile
/// layout shows and where its videos and its feed are.
public struct RemoteChannel: Sendable, Equatable {
    public var actor: RemoteActor
    public var bannerURL: URL?
    public var followers: Int?
    public var following: Int?
    /// Plain text, line breaks kept, at most a caption's length; links stay as text.
    public var description: String
    /// How many videos it has, where the network says (Loops).
    public var videoCount: Int?
    /// Likes over all its videos, where the network says (Loops).
    public var likes: Int?
    /// The API address of its videos' first page (PeerTube's `/video-channels/{handle}/videos`
    /// or `/accounts/{handle}/videos` on the server that answered; Loops' account feed).
    public var videosURL: URL
    /// The feed Follow subscribes to: PeerTube's `/feeds/videos.xml?videoChannelId=` (or
    /// `videoChannelName=`/`accountName=` on the origin) and Loops' `/api/v1/feed/account/{id}`.
    public var feedURL: URL?
    /// A PeerTube channel's account.
    public var owner: RemoteActor?
    public var created: Date?

    public init(actor: RemoteActor, bannerURL: URL? = nil, followers: Int? = nil, following: Int? = nil,
                description: String = "", videoCount: Int? = nil, likes: Int? = nil, videosURL: URL,
                feedURL: URL? = nil, owner: RemoteActor? = nil, created: Date? = nil) {
        self.actor = actor
        self.bannerURL = bannerURL
        self.followers = followers
        self.following = following
        self.description = description
        self.videoCount = videoCount
        self.likes = likes
        self.videosURL = videosURL
        self.feedURL = feedURL
        self.owner = owner
        self.created = created
    }
}
