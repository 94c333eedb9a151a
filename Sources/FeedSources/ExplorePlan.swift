import FeedCore
import Foundation

/// Which server is asked what. Typed words go to every instance's search and to the search
/// index, and to each Loops server as a tag when they are one word (Loops has no search); a
/// #tag asks the instances for videos tagged so, the index likewise, and Loops for its tag
/// feed. Trending and hot are the instances' lists and Loops' web feed; newest the instances'
/// alone. Channels are the instances' and the index's channel search, and a Loops profile of
/// that name. A video's details are asked of the instance that listed it (the origin when only
/// the index did), a Loops video's of the server that listed it (its ids are good only there).
@MainActor
struct ExplorePlan {
    let instances: [PeerTubeClient]
    let index: SearchIndexClient?
    let loops: [LoopsClient]
    let pageSize: Int
    private let api: NetworkAPIClient

    init(servers: [RemoteServer], api: NetworkAPIClient, pageSize: Int) {
        self.api = api
        self.pageSize = pageSize
        instances = servers.filter { $0.kind == .peertube }.map { PeerTubeClient(server: $0, api: api) }
        index = servers.first { $0.kind == .peertubeSearchIndex }.map { SearchIndexClient(server: $0, api: api) }
        loops = servers.filter { $0.kind == .loops }.map { LoopsClient(server: $0, api: api) }
    }

    /// "#cats" → "cats"; nil for anything that is not one hashtag.
    static func hashtag(in text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix("#") else { return nil }
        let tag = String(trimmed.dropFirst())
        return RemoteTag.isValidName(tag) ? tag : nil
    }

    // MARK: - Videos

    func videoListings(for query: ExploreQuery) -> [ExploreListing<RemoteVideo>] {
        switch query.subject {
        case .search(let text):
            if let tag = Self.hashtag(in: text) { return tagListings(tag, query: query) }
            let words = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !words.isEmpty else { return [] }
            let filter = PeerTubeListFilter(query.filter, localOnly: query.localOnly)
            var listings = instances.map { client in
                offsetListing(client.server) { start, count, done in
                    client.searchVideos(words, filter: filter, start: start, count: count, then: done)
                }
            }
            if let index {
                listings.append(offsetListing(index.server) { start, count, done in
                    index.searchVideos(words, filter: filter, start: start, count: count, then: done)
                })
            }
            if RemoteTag.isValidName(words) { listings += loops.map { tagFeed($0, words.lowercased()) } }
            return listings
        case .shelf(.tag(let tag)):
            return tagListings(tag, query: query)
        case .shelf(let shelf):
            let sort: PeerTubeClient.Sort = shelf == .hot ? .hot : shelf == .newest ? .newest : .trending
            let filter = PeerTubeListFilter(query.filter, localOnly: query.localOnly)
            var listings = instances.map { client in
                offsetListing(client.server) { start, count, done in
                    client.videos(sort: sort, filter: filter, start: start, count: count, then: done)
                }
            }
            // Loops lists no newest videos to a guest; its web feed is its popular ones.
            if shelf != .newest {
                listings += loops.map { client in onePage(client.server) { done in client.webFeed(then: done) } }
            }
            return listings
        }
    }

    private func tagListings(_ tag: String, query: ExploreQuery) -> [ExploreListing<RemoteVideo>] {
        let filter = PeerTubeListFilter(query.filter, localOnly: query.localOnly, tags: [tag])
        var listings = instances.map { client in
            offsetListing(client.server) { start, count, done in
                client.videos(sort: .newest, filter: filter, start: start, count: count, then: done)
            }
        }
        if let index {
            listings.append(offsetListing(index.server) { start, count, done in
                index.searchVideos("", filter: filter, start: start, count: count, then: done)
            })
        }
        return listings + loops.map { tagFeed($0, tag.lowercased()) }
    }

    /// A Loops tag feed: one page; a tag the server has never seen is an empty one, not a failure.
    private func tagFeed(_ client: LoopsClient, _ tag: String) -> ExploreListing<RemoteVideo> {
        onePage(client.server) { done in
            client.tagFeed(tag) { result in
                if case .failure(.notFound) = result { return done(.success(RemotePage(items: []))) }
                done(result)
            }
        }
    }

