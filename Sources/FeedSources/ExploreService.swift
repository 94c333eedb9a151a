public import FeedCore
import Foundation

/// Discover's way into the networks (FeedCore's NetworkExploring): the PeerTube instances, Loops
/// servers and search index the user reads, asked at once for a page of videos or channels,
/// merged (one video once, however many servers list it), judged vertical-first (a page mostly
/// hidden asks the servers for their next pages, within a budget), paged by each server's own
/// cursor; a server that fails is said beside what the others gave. Which server is asked what
/// is `ExplorePlan`'s; the requests go through `NetworkAPIClient`, so an answer asked again
/// within a minute comes from memory.
@MainActor
public final class ExploreService: NetworkExploring {
    public struct Rules: Sendable {
        /// Videos or channels asked of each PeerTube server per page.
        public var pageSize = 20
        /// A page keeps asking (up to `maximumRounds` times) while fewer than this are shown.
        public var minimumShown = 8
        public var maximumRounds = 3
        /// Videos of a page whose shape or length must be looked into on the network.
        public var lookIntoBudget = 8
        /// Once one server of a page has answered, how long the others are waited for before
        /// they are said as slow and the page is shown without them.
        public var patienceMilliseconds: UInt32 = 2_500

        public init() {}
    }

    /// The user changed what they read (Preferences): the next question goes to these.
    public var servers: [RemoteServer]
    public var rules: Rules
    private let api: NetworkAPIClient
    private let timers: any Timers

    public init(api: NetworkAPIClient, servers: [RemoteServer], timers: any Timers, rules: Rules = Rules()) {
        self.api = api
        self.servers = servers
        self.timers = timers
        self.rules = rules
    }

    private var plan: ExplorePlan { ExplorePlan(servers: servers, api: api, pageSize: rules.pageSize) }

    private var runRules: ExploreRun<RemoteVideo>.Rules {
        ExploreRun.Rules(minimumKept: rules.minimumShown, maximumRounds: rules.maximumRounds,
                         patienceMilliseconds: rules.patienceMilliseconds)
    }

    // MARK: - NetworkExploring

    @discardableResult
    public func videos(_ query: ExploreQuery, after cursor: ExploreCursor?,
                       then: @escaping @MainActor (ExploreAnswer<RemoteVideo>) -> Void) -> any NetworkRequest {
        run(plan.videoListings(for: query), cursor: cursor, filter: query.filter, then: then)
    }

    @discardableResult
    public func channels(matching text: String, after cursor: ExploreCursor?,
                         then: @escaping @MainActor (ExploreAnswer<RemoteChannel>) -> Void) -> any NetworkRequest {
        let listings = plan.channelListings(for: text)
        let group = RequestGroup()
        guard !listings.isEmpty else { return answerLater(ExploreAnswer(items: []), group: group, then: then) }
        let run = ExploreRun(listings: listings, seen: cursor?.seen ?? [], key: { "\($0.actor.kind.rawValue):\($0.actor.handle)" },
                             prefer: { kept, other in !Self.isOwnPage(kept) && Self.isOwnPage(other) },
                             rules: ExploreRun.Rules(minimumKept: 0, maximumRounds: 1, patienceMilliseconds: rules.patienceMilliseconds),
                             timers: timers, group: group, then: then)
        run.start(after: cursor)
        return group
    }

    @discardableResult
    public func tags(then: @escaping @MainActor (ExploreAnswer<RemoteTag>) -> Void) -> any NetworkRequest {
        let loops = plan.loops
        let group = RequestGroup()
        guard !loops.isEmpty else { return answerLater(ExploreAnswer(items: []), group: group, then: then) }
        var answers = [Result<[RemoteTag], NetworkFailure>?](repeating: nil, count: loops.count)
        var waiting = loops.count
        for (i, client) in loops.enumerated() {
            group.add(client.tags { result in
                answers[i] = result
                waiting -= 1
                guard waiting == 0, !group.cancelled else { return }
                then(Self.mergeTags(answers.compactMap { $0 }))
            })
        }
        return group
    }

    @discardableResult
    public func channel(_ actor: RemoteActor, then: @escaping @MainActor (Result<RemoteChannel, NetworkFailure>) -> Void)
        -> any NetworkRequest {
        switch actor.kind {
        case .peertubeChannel, .peertubeAccount:
            guard let client = plan.peertube(for: actor) else { return api.refuse(Self.unknown(actor), then: then) }
            return client.channel(actor, then: then)
        case .loopsProfile:
            guard let client = plan.loops(for: actor) else { return api.refuse(Self.unknown(actor), then: then) }
            return client.account(actor, then: then)
        }
    }

