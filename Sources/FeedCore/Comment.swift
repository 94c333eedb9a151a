public import Foundation

/// A comment under a post.
public struct Comment: Sendable, Equatable, Hashable, Identifiable {
    public var id: Int64
    public var postID: Int64
    public var author: Author
    public var text: String
    public var likeCount: Int
    public var liked: Bool
    public var created: Date

    public init(id: Int64 = 0, postID: Int64, author: Author, text: String,
                likeCount: Int = 0, liked: Bool = false, created: Date) {
        self.id = id
        self.postID = postID
        self.author = author
        self.text = text
        self.likeCount = likeCount
        self.liked = liked
        self.created = created
    }
}

extension Comment {
    /// The id the outbox knows this comment by until its server gives one: the library's id with
    /// the moment it was written, as a row id can be given again after the last row is deleted.
    public var outboxID: String { "\(id)-\(Int64((created.timeIntervalSince1970 * 1000).rounded()))" }
}
