public import FeedCore
import Foundation

/// The Inbox's state and decisions: the activity newest first with the post each is about, the
/// unseen count for the tab's badge, and where a click leads.
@MainActor
public final class InboxStore {
    public struct Item: Equatable {
        public let activity: Activity
        /// The post it is about, if it still exists (a follow is about nobody's post).
        public let post: Post?
    }

    public enum Destination: Equatable {
        case post(Post, openComments: Bool)
        case profile(Author)
    }

    public private(set) var items: [Item] = []
    private let repository: FeedRepository

    public init(repository: FeedRepository) {
        self.repository = repository
    }

    public var unseenCount: Int { (try? repository.unseenActivityCount()) ?? 0 }

    /// Loads the inbox as it is, then marks it seen: the items keep their "new" mark for this
    /// visit, and the badge clears.
    public func open() {
        let activity = (try? repository.activity(limit: 200)) ?? []
        items = activity.map { Item(activity: $0, post: $0.postID.flatMap { try? repository.post(id: $0) }) }
        try? repository.markActivitySeen()
    }

    /// A comment opens its post with the comments; a like its post; a follow the follower.
    public func destination(of item: Item) -> Destination {
        guard let post = item.post else { return .profile(item.activity.actor) }
        return .post(post, openComments: item.activity.kind == .comment)
    }
}
