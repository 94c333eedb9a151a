public import FeedCore
public import Foundation
import Localization

/// Keeps the counts of the remote post on screen as its network says them: asked when the post is
/// shown unless they were read less than `freshSeconds` ago, asked again as they grow stale while
/// it stays, and never waited for (the page changes at once; the rail follows the answer). An
/// answer for a post no longer shown is dropped (its request cancelled); a count that could not
/// be had stays the last known one, and the network is asked again `retrySeconds` later while the
/// post is on screen (or later still when it asked to be left alone). A post its network does not
/// know (404) keeps its counts and is not asked again this run.
@MainActor
public final class RemoteCountsRefresher {
    public struct Dependencies {
        public var reader: any RemotePostReading
        public var timers: Timers
        /// The wall clock: counts read in an earlier run are as old as their date says.
        public var now: () -> Date
        public var events: EventSink?

        public init(reader: any RemotePostReading, timers: Timers, now: @escaping () -> Date = { Date() }, events: EventSink?) {
            self.reader = reader
            self.timers = timers
            self.now = now
            self.events = events
        }
    }

    /// Counts younger than this are shown as they are.
    public static let freshSeconds: TimeInterval = 180
    /// After a failure, the network is asked again no sooner than this.
    public static let retrySeconds: TimeInterval = 30
    /// Posts their network does not know (a 404): not asked again this run.
    private var unknown: Set<Int64> = []

    private let deps: Dependencies
    /// Stores the counts (FeedStore.updateRemoteCounts in the feed) and gives the post as shown.
    private let store: (Int64, RemoteCounts, Date) throws -> Post
    /// The post as stored with its new counts, for the pages to show.
    public var onUpdate: ((Post) -> Void)?

    /// The post on screen, when it is a network's.
    public private(set) var shown: (postID: Int64, ref: RemotePostRef)?
    private var request: (any NetworkRequest)?
    private var nextAsk: TimerToken?
    /// When each post's counts could not be had last (this run): not asked again before the
    /// retry time, however often it is shown.
    private var failedAt: [Int64: (date: Date, wait: TimeInterval)] = [:]

    public init(_ deps: Dependencies, store: @escaping (Int64, RemoteCounts, Date) throws -> Post) {
        self.deps = deps
        self.store = store
    }

    /// Whether a request for the post on screen is under way.
    public var isAsking: Bool { request != nil }

    /// The post now on screen (nil: none, or the feed went away).
    public func show(_ post: Post?) {
        if let post, let shown, post.id == shown.postID { return }
        request?.cancel()
        request = nil
        nextAsk?.cancel()
        nextAsk = nil
        shown = nil
        guard let post, let ref = post.remote else { return }
        shown = (post.id, ref)
        askWhenDue(countsRead: post.countsUpdated)
    }

    private func askWhenDue(countsRead: Date?) {
        guard let shown else { return }
        let now = deps.now()
        var due = countsRead.map { $0.addingTimeInterval(Self.freshSeconds).timeIntervalSince(now) } ?? 0
        guard !unknown.contains(shown.postID) else { return }
        if let failed = failedAt[shown.postID] {
            due = max(due, failed.date.addingTimeInterval(failed.wait).timeIntervalSince(now))
        }
        guard due > 0 else { return ask() }
        nextAsk = deps.timers.after(milliseconds: Self.milliseconds(due)) { [weak self] in self?.ask() }
    }

    private func ask() {
        nextAsk = nil
        guard let shown, request == nil else { return }
        let postID = shown.postID
        request = deps.reader.details(of: shown.ref) { [weak self] result in
            guard let self, self.shown?.postID == postID else { return }
            request = nil
            answered(result, postID: postID)
        }
    }

    private func answered(_ result: Result<RemoteVideo, NetworkFailure>, postID: Int64) {
        let now = deps.now()
        switch result {
        case .success(let video):
            failedAt[postID] = nil
            do {
                let stored = try store(postID, video.counts, now)
                deps.events?.emit(.remoteCounts(postID: stored.id, likes: stored.likeCount, comments: stored.commentCount,
                                                views: stored.viewCount))
                onUpdate?(stored)
                askWhenDue(countsRead: stored.countsUpdated ?? now)
            } catch {
                deps.events?.emit(.error(kind: "storage", message: tr("Couldn’t keep the counts: {error}", ["error": error]),
                                         postID: postID))
            }
        case .failure(.notFound):
            // Gone from its network, or a feed that only looked like an instance's: the counts
            // stay what they were, nothing is wrong with the app, and it is not asked again.
            unknown.insert(postID)
        case .failure(let failure):
            // The counts shown stay what they were; asked again later while the post is shown.
            var wait = Self.retrySeconds
            if case .busy(_, let retryAfter?) = failure { wait = max(wait, TimeInterval(retryAfter)) }
            failedAt[postID] = (now, wait)
            deps.events?.emit(.error(kind: "network", message: failure.description, postID: postID))
            askWhenDue(countsRead: nil)
        }
    }

    private static func milliseconds(_ seconds: TimeInterval) -> UInt32 {
        UInt32(min(max(0, seconds * 1_000).rounded(.up), Double(UInt32.max)))
    }
}
