public import FeedCore
public import Foundation
import Localization

/// Following feeds and channels on the networks that already exist: adding an address (a
/// feed, a page announcing one, a PeerTube channel or account page, an OPML list, a video),
/// and refreshing, at most four at a time, with conditional GETs. Each entry with a video
/// becomes a post once (one that can't play here too, its page saying why: `UnplayableVideo`);
/// a `feed_refreshed` event tells each refresh. Network work is the fetcher's (the app's HTTP
/// client, on the main loop); reading what it brings is the reader's and storing its entries the
/// entry store's, both off the main thread in the app (a feed may be 10 MB).
@MainActor
public final class SubscriptionService: FeedSubscribing {
    public typealias Library = FeedRepository & SubscriptionRepository
    static let concurrentRefreshes = 4
    /// How many older pages of a paged feed (a Loops account) a refresh reads beyond the first.
    static let olderPages = 3

    private let library: any Library
    private let fetcher: any FeedFetching
    private let events: EventSink?
    /// The window's size in device pixels: the rendition chosen first is the smallest whose
    /// short side covers its short side (PlaybackChoice); the others are kept for a fallback.
    private let window: @MainActor () -> PixelSize
    private let now: @Sendable () -> Date
    /// Reads what the fetcher brings, off the main thread in the app.
    private let reader: any FeedDocumentReading
    /// Stores a feed's entries (a worker in the app); nil: the library, on the spot.
    private let entryStore: (any FeedEntryStoring)?

    public init(library: any Library, fetcher: any FeedFetching, reader: any FeedDocumentReading,
                entryStore: (any FeedEntryStoring)? = nil,
                events: EventSink?, window: @escaping @MainActor () -> PixelSize = { PixelSize(width: 450, height: 800) },
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.library = library
        self.fetcher = fetcher
        self.reader = reader
        self.entryStore = entryStore
        self.events = events
        self.window = window
        self.now = now
    }

