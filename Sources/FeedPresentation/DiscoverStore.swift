public import FeedCore
import Foundation
import Localization

/// Where Discover looks: the networks the user reads, or this computer's library.
public enum DiscoverScope: String, Sendable, Equatable, CaseIterable {
    case networks
    case thisComputer
}

/// Discover's state and decisions on this computer: the trending hashtags, and what a query
/// finds (people whose name or handle has it, then videos; the most liked recent videos for an
/// empty one), with the sentence to show when nothing is there. The networks' half is
/// NetworkDiscoverStore's.
@MainActor
public final class DiscoverStore {
    public private(set) var trending: [String] = []
    public private(set) var query = ""
    public private(set) var posts: [Post] = []
    /// People whose name or handle matches the words (a person's name finds their profile).
    public private(set) var people: [Author] = []
    /// Shown instead of (or above) the grid: nothing found, or why the search failed.
    public private(set) var message: String?

    private let repository: FeedRepository
    private let events: EventSink?
    private let clock: MonotonicClock

    /// `events`: each search is logged (`search`: the query, how many it found, how long it took).
    public init(repository: FeedRepository, events: EventSink? = nil, clock: MonotonicClock = SystemMonotonicClock()) {
        self.repository = repository
        self.events = events
        self.clock = clock
    }

    /// The tags trending in the last 200 videos, most used first.
    public func prepare() {
        let recent = (try? repository.feedPage(after: nil, limit: 200)) ?? []
        trending = TrendingHashtags.top(recent, limit: 12)
    }

    /// Searches captions, authors, music and hashtags as typed.
    public func search(_ text: String) {
        let query = text.trimmingCharacters(in: .whitespaces)
        self.query = query
        do {
            if query.isEmpty {
                people = []
                posts = try repository.feedPage(after: nil, limit: 60).sorted { $0.likeCount > $1.likeCount }
                message = posts.isEmpty ? tr("No videos yet.") : nil
            } else {
                let startUs = clock.nowMicroseconds()
                posts = try repository.search(query, limit: 90)
                // "#cats" looks for a tag, not a person.
                people = query.hasPrefix("#") ? [] : try repository.authors(matching: query.hasPrefix("@") ? String(query.dropFirst()) : query,
                                                                          limit: 12)
                events?.emit(.search(query: query, results: posts.count, us: clock.nowMicroseconds() - startUs))
                events?.emit(.exploreResults(scope: "local", query: query, count: posts.count, source: "library", total: posts.count))
                if !people.isEmpty {
                    events?.emit(.exploreResults(scope: "local", query: query, count: people.count, source: "people", total: people.count))
                }
                message = posts.isEmpty && people.isEmpty ? tr("No videos match “{query}”.", ["query": query]) : nil
            }
        } catch {
            // The last results stay under the message.
            message = tr("Search failed: {error}", ["error": error])
        }
    }
}
