import FeedCore

/// One server's list for an explore page: how to ask it for the page at a cursor (nil: its first).
struct ExploreListing<Item: Sendable & Equatable> {
    typealias Fetch = @MainActor (RemotePageCursor?, @escaping @MainActor (Result<RemotePage<Item>, NetworkFailure>) -> Void)
        -> any NetworkRequest

    let server: RemoteServer
    let fetch: Fetch

    var key: String { server.baseURL.absoluteString }
}

/// What an explore page keeps of what a round brought (the vertical filter's decision, which may
/// have to ask the network first): the items kept, in order, and how many were hidden.
typealias ExploreJudge<Item> = @MainActor (_ items: [Item], _ done: @escaping @MainActor (_ kept: [Item], _ hidden: Int) -> Void)
    -> (any NetworkRequest)?

/// One page of an explore answer, asked of several servers at once: each server's next page in
/// a round, merged in turns (the first of each server, then the second...), each item once
/// (the same video from two instances and the index: the origin's own document is kept), judged,
/// and, while too few are kept and servers have more, another round, up to `maximumRounds`.
/// A server that fails is said in the answer and asked nothing more; the others go on. Once one
/// server of a round has answered, the others have `patienceMilliseconds` more: a server that
/// stalls is said as slow and left out, so the window never waits on it.
@MainActor
final class ExploreRun<Item: Sendable & Equatable> {
    struct Rules {
        /// Fewer kept than this after a round: another round, while servers have more.
        var minimumKept = 8
        var maximumRounds = 3
        /// How long the other servers of a round are waited for once one has answered.
        var patienceMilliseconds: UInt32 = 2_500
    }

    private let listings: [ExploreListing<Item>]
    private let key: (Item) -> String
    /// Whether the second document of the same item is the better one to keep.
    private let prefer: (_ kept: Item, _ other: Item) -> Bool
    private let judge: ExploreJudge<Item>?
    private let rules: Rules
    private let timers: any Timers
    private let group: RequestGroup
    private let then: @MainActor (ExploreAnswer<Item>) -> Void

    private var seen: Set<String>
    private var kept: [Item] = []
    private var hidden = 0
    private var unreadable = 0
    private var failures: [NetworkFailure] = []
    private var next: [String: RemotePageCursor] = [:]
    private var rounds = 0

    init(listings: [ExploreListing<Item>], seen: Set<String>, key: @escaping (Item) -> String,
         prefer: @escaping (Item, Item) -> Bool = { _, _ in false }, judge: ExploreJudge<Item>? = nil, rules: Rules = Rules(),
         timers: any Timers, group: RequestGroup, then: @escaping @MainActor (ExploreAnswer<Item>) -> Void) {
        self.timers = timers
        self.listings = listings
        self.seen = seen
        self.key = key
        self.prefer = prefer
        self.judge = judge
        self.rules = rules
        self.group = group
        self.then = then
    }

    /// Asks each listing for the page `cursor` names for it (all their first pages when nil).
    func start(after cursor: ExploreCursor?) {
        let asked: [(ExploreListing<Item>, RemotePageCursor?)] = listings.compactMap { listing in
            guard let cursor else { return (listing, nil) }
            return cursor.pages[listing.key].map { (listing, $0) }
        }
        round(asked)
    }

    private func round(_ asked: [(ExploreListing<Item>, RemotePageCursor?)]) {
        rounds += 1
        next = [:]
        guard !asked.isEmpty else { return finish() }
        var pages = [Result<RemotePage<Item>, NetworkFailure>?](repeating: nil, count: asked.count)
        var requests = [(any NetworkRequest)?](repeating: nil, count: asked.count)
        var patience: (any TimerToken)?
        var closed = false
        let close = {
            guard !closed else { return }
            closed = true
            patience?.cancel()
            // Those still silent are left out, said as slow.
            for (i, (listing, _)) in asked.enumerated() where pages[i] == nil {
                requests[i]?.cancel()
                pages[i] = .failure(.slow(server: listing.server.host))
            }
            self.roundAnswered(asked.map(\.0), pages.map { $0! })
        }
        for (i, (listing, cursor)) in asked.enumerated() {
            // The run lives as long as its requests wait (its caller keeps only the group).
            let request = listing.fetch(cursor) { result in
                guard !self.group.cancelled, !closed else { return }
                pages[i] = result
                if !pages.contains(where: { $0 == nil }) { return close() }
                if patience == nil {
                    patience = self.timers.after(milliseconds: self.rules.patienceMilliseconds) {
                        guard !self.group.cancelled else { return }
                        close()
                    }
                }
            }
            requests[i] = request
            group.add(request)
        }
    }

    private func roundAnswered(_ asked: [ExploreListing<Item>], _ pages: [Result<RemotePage<Item>, NetworkFailure>]) {
        var lists: [[Item]] = []
        for (listing, result) in zip(asked, pages) {
            switch result {
            case .success(let page):
                lists.append(page.items)
                unreadable += page.dropped
                if let cursor = page.next { next[listing.key] = cursor }
            case .failure(let failure):
                if !failures.contains(failure) { failures.append(failure) }
            }
        }
        let fresh = merge(lists)
        guard let judge, !fresh.isEmpty else { return judged(fresh, hidden: 0) }
        if let request = judge(fresh, { kept, hidden in self.judged(kept, hidden: hidden) }) { group.add(request) }
    }

    /// In turns across servers, each item once, never one an earlier page gave.
    private func merge(_ lists: [[Item]]) -> [Item] {
        var merged: [Item] = []
        var at: [String: Int] = [:]
        for turn in 0..<(lists.map(\.count).max() ?? 0) {
            for list in lists where turn < list.count {
                let item = list[turn], id = key(item)
                if let index = at[id] {
                    if prefer(merged[index], item) { merged[index] = item }
                } else if !seen.contains(id) {
                    at[id] = merged.count
                    merged.append(item)
                }
            }
        }
        seen.formUnion(at.keys)
        return merged
    }

    private func judged(_ items: [Item], hidden: Int) {
        guard !group.cancelled else { return }
        kept += items
        self.hidden += hidden
        if kept.count < rules.minimumKept, rounds < rules.maximumRounds, !next.isEmpty {
            let more = listings.compactMap { listing in next[listing.key].map { (listing, Optional($0)) } }
            return round(more)
        }
        finish()
    }

    private func finish() {
        then(ExploreAnswer(items: kept, next: next.isEmpty ? nil : ExploreCursor(pages: next, seen: seen),
                           hidden: hidden, failures: failures, unreadable: unreadable))
    }
}