    public func add(_ url: URL, then: @escaping @MainActor (SubscriptionOutcome) -> Void) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
            return then(.failed(tr("Only web addresses (http or https) can be followed.")))
        }
        if let existing = try? library.subscription(url: url.absoluteString) { return then(.alreadySubscribed(existing)) }
        if Self.isVideoFile(url) { return then(addVideo(url)) }
        if let resolved = PeerTubeAddress(url) { return resolve(resolved, then: then) }
        fetcher.fetch(url, etag: nil, lastModified: nil) { [weak self] result in
            self?.added(url, result, followedPage: false, then: then)
        }
    }

    private func added(_ url: URL, _ result: Result<FetchedDocument, FetchFailure>, followedPage: Bool,
                       then: @escaping @MainActor (SubscriptionOutcome) -> Void) {
        let fetched: FetchedDocument
        switch result {
        case .failure(let failure): return then(.failed(failure.description))
        case .success(let document): fetched = document
        }
        reader.read(fetched.body, base: fetched.url) { [weak self] read in
            switch read {
            case .failure(let failure): then(.failed(failure.description))
            case .success(let document): self?.added(url, fetched, document, followedPage: followedPage, then: then)
            }
        }
    }

    private func added(_ url: URL, _ fetched: FetchedDocument, _ document: FeedDocument, followedPage: Bool,
                       then: @escaping @MainActor (SubscriptionOutcome) -> Void) {
        switch document {
        case .feed(let feed):
            if let existing = try? library.subscription(url: url.absoluteString) { return then(.alreadySubscribed(existing)) }
            do {
                let subscription = try library.insertSubscription(url: url.absoluteString, title: feed.title)
                store(feed, fetched, in: subscription) { [weak self] posts in
                    then(.subscribed((try? self?.library.subscription(url: url.absoluteString)) ?? subscription, added: posts))
                }
            } catch {
                then(.failed(tr("The subscription could not be saved: {reason}", ["reason": error])))
            }
        case .page(let feeds):
            guard !followedPage, let feed = feeds.first else {
                return then(.failed(tr("This page announces no video feed.")))
            }
            if let existing = try? library.subscription(url: feed.absoluteString) { return then(.alreadySubscribed(existing)) }
            fetcher.fetch(feed, etag: nil, lastModified: nil) { [weak self] result in
                self?.added(feed, result, followedPage: true, then: then)
            }
        case .subscriptions(let outlines):
            importOutlines(outlines, then: then)
        case .other:
            if fetched.contentType?.lowercased().hasPrefix("video/") == true { return then(addVideo(url)) }
            then(.failed(tr("This address is neither a video nor a feed.")))
        }
    }

    private func importOutlines(_ outlines: [OPMLOutline], then: @escaping @MainActor (SubscriptionOutcome) -> Void) {
        var made: [Subscription] = []
        for outline in outlines {
            if let stored = try? library.insertSubscription(url: outline.feedURL.absoluteString, title: outline.title) {
                made.append(stored)
            }
        }
        then(.imported(made))
        refresh(made) { [weak self] posts in self?.onImportedPosts?(posts) }
    }

    private func resolve(_ address: PeerTubeAddress, then: @escaping @MainActor (SubscriptionOutcome) -> Void) {
        switch address {
        case .feed(let feed):
            add(feed, then: then)
        case .loopsAccount(let api, let origin):
            fetcher.fetch(api, etag: nil, lastModified: nil) { [weak self] result in
                guard let self else { return }
                guard case .success(let answer) = result, let id = LoopsFeedParser.accountID(in: answer.body),
                      let feed = URL(string: "\(origin)/api/v1/feed/account/\(id)") else {
                    return then(.failed(tr("This Loops account could not be found.")))
                }
                add(feed, then: then)
            }
        case .channelLookup(let api, let origin):
            fetcher.fetch(api, etag: nil, lastModified: nil) { [weak self] result in
                guard let self else { return }
                guard case .success(let answer) = result,
                      let id = (try? JSONSerialization.jsonObject(with: Data(answer.body))) .flatMap({ ($0 as? [String: Any])?["id"] }) else {
                    return then(.failed(tr("This PeerTube channel could not be found.")))
                }
                guard let feed = URL(string: "\(origin)/feeds/videos.xml?videoChannelId=\(id)") else {
                    return then(.failed(tr("This PeerTube channel could not be found.")))
                }
                add(feed, then: then)
            }
        }
    }

    private func addVideo(_ url: URL) -> SubscriptionOutcome {
        do {
            guard let post = try LocalImporter(repository: library, now: now).importSources([.remote(url)]).first else {
                return .failed(tr("The video could not be added."))
            }
            return .video(post)
        } catch {
            return .failed(tr("The video could not be added: {reason}", ["reason": error]))
        }
    }

    /// A video's own address (by its name), which is one post rather than a feed to follow.
    public static func isVideoFile(_ url: URL) -> Bool {
        ["mp4", "m4v", "webm", "mov", "mkv", "ogv"].contains(url.pathExtension.lowercased())
    }

    public func subscriptions() -> [Subscription] { (try? library.subscriptions()) ?? [] }

    public func refresh(id: Int64, done: @escaping @MainActor ([Post]) -> Void) {
        guard let subscription = subscriptions().first(where: { $0.id == id }) else { return done([]) }
        refresh(subscription, done: done)
    }

    public var onImportedPosts: (@MainActor ([Post]) -> Void)?

    /// Told the video addresses of a subscription that went (the app empties them from the cache).
    public var videosLeft: @MainActor ([String]) -> Void = { _ in }

    public func unsubscribe(id: Int64) throws { videosLeft(try library.deleteSubscription(id: id)) }

    public func markChannel(id: Int64, _ channel: FollowedChannel) throws { try library.markChannel(subscriptionID: id, channel) }

    public func importOPML(file: URL, then: @escaping @MainActor (SubscriptionOutcome) -> Void) {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            return then(.failed(tr("“{file}” can’t be read.", ["file": file.lastPathComponent])))
        }
        guard case .subscriptions(let outlines)? = try? FeedDocument.read(Array(data), base: nil) else {
            return then(.failed(tr("“{file}” is not an OPML list of feeds.", ["file": file.lastPathComponent])))
        }
        importOutlines(outlines, then: then)
    }

    public func exportOPML(to file: URL) throws {
        let outlines = subscriptions().compactMap { subscription in
            URL(string: subscription.url).map { OPMLOutline(feedURL: $0, title: subscription.title) }
        }
        // TRANSLATORS: the title inside an exported list of subscriptions.
        try Data(OPML.write(outlines, title: tr("Loopfeed subscriptions")).utf8).write(to: file, options: .atomic)
    }

    public func refreshAll(added: @escaping @MainActor ([Post]) -> Void, finished: @escaping @MainActor ([Subscription]) -> Void) {
        refresh((try? library.subscriptions()) ?? [], added: added, finished: finished)
    }

    /// Refreshes `subscriptions`, `concurrentRefreshes` at a time; `finished` gets those whose
    /// refresh failed once the last has answered.
    func refresh(_ subscriptions: [Subscription], added: @escaping @MainActor ([Post]) -> Void,
                 finished: @escaping @MainActor ([Subscription]) -> Void = { _ in }) {
        var waiting = subscriptions[...]
        var answering = subscriptions.count
        let refreshed = Set(subscriptions.map(\.id))
        guard answering > 0 else { return finished([]) }
        func next() {
            guard let subscription = waiting.popFirst() else { return }
            refresh(subscription) { [weak self] posts in
                if !posts.isEmpty { added(posts) }
                answering -= 1
                if answering == 0 {
                    // A failed refresh is recorded with its reason before it answers.
                    finished((self?.subscriptions() ?? []).filter { refreshed.contains($0.id) && $0.lastError != nil })
                }
                next()
            }
        }
        for _ in 0..<Self.concurrentRefreshes { next() }
    }

    private func refresh(_ subscription: Subscription, done: @escaping @MainActor ([Post]) -> Void) {
        guard let url = URL(string: subscription.url) else { return done([]) }
        fetcher.fetch(url, etag: subscription.etag, lastModified: subscription.lastModified) { [weak self] result in
            guard let self else { return }
            switch result {
            case .failure(let failure):
                failed(subscription, failure.description) { done([]) }
            case .success(let fetched) where fetched.notModified:
                record(RefreshRecord(at: now()), of: subscription) { [events] in
                    events?.emit(.feedRefreshed(url: subscription.url, items: 0, added: 0, error: nil))
                    done([])
                }
            case .success(let fetched):
                reader.read(fetched.body, base: fetched.url) { [weak self] read in
                    guard let self else { return }
                    guard case .success(.feed(let feed)) = read else {
                        return failed(subscription, tr("The feed can’t be read any more.")) { done([]) }
                    }
                    store(feed, fetched, in: subscription, then: done)
                }
            }
        }
    }

    private func failed(_ subscription: Subscription, _ reason: String, then: @escaping @MainActor () -> Void) {
        record(RefreshRecord(error: reason, at: now()), of: subscription) { [events] in
            events?.emit(.feedRefreshed(url: subscription.url, items: 0, added: 0, error: reason))
            then()
        }
    }

    /// Writes how the refresh went: on the entry store's worker when there is one, after the
    /// entries it stored (a main-thread write waited there for its transactions); then tells.
    private func record(_ record: RefreshRecord, of subscription: Subscription, then: @escaping @MainActor () -> Void) {
        guard let entryStore else {
            try? library.recordRefresh(subscriptionID: subscription.id, record)
            return then()
        }
        entryStore.recordRefresh(subscriptionID: subscription.id, record) { then() }
    }

    /// The feed's video entries as posts (each once), and its older pages; what was new.
    private func store(_ feed: ParsedFeed, _ fetched: FetchedDocument, in subscription: Subscription,
                       then: @escaping @MainActor ([Post]) -> Void) {
        let first = FeedPageFacts(feed, fetched)
        storeEntries(feed, in: subscription) { [weak self] added in
            self?.storeOlderPages(after: first, newOnPage: added.count, first: first, in: subscription, found: added,
                                  then: then)
        }
    }

    private func storeEntries(_ feed: ParsedFeed, in subscription: Subscription, then: @escaping @MainActor ([Post]) -> Void) {
        let posts = FeedEntryPosts(feed: feed, subscription: subscription, window: window(), arrival: now())
        guard let entryStore else { return then(library.storeEntries(posts.make())) }
        entryStore.store(posts.make) { then($0) }
    }

    private func recordRefresh(_ page: FeedPageFacts, in subscription: Subscription, added: [Post],
                               then: @escaping @MainActor () -> Void) {
        record(RefreshRecord(title: page.title.isEmpty ? nil : page.title, imageURL: page.imageURL?.absoluteString,
                             etag: page.etag, lastModified: page.lastModified, newCount: added.count, at: now()),
               of: subscription) { [events] in
            events?.emit(.feedRefreshed(url: subscription.url, items: page.entryCount, added: added.count, error: nil))
            then()
        }
    }

    /// A paged feed (Loops): its older pages while each brought only new videos (one already
    /// stored means the older ones are too), up to `olderPages` of them. Then the refresh is
    /// recorded and reported with everything it added.
    private func storeOlderPages(after page: FeedPageFacts, newOnPage: Int, first: FeedPageFacts,
                                 in subscription: Subscription, found: [Post], pages: Int = 0,
                                 then: @escaping @MainActor ([Post]) -> Void) {
        let finish = { [weak self] in
            guard let self else { return then(found) }
            recordRefresh(first, in: subscription, added: found) { then(found) }
        }
        guard let next = page.nextPage, pages < Self.olderPages, newOnPage > 0, newOnPage == page.entryCount else {
            return finish()
        }
        fetcher.fetch(next, etag: nil, lastModified: nil) { [weak self] result in
            guard let self, case .success(let fetched) = result else { return finish() }
            reader.read(fetched.body, base: fetched.url) { [weak self] read in
                guard let self, case .success(.feed(let older)) = read else { return finish() }
                let olderPage = FeedPageFacts(older, fetched)
                storeEntries(older, in: subscription) { [weak self] added in
                    self?.storeOlderPages(after: olderPage, newOnPage: added.count, first: first, in: subscription,
                                          found: found + added, pages: pages + 1, then: then)
                }
            }
        }
    }

    /// "Blender Studio" on video.example is @blender.studio@video.example; the part before
    /// the host is no longer than a handle of one's own may be.
}

