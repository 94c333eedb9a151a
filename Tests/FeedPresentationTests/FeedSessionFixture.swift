import FeedCore
import FeedPresentation
import FeedTesting
import Foundation

/// The view FeedSession talks to, recording what it was asked; paints happen when a test says.
@MainActor
final class FakeFeedView: FeedSessionView {
    var isDragging = false
    private(set) var flashes: [String] = []
    private(set) var arranged: [[Int]] = []
    private(set) var slides: [PageSlide] = []
    private(set) var putInPlace = 0
    private(set) var memoryReleases: [UInt32] = []
    private(set) var currentPosts: [Int64] = []
    private(set) var playing: [Bool] = []
    private(set) var firstFramesShown: [Int] = []
    private var paintWaiters: [@MainActor () -> Void] = []

    func flash(_ message: String) { flashes.append(message) }
    func arrange(_ slots: [Int]) { arranged.append(slots) }
    func slide(_ slide: PageSlide) { slides.append(slide) }
    func putPagesInPlace() { putInPlace += 1 }
    func afterNextPaint(_ body: @escaping @MainActor () -> Void) { paintWaiters.append(body) }
    func releaseMemory(afterMilliseconds milliseconds: UInt32) { memoryReleases.append(milliseconds) }
    func currentChanged(_ post: Post) { currentPosts.append(post.id) }
    func playbackChanged(playing: Bool) { self.playing.append(playing) }
    func firstFrameShown(slot: Int) { firstFramesShown.append(slot) }

    /// A frame is painted: what waited for it runs.
    func paint() {
        let waiting = paintWaiters
        paintWaiters.removeAll()
        for body in waiting { body() }
    }
}

/// A feed over an in-memory library of `count` posts (newest first: index 0 holds the post made
/// last), three pages over FakePagePlayers, a manual clock and timers, and what it reported.
@MainActor
final class FeedSessionFixture {
    let repository = InMemoryFeedRepository()
    let clock = ManualClock(startMicroseconds: 1_000_000)
    let timers = ManualTimers()
    let events = RecordingEventSink()
    let signals = RecordingWatchSignalSink()
    let view = FakeFeedView()
    let players = (0..<3).map { _ in FakePagePlayer() }
    let store: FeedStore
    let session: FeedSession
    /// The post ids from the newest (index 0) on.
    let postIDs: [Int64]
    /// For You's signals, when the feed records them (`recordsInterests`, or Home's feed).
    let interestStore = InMemoryInterestSignals()
    private(set) var interests: InterestRecorder?
    private(set) var home: HomeFeed?

    /// `content`: what the feed shows, given the posts stored (the library when nil). `home`:
    /// Home's For You or Following instead (signals recorded); `author`: who made post number n
    /// (and what its caption says); `likes`: post number n's likes on its server.
    init(posts count: Int, launchUs: Int64 = 0, content: (([Post]) throws -> FeedContent)? = nil,
         actions: (any NetworkActing)? = nil, recordsInterests: Bool = false, home: HomeFeedKind? = nil,
         candidates: ((ManualTimers, InMemoryFeedRepository) -> ForYouCandidateSupply)? = nil,
         author: (Int) -> (handle: String, caption: String) = { ("ann", "post \($0)") },
         likes: (Int) -> Int = { _ in 0 }) throws {
        _ = try repository.insertAuthor(Author(handle: "ann", name: "Ann"))
        var ids: [Int64] = []
        for number in 1...count {
            let (handle, caption) = author(number)
            if try repository.author(handle: handle) == nil { _ = try repository.insertAuthor(Author(handle: handle, name: handle)) }
            ids.append(try repository.insertPost(NewPost(authorHandle: handle, caption: caption, music: "",
                                                         videoURI: "file:///v\(number).mp4", likeCount: likes(number),
                                                         created: Date(timeIntervalSince1970: Double(number)))).id)
        }
        postIDs = ids.reversed()
        let library = repository
        let stored = try ids.reversed().compactMap { try library.post(id: $0) }
        var sink: any WatchSignalSink = signals
        if recordsInterests || home != nil {
            let recorder = InterestRecorder(.init(store: interestStore, post: { try? library.post(id: $0) }, timers: timers,
                                                  now: { Date(timeIntervalSince1970: 1_000) }, alsoWatchSignals: signals,
                                                  events: events))
            interests = recorder
            sink = recorder
        }
        if let home {
            self.home = HomeFeed(.init(repository: repository, interests: interests, timers: timers,
                                       now: { Date(timeIntervalSince1970: 1_000) }, candidates: candidates?(timers, repository)),
                                 kind: home)
        }
        let chosen = try self.home.map { FeedContent.home($0) } ?? content?(stored) ?? .library
        store = FeedStore(repository: repository, content: chosen, pinned: [], pageSize: 10)
        session = FeedSession(store: store, pages: players.map { PagePlayback(player: $0) }, launchTimeUs: launchUs,
                              dependencies: FeedSession.Dependencies(events: events, clock: clock, timers: timers,
                                                                     playableURI: { $0 }, watchSignals: sink,
                                                                     actions: actions, interests: interests))
        session.view = view
    }

    var current: Int { session.currentSlot ?? -1 }
    var currentPlayer: FakePagePlayer { players[current] }
    /// The slots holding a post.
    var loadedSlots: [Int] { session.pages.indices.filter { session.pages[$0].post != nil } }

    func advance(ms: Int64) { clock.advance(byMicroseconds: ms * 1_000) }

    /// `slot`'s clip prerolled and its first frame was painted on its surface.
    func showFirstFrame(slot: Int) {
        players[slot].finishLoading(size: PixelSize(width: 720, height: 1280))
        _ = session.pages[slot].framePainted()
        session.firstFramePainted(slot: slot)
    }

    /// Launched: the current post's first frame is up and its neighbours loaded and prerolled.
    func launchAndSettle() {
        session.start()
        showFirstFrame(slot: current)
        timers.advance(milliseconds: 0)
        for slot in loadedSlots where slot != current { showFirstFrame(slot: slot) }
    }

    /// The slide the view was last asked for ends.
    func finishSlide() {
        session.slideFinished(delta: view.slides.last?.delta ?? 0)
    }

    /// A move with its slide, the new page's first frame painted (prerolled) and the slide over;
    /// the new neighbour prerolls too.
    func page(by delta: Int) {
        session.move(by: delta)
        view.paint()
        finishSlide()
        for slot in loadedSlots where session.pages[slot].hasFrame == false { showFirstFrame(slot: slot) }
    }

    func events(named name: String) -> [AppEvent] { events.events.filter { $0.name == name } }
}