    @discardableResult
    public func channelVideos(_ channel: RemoteChannel, filter: VerticalFilter, after cursor: ExploreCursor?,
                              then: @escaping @MainActor (ExploreAnswer<RemoteVideo>) -> Void) -> any NetworkRequest {
        run(plan.channelListings(of: channel, filter: filter).map { [$0] } ?? [], cursor: cursor, filter: filter, then: then)
    }

    @discardableResult
    public func details(of video: RemoteVideo, then: @escaping @MainActor (Result<RemoteVideo, NetworkFailure>) -> Void)
        -> any NetworkRequest {
        guard video.needsDetails || video.sources.isEmpty else {
            return answerLater(.success(video), group: RequestGroup(), then: then)
        }
        switch video.network {
        case .peertube:
            return plan.peertubeServing(video).video(video.identity.id, then: then)
        case .loops:
            return plan.loopsServing(video).video(video.identity.id, then: then)
        }
    }

    // MARK: -

    private func run(_ listings: [ExploreListing<RemoteVideo>], cursor: ExploreCursor?, filter: VerticalFilter,
                     then: @escaping @MainActor (ExploreAnswer<RemoteVideo>) -> Void) -> any NetworkRequest {
        let group = RequestGroup()
        guard !listings.isEmpty else { return answerLater(ExploreAnswer(items: []), group: group, then: then) }
        let judge = VideoJudge(filter: filter, budget: rules.lookIntoBudget,
                               details: { [weak self] video, done in
                                   self?.details(of: video, then: done) ?? RequestGroup()
                               },
                               firstBytes: { [api] url, server, done in
                                   api.firstBytes(of: url, count: VideoJudge.headBytes, from: server, then: done)
                               })
        let run = ExploreRun(listings: listings, seen: cursor?.seen ?? [], key: Self.sameVideo,
                             prefer: { kept, other in !Self.isOrigin(kept) && Self.isOrigin(other) },
                             judge: { videos, done in judge.judge(videos, done: done) }, rules: runRules, timers: timers,
                             group: group, then: then)
        run.start(after: cursor)
        return group
    }

    /// Nothing to ask: the answer still comes on a later turn of the main loop.
    private func answerLater<Answer>(_ answer: Answer, group: RequestGroup,
                                     then: @escaping @MainActor (Answer) -> Void) -> any NetworkRequest {
        let token = timers.after(milliseconds: 0) {
            guard !group.cancelled else { return }
            then(answer)
        }
        group.add(CancelToken(token))
        return group
    }

    /// What makes two documents the same video: PeerTube's origin and uuid (`id`), wherever
    /// listed. Each Loops server numbers the videos it federates its own way, but their still
    /// is the origin's file, the same on every server.
    static func sameVideo(_ video: RemoteVideo) -> String {
        guard video.network == .loops, let still = video.thumbnailURL else { return video.id }
        return "loops-still:" + still.absoluteString
    }

    /// The video's own server described it (its ids and images are that server's own).
    private static func isOrigin(_ video: RemoteVideo) -> Bool {
        let answering = RemoteHost.host(of: video.identity.answeringServer)
        return video.network == .loops ? answering == video.author.host : answering == video.identity.host
    }

    private static func isOwnPage(_ channel: RemoteChannel) -> Bool {
        RemoteHost.host(of: channel.videosURL) == channel.actor.host
    }

    private static func unknown(_ actor: RemoteActor) -> RemoteServer {
        RemoteServer(kind: actor.kind == .loopsProfile ? .loops : .peertube, address: URL(string: "https://\(actor.host)")!)
            ?? RemoteServer(kind: .peertube, address: URL(string: "https://invalid")!)!
    }

    /// Every Loops server's tags, one entry per name with the counts added, most used first.
    static func mergeTags(_ answers: [Result<[RemoteTag], NetworkFailure>]) -> ExploreAnswer<RemoteTag> {
        var counts: [String: (tag: RemoteTag, order: Int)] = [:]
        var failures: [NetworkFailure] = []
        for answer in answers {
            switch answer {
            case .success(let tags):
                for tag in tags {
                    let name = tag.name.lowercased()
                    if var known = counts[name] {
                        known.tag.videoCount = (known.tag.videoCount ?? 0) + (tag.videoCount ?? 0)
                        counts[name] = known
                    } else {
                        counts[name] = (tag, counts.count)
                    }
                }
            case .failure(let failure):
                failures.append(failure)
            }
        }
        let sorted = counts.values.sorted { ($0.tag.videoCount ?? 0, -$0.order) > ($1.tag.videoCount ?? 0, -$1.order) }
        return ExploreAnswer(items: sorted.map(\.tag), failures: failures)
    }
}

/// A timer as a request: cancelling it calls it off.
@MainActor
private final class CancelToken: NetworkRequest {
    private let token: any TimerToken
    init(_ token: any TimerToken) { self.token = token }
    func cancel() { token.cancel() }
}