/// PeerTube and Loops addresses that name a channel or an account rather than its feed.
enum PeerTubeAddress {
    case feed(URL)
    /// The channel's id comes from the public API first.
    case channelLookup(api: URL, origin: String)
    /// A Loops profile (`/@name`): its id from `/api/v1/account/username/NAME`, then its videos
    /// from `/api/v1/feed/account/ID`.
    case loopsAccount(api: URL, origin: String)

    /// scheme://host[:port] of an address, as given: an http server stays http, and its port stays.
    static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else { return nil }
        let port = url.port.map { ":\($0)" } ?? ""
        return "\(scheme)://\(host.contains(":") ? "[\(host)]" : host)\(port)"
    }

    init?(_ url: URL) {
        guard let origin = Self.origin(of: url) else { return nil }
        let parts = url.path.split(separator: "/").map(String.init)
        if parts.count == 1, parts[0].hasPrefix("@"), parts[0].count > 1, !parts[0].dropFirst().contains("@"),
           let api = URL(string: "\(origin)/api/v1/account/username/\(parts[0].dropFirst())") {
            self = .loopsAccount(api: api, origin: origin)
            return
        }
        guard parts.count >= 2 else { return nil }
        let name = parts[1]
        switch parts[0] {
        case "c", "video-channels":
            guard let api = URL(string: "\(origin)/api/v1/video-channels/\(name)") else { return nil }
            self = .channelLookup(api: api, origin: origin)
        case "a", "accounts":
            guard let feed = URL(string: "\(origin)/feeds/videos.xml?accountName=\(name)") else { return nil }
            self = .feed(feed)
        default:
            return nil
        }
    }
}
