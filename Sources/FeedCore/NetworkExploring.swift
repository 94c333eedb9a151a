/// What Discover asks of the networks the user reads (PeerTube instances, Loops servers, a
/// PeerTube search index): videos and channels, merged across servers, filtered vertical-first,
/// a page at a time. Answers come on the main loop; a server that fails is said in the answer,
/// the others' results still come.
@MainActor
public protocol NetworkExploring: AnyObject {
    /// The servers asked (the search index among them while it is on); the user's choice in
    /// Preferences changes them.
    var servers: [RemoteServer] { get set }
    /// Videos for a query or a shelf, the page after `cursor` (nil: the first).
    @discardableResult
    func videos(_ query: ExploreQuery, after cursor: ExploreCursor?,
                then: @escaping @MainActor (ExploreAnswer<RemoteVideo>) -> Void) -> any NetworkRequest
    /// Channels and accounts whose names match `text`.
    @discardableResult
    func channels(matching text: String, after cursor: ExploreCursor?,
                  then: @escaping @MainActor (ExploreAnswer<RemoteChannel>) -> Void) -> any NetworkRequest
    /// The tags the servers offer to explore (Loops' explore tags), most used first.
    @discardableResult
    func tags(then: @escaping @MainActor (ExploreAnswer<RemoteTag>) -> Void) -> any NetworkRequest
    /// A channel's or account's page (header, counts, description) as its server has it.
    @discardableResult
    func channel(_ actor: RemoteActor, then: @escaping @MainActor (Result<RemoteChannel, NetworkFailure>) -> Void)
        -> any NetworkRequest
    /// A channel's videos, newest first.
    @discardableResult
    func channelVideos(_ channel: RemoteChannel, filter: VerticalFilter, after cursor: ExploreCursor?,
                       then: @escaping @MainActor (ExploreAnswer<RemoteVideo>) -> Void) -> any NetworkRequest
    /// A list's summary made playable (`needsDetails`: PeerTube lists carry no files): the
    /// video's own document, from the server its identity names. A video that needs nothing
    /// comes back as it is.
    @discardableResult
    func details(of video: RemoteVideo, then: @escaping @MainActor (Result<RemoteVideo, NetworkFailure>) -> Void)
        -> any NetworkRequest
}

/// What a Discover page asks for: typed words, or one of the shelves shown before anything is
/// typed; with the vertical-first filter and whether to keep to the instances' own videos.
public struct ExploreQuery: Sendable, Equatable {
    public enum Shelf: Sendable, Equatable, Hashable {
        /// PeerTube's -trending, -hot and -publishedAt; Loops' web feed for the first two.
        case trending, hot, newest
        /// Videos tagged so (PeerTube's tagsOneOf, Loops' tag feed).
        case tag(String)
    }

    public enum Subject: Sendable, Equatable, Hashable {
        case search(String)
        case shelf(Shelf)
    }

    public var subject: Subject
    public var filter: VerticalFilter
    /// Only the videos each instance hosts itself (PeerTube's isLocal), not those it federates.
    public var localOnly: Bool

    public init(_ subject: Subject, filter: VerticalFilter = VerticalFilter(), localOnly: Bool = false) {
        self.subject = subject
        self.filter = filter
        self.localOnly = localOnly
    }
}

/// Where each server's listing stopped: the next page asks each for its own next page.
public struct ExploreCursor: Sendable, Equatable, Hashable {
    /// By server (its base URL): the page to ask for next.
    public var pages: [String: RemotePageCursor]
    /// What the pages so far gave (videos' and channels' keys): a later page of one server
    /// lists what an earlier page of another gave, and Loops lists its pinned videos again.
    public var seen: Set<String>

    public init(pages: [String: RemotePageCursor], seen: Set<String> = []) {
        self.pages = pages
        self.seen = seen
    }
}

/// A page of what the servers answered, merged: the same video or channel listed by several
/// servers appears once; what the filter hid is counted; a server that failed is said.
public struct ExploreAnswer<Item: Sendable & Equatable>: Sendable, Equatable {
    public var items: [Item]
    /// nil when no server has more.
    public var next: ExploreCursor?
    /// How many the filter (shape, length, live, sensitive) left out of this page.
    public var hidden: Int
    public var failures: [NetworkFailure]

    public init(items: [Item], next: ExploreCursor? = nil, hidden: Int = 0, failures: [NetworkFailure] = []) {
        self.items = items
        self.next = next
        self.hidden = hidden
        self.failures = failures
    }
}
