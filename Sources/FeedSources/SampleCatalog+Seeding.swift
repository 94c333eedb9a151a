public import FeedCore

public enum SampleCatalogError: Error, Equatable, CustomStringConvertible {
    /// A post or comment names an author that is neither in the catalog nor stored.
    case unknownAuthor(handle: String, usedBy: String)
    /// An activity entry is malformed: unknown kind, or a post that is not in the catalog.
    case badActivity(String)

    public var description: String {
        switch self {
        case .unknownAuthor(let handle, let usedBy):
            "samples.json: \(usedBy) names author @\(handle), who is not in the catalog"
        case .badActivity(let detail):
            "samples.json: activity \(detail)"
        }
    }
}

extension SampleCatalog {
    /// Stores the sample authors, posts and comments, but only into an empty feed, so it is
    /// safe to call on every start. Returns how many posts were added.
    @discardableResult
    public func seed(into repository: any FeedRepository) throws -> Int {
        guard try repository.postCount() == 0 else { return 0 }
        // Check every reference first so a bad catalog adds nothing rather than half a feed.
        let known = Set(authors.map(\.handle))
        func requireAuthor(_ handle: String, usedBy: String) throws {
            if !known.contains(handle), try repository.author(handle: handle) == nil {
                throw SampleCatalogError.unknownAuthor(handle: handle, usedBy: usedBy)
            }
        }
        for post in posts {
            try requireAuthor(post.author, usedBy: post.file)
            for comment in post.commentsSample {
                try requireAuthor(comment.author, usedBy: "a comment on \(post.file)")
            }
        }

        let files = Set(posts.map(\.file))
        for entry in activity {
            try requireAuthor(entry.actor, usedBy: "activity")
            guard Activity.Kind(rawValue: entry.kind) != nil else { throw SampleCatalogError.badActivity("kind \(entry.kind)") }
            if let post = entry.post, !files.contains(post) { throw SampleCatalogError.badActivity("post \(post)") }
        }

        for author in authors {
            try repository.insertAuthor(Author(
                handle: author.handle, name: author.name, bio: author.bio,
                avatarURI: author.avatar.map(Self.bundleURI), coverURI: author.cover.map(Self.bundleURI),
                followers: author.followers, following: author.following, likes: author.likes))
        }
        var stored: [String: Int64] = [:]
        for sample in posts {
            // Each stored comment adds one to the post's count: it counts what can be read.
            let post = try repository.insertPost(NewPost(
                authorHandle: sample.author, caption: sample.caption, music: sample.music,
                videoURI: Self.bundleURI(sample.file), width: sample.width, height: sample.height,
                rotation: sample.rotation, duration: sample.duration, likeCount: sample.likes,
                commentCount: 0,
                shareCount: sample.shares, created: sample.created))
            stored[sample.file] = post.id
            for comment in sample.commentsSample {
                try repository.insertComment(postID: post.id, authorHandle: comment.author,
                                             text: comment.text, likeCount: comment.likes,
                                             created: comment.created)
            }
        }
        for entry in activity {
            guard let kind = Activity.Kind(rawValue: entry.kind) else { continue }
            // A comment in the Inbox is also a comment under the post.
            if kind == .comment, let file = entry.post, let postID = stored[file], let text = entry.text {
                try repository.insertComment(postID: postID, authorHandle: entry.actor, text: text,
                                             likeCount: 0, created: entry.created)
            }
            try repository.recordActivity(kind: kind, actorHandle: entry.actor, postID: entry.post.flatMap { stored[$0] },
                                          text: entry.text, created: entry.created)
        }
        return posts.count
    }
}
