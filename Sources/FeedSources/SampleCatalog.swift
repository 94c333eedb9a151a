public import Foundation

/// The shipped sample feed, `data/samples/samples.json`. Media paths are relative to the
/// samples directory; stored URIs are `bundle:` + that path, resolved by the app.
public struct SampleCatalog: Sendable, Equatable, Decodable {
    public var authors: [SampleAuthor]
    public var posts: [SamplePost]
    /// Likes, comments and follows on the local user's posts, for the Inbox (none in the bundled
    /// samples: a new user has received nothing; a test library may bring some).
    public var activity: [SampleActivity]

    public init(authors: [SampleAuthor], posts: [SamplePost], activity: [SampleActivity] = []) {
        self.authors = authors
        self.posts = posts
        self.activity = activity
    }

    enum CodingKeys: String, CodingKey { case authors, posts, activity }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        authors = try c.decode([SampleAuthor].self, forKey: .authors)
        posts = try c.decode([SamplePost].self, forKey: .posts)
        activity = try c.decodeIfPresent([SampleActivity].self, forKey: .activity) ?? []
    }

    public init(data: Data) throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        self = try decoder.decode(SampleCatalog.self, from: data)
    }

    public static func load(from url: URL) throws -> SampleCatalog {
        try SampleCatalog(data: Data(contentsOf: url))
    }

    public static let bundleScheme = "bundle:"

    public static func bundleURI(_ relativePath: String) -> String { bundleScheme + relativePath }
}

public struct SampleAuthor: Sendable, Equatable, Decodable {
    public var handle: String
    public var name: String
    public var bio: String
    public var avatar: String?
    public var cover: String?
    public var followers: Int
    public var following: Int
    public var likes: Int
}

public struct SamplePost: Sendable, Equatable, Decodable {
    public var file: String
    public var author: String
    public var caption: String
    public var music: String
    public var width: Int
    public var height: Int
    public var rotation: Int
    public var duration: Double
    public var likes: Int
    public var shares: Int
    public var created: Date
    /// Every comment under the post: its count is what can be read.
    public var commentsSample: [SampleComment]

    enum CodingKeys: String, CodingKey {
        case file, author, caption, music, width, height, rotation, duration, likes, shares, created
        case commentsSample = "comments_sample"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        file = try c.decode(String.self, forKey: .file)
        author = try c.decode(String.self, forKey: .author)
        caption = try c.decode(String.self, forKey: .caption)
        music = try c.decode(String.self, forKey: .music)
        width = try c.decodeIfPresent(Int.self, forKey: .width) ?? 0
        height = try c.decodeIfPresent(Int.self, forKey: .height) ?? 0
        rotation = try c.decodeIfPresent(Int.self, forKey: .rotation) ?? 0
        duration = try c.decodeIfPresent(Double.self, forKey: .duration) ?? 0
        likes = try c.decodeIfPresent(Int.self, forKey: .likes) ?? 0
        shares = try c.decodeIfPresent(Int.self, forKey: .shares) ?? 0
        created = try c.decode(Date.self, forKey: .created)
        commentsSample = try c.decodeIfPresent([SampleComment].self, forKey: .commentsSample) ?? []
    }
}

public struct SampleActivity: Sendable, Equatable, Decodable {
    /// "like", "comment" or "follow".
    public var kind: String
    public var actor: String
    /// The post's file, for likes and comments.
    public var post: String?
    public var text: String?
    public var created: Date
}

public struct SampleComment: Sendable, Equatable, Decodable {
    public var author: String
    public var text: String
    public var likes: Int
    public var created: Date
}