    /// A channel's videos, from the server its page names.
    func channelListings(of channel: RemoteChannel, filter: VerticalFilter) -> ExploreListing<RemoteVideo>? {
        guard let base = RemoteHost.base(of: channel.videosURL) else { return nil }
        switch channel.actor.kind {
        case .peertubeChannel, .peertubeAccount:
            guard let server = RemoteServer(kind: .peertube, address: base) else { return nil }
            let client = PeerTubeClient(server: server, api: api)
            let listFilter = PeerTubeListFilter(filter)
            return offsetListing(server) { start, count, done in
                client.videos(of: channel, filter: listFilter, start: start, count: count, then: done)
            }
        case .loopsProfile:
            guard let server = RemoteServer(kind: .loops, address: base) else { return nil }
            let client = LoopsClient(server: server, api: api)
            return ExploreListing(server: server) { cursor, done in
                guard case .cursor(let text)? = cursor else { return client.videos(of: channel, after: nil, then: done) }
                return client.videos(of: channel, after: text, then: done)
            }
        }
    }

    // MARK: - Channels

    func channelListings(for text: String) -> [ExploreListing<RemoteChannel>] {
        var words = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !words.isEmpty, !words.hasPrefix("#") else { return [] }
        if words.hasPrefix("@") { words.removeFirst() }
        var listings = instances.map { client in
            offsetListing(client.server) { start, count, done in client.searchChannels(words, start: start, count: count, then: done) }
        }
        if let index {
            listings.append(offsetListing(index.server) { start, count, done in
                index.searchChannels(words, start: start, count: count, then: done)
            })
        }
        // Loops finds a profile only by its exact name ("name" or "name@host").
        let parts = words.split(separator: "@", maxSplits: 1).map(String.init)
        if let name = parts.first, RemoteActor.isValidName(name), parts.count == 1 || RemoteHost.isValid(parts[1].lowercased()) {
            for client in loops {
                let host = parts.count == 2 ? parts[1].lowercased() : client.server.host
                let actor = RemoteActor(kind: .loopsProfile, name: name, displayName: name, host: host)
                listings.append(onePage(client.server) { done in
                    client.account(actor) { result in
                        switch result {
                        case .success(let channel): done(.success(RemotePage(items: [channel])))
                        case .failure(.notFound): done(.success(RemotePage(items: [])))
                        case .failure(let failure): done(.failure(failure))
                        }
                    }
                })
            }
        }
        return listings
    }

    // MARK: - Who answers

    /// The instance to ask for an actor's page: its own (by its page's address) when it names
    /// one, else the first instance the user reads (which knows remote actors by name@host).
    func peertube(for actor: RemoteActor) -> PeerTubeClient? {
        if let client = instances.first(where: { $0.server.host == actor.host }) { return client }
        if let origin = PeerTubeActors.origin(of: actor.pageURL, host: actor.host),
           let server = RemoteServer(kind: .peertube, address: origin) {
            return PeerTubeClient(server: server, api: api)
        }
        return instances.first
    }

    func loops(for actor: RemoteActor) -> LoopsClient? {
        loops.first { $0.server.host == actor.host } ?? loops.first
    }

    /// The instance that listed the video when the user reads it, else the video's origin.
    func peertubeServing(_ video: RemoteVideo) -> PeerTubeClient {
        let answering = video.identity.answeringServer
        if let client = instances.first(where: { $0.server.baseURL == RemoteHost.base(of: answering) }) { return client }
        let origin = RemoteServer(kind: .peertube, address: video.identity.apiBase)
            ?? RemoteServer(kind: .peertube, address: answering)!
        return PeerTubeClient(server: origin, api: api)
    }

    func loopsServing(_ video: RemoteVideo) -> LoopsClient {
        let server = RemoteServer(kind: .loops, address: video.identity.apiBase)
            ?? RemoteServer(kind: .loops, address: video.identity.answeringServer)!
        return LoopsClient(server: server, api: api)
    }

    // MARK: - Listings

    private func offsetListing<Item>(_ server: RemoteServer,
                                     _ fetch: @escaping @MainActor (Int, Int, @escaping @MainActor (Result<RemotePage<Item>, NetworkFailure>) -> Void)
                                         -> any NetworkRequest) -> ExploreListing<Item> {
        let size = pageSize
        return ExploreListing(server: server) { cursor, done in
            guard case .offset(let start, let count)? = cursor else { return fetch(0, size, done) }
            return fetch(start, count, done)
        }
    }

    /// A list of one page (it never gives a cursor, so it is never asked for a second).
    private func onePage<Item>(_ server: RemoteServer,
                               _ fetch: @escaping @MainActor (@escaping @MainActor (Result<RemotePage<Item>, NetworkFailure>) -> Void)
                                   -> any NetworkRequest) -> ExploreListing<Item> {
        ExploreListing(server: server) { _, done in
            fetch { result in
                // One page, whatever cursor the server wrote.
                done(result.map { RemotePage(items: $0.items, total: $0.total, dropped: $0.dropped) })
            }
        }
    }
}
