public import FeedCore
public import Foundation

/// What the user does with posts, kept in the library for For You (issue 24): the feed session's
/// watch signals, likes, follows, profiles opened, Not interested and Hide this creator, each with
/// the post's traits. Signals wait for a later turn of the main loop and are written together
/// there, so the page change that reported one never waits on the library. While recording is
/// paused nothing is kept.
@MainActor
public final class InterestRecorder: WatchSignalSink {
    public struct Dependencies {
        public var store: any InterestSignalStoring
        /// A post of the library by its id (a watch signal names only the id).
        public var post: (Int64) -> Post?
        public var timers: Timers
        public var now: () -> Date
        /// Where watch signals go besides (the `--events` log).
        public var alsoWatchSignals: (any WatchSignalSink)?
        /// A write the library refused, to say.
        public var failed: (Error) -> Void
        /// Where each signal written is said (`interest`).
        public var events: EventSink?

        public init(store: any InterestSignalStoring, post: @escaping (Int64) -> Post?, timers: Timers,
                    now: @escaping () -> Date = { Date() }, alsoWatchSignals: (any WatchSignalSink)? = nil,
                    events: EventSink? = nil, failed: @escaping (Error) -> Void = { _ in }) {
            self.events = events
            self.store = store
            self.post = post
            self.timers = timers
            self.now = now
            self.alsoWatchSignals = alsoWatchSignals
            self.failed = failed
        }
    }

    private enum Waiting {
        case watch(WatchSignal, at: Date)
        case signal(InterestSignal)
    }

    private let deps: Dependencies
    private var waiting: [Waiting] = []
    private var writeAsked = false
    /// Told of each signal once it is kept (not while paused), in order: For You learns from it.
    public var onRecorded: ((InterestSignal) -> Void)?
    /// Told when every signal was erased or the pause switched.
    public var onReset: (() -> Void)?
    /// Told after Erase all (after `onReset`): the feed starts over as a new user's.
    public var onErased: (() -> Void)?

    public init(_ dependencies: Dependencies) {
        deps = dependencies
    }

    public func record(_ signal: WatchSignal) {
        deps.alsoWatchSignals?.record(signal)
        enqueue(.watch(signal, at: deps.now()))
    }

    /// Something the user did with `post` (not a watch: those come from the feed session).
    public func record(_ action: InterestAction, post: Post) {
        enqueue(.signal(InterestSignal(action: action, postID: post.id, at: deps.now(), traits: PostTraits(post: post))))
    }

    /// Every signal kept, oldest first (after those waiting are written).
    public func signals() -> [InterestSignal] {
        writeWaiting()
        do {
            return try deps.store.interestSignals()
        } catch {
            deps.failed(error)
            return []
        }
    }

    public var isPaused: Bool { (try? deps.store.isRecordingPaused()) ?? false }

    public func setPaused(_ paused: Bool) {
        writeWaiting()
        do {
            try deps.store.setRecordingPaused(paused)
        } catch {
            deps.failed(error)
        }
    }

    /// Forgets every signal at once; what waited to be written goes with them.
    public func eraseAll() {
        waiting.removeAll()
        do {
            try deps.store.eraseAllInterestSignals()
        } catch {
            deps.failed(error)
        }
        onReset?()
        onErased?()
    }

    /// Forgets the last signal kept of `action` about `postID` (Undo of Not interested).
    public func forgetLast(_ action: InterestAction, postID: Int64) {
        writeWaiting()
        do {
            try deps.store.forgetLastInterestSignal(action: action, postID: postID)
        } catch {
            deps.failed(error)
        }
        onReset?()
    }

    /// Forgets what was learnt about a creator, a hashtag or an instance (Your interests).
    public func forget(_ feature: TasteModel.Feature) {
        writeWaiting()
        do {
            try deps.store.forgetInterestSignals(about: feature)
        } catch {
            deps.failed(error)
        }
        onReset?()
    }

    /// Writes what waits now (the feed closes, a test).
    public func writeWaiting() {
        let batch = waiting
        waiting.removeAll()
        for item in batch {
            let signal: InterestSignal
            switch item {
            case .watch(let watch, let at):
                guard let post = deps.post(watch.postID) else { continue }
                signal = InterestSignal(watch: watch, traits: PostTraits(post: post), at: at)
            case .signal(let given):
                signal = given
            }
            do {
                let kept = try deps.store.record(signal)
                deps.events?.emit(.interest(action: signal.action.rawValue, postID: signal.postID, kept: kept))
                if kept { onRecorded?(signal) }
            } catch {
                deps.failed(error)
                return
            }
        }
    }

    private func enqueue(_ item: Waiting) {
        waiting.append(item)
        guard !writeAsked else { return }
        writeAsked = true
        deps.timers.after(milliseconds: 0) { [weak self] in
            self?.writeAsked = false
            self?.writeWaiting()
        }
    }
}
