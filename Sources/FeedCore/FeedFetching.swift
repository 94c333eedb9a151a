public import Foundation

/// A document fetched from the web.
public struct FetchedDocument: Sendable, Equatable {
    /// Where it came from after redirects.
    public var url: URL
    public var contentType: String?
    public var etag: String?
    public var lastModified: String?
    public var body: [UInt8]
    /// 304: nothing changed since the etag or date given.
    public var notModified: Bool

    public init(url: URL, contentType: String? = nil, etag: String? = nil, lastModified: String? = nil, body: [UInt8] = [],
                notModified: Bool = false) {
        self.url = url
        self.contentType = contentType
        self.etag = etag
        self.lastModified = lastModified
        self.body = body
        self.notModified = notModified
    }
}

/// Why a fetch failed, in plain words.
public struct FetchFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Fetches feeds and API answers (FeedSources' HTTPFeedFetcher over the app's HTTP client; a fake
/// in tests). Answers on the main loop; nothing waits.
@MainActor
public protocol FeedFetching: AnyObject {
    func fetch(_ url: URL, etag: String?, lastModified: String?,
               then: @escaping @MainActor (Result<FetchedDocument, FetchFailure>) -> Void)
}

/// What adding an address came to.
public enum SubscriptionOutcome: Sendable, Equatable {
    case subscribed(Subscription, added: [Post])
    case alreadySubscribed(Subscription)
    /// An OPML list: the subscriptions it held.
    case imported([Subscription])
    /// A video's own address: one post.
    case video(Post)
    case failed(String)
}

/// Following feeds and channels (FeedSources' SubscriptionService in the app).
@MainActor
public protocol FeedSubscribing: AnyObject {
    /// Adds whatever `url` is: a feed, a page announcing one, a PeerTube channel or account, an
    /// OPML list, or a video.
    func add(_ url: URL, then: @escaping @MainActor (SubscriptionOutcome) -> Void)
    /// Refreshes every subscription, a few at a time; `added` gets each one's new posts, and
    /// `finished`, once every one has answered, those that could not be refreshed (as stored).
    func refreshAll(added: @escaping @MainActor ([Post]) -> Void, finished: @escaping @MainActor ([Subscription]) -> Void)
    /// What is followed, by title.
    func subscriptions() -> [Subscription]
    /// Refreshes one; `done` gets its new posts.
    func refresh(id: Int64, done: @escaping @MainActor ([Post]) -> Void)
    /// Stops following (its posts go, except those liked or commented on).
    func unsubscribe(id: Int64) throws
    /// Notes the channel a subscription follows on its network (and the account it came from).
    func markChannel(id: Int64, _ channel: FollowedChannel) throws
    /// Follows every feed an OPML file on this machine lists.
    func importOPML(file: URL, then: @escaping @MainActor (SubscriptionOutcome) -> Void)
    /// Writes what is followed as an OPML file.
    func exportOPML(to file: URL) throws
    /// The new posts of feeds followed from an OPML list, as each list's feeds are refreshed
    /// (after `add` or `importOPML` answered `.imported`).
    var onImportedPosts: (@MainActor ([Post]) -> Void)? { get set }
}

extension FeedSubscribing {
    /// Refreshes every subscription; `added` gets each one's new posts.
    public func refreshAll(added: @escaping @MainActor ([Post]) -> Void) {
        refreshAll(added: added, finished: { _ in })
    }
}
