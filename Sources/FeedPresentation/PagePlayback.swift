public import FeedCore

/// What one feed page decides about its player, apart from its widgets: which post it holds,
/// when the player loads, plays, pauses and rewinds, whether a frame is up, and the frames
/// painted per pass of the loop. FeedSession drives it; PageSlot shows each change (`onShow`);
/// tests drive it with FeedTesting's FakePagePlayer.
@MainActor
public final class PagePlayback {
    /// What the page's widgets follow.
    public enum Change: Equatable {
        /// Holds `post` at `index` now; `isNew`: a different post, loading from its start.
        case loaded(isNew: Bool)
        /// The same post's details changed (counts, its author's name or picture).
        case updated
        case cleared
        /// Plays or stands still; `pauseMark`: a pause the user chose, shown as such.
        case playing(Bool, pauseMark: Bool)
        case ready(PixelSize?)
        case failed(MediaError)
        /// Try Again: the post loads again.
        case retrying
    }

    public let player: any PagePlayer

    /// The feed index and post this page holds; nil when empty.
    public private(set) var index: Int?
    public private(set) var post: Post?
    public private(set) var error: MediaError?
    /// What the player opens for the post.
    public private(set) var uri: String?
    /// True once a frame of the current post has been painted (the page is not blank).
    public private(set) var hasFrame = false
    /// Left the screen, with the rewind still to do (`rewindIfLeft`).
    public private(set) var needsRewind = false
    /// New frames painted since the last pass of the loop.
    private var framesPresented = 0

    /// For the view, before the owner hears of the same result.
    public var onShow: ((Change) -> Void)?
    public var onReady: ((PixelSize?) -> Void)?
    /// The page's picture is gone with the error: clear it.
    public var onError: ((MediaError) -> Void)?
    public var onLoop: ((LoopPass, _ framesPresented: Int) -> Void)?
    /// Another address for the post when the one loading fails (a remote video's next
    /// rendition), given the addresses already tried; nil: the page fails with the error.
    public var fallback: ((_ post: Post, _ failed: String, _ error: MediaError, _ tried: Set<String>) -> String?)?
    /// The addresses of this post that failed and were replaced by a fallback.
    public private(set) var triedAddresses: Set<String> = []

    public init(player: any PagePlayer) {
        self.player = player
        player.onReady = { [weak self] size in
            self?.onShow?(.ready(size))
            self?.onReady?(size)
        }
        player.onError = { [weak self] error in
            guard let self else { return }
            if let post, let failed = uri, let next = fallback?(post, failed, error, triedAddresses), next != failed {
                triedAddresses.insert(failed)
                uri = next
                hasFrame = false
                // A page on screen goes on playing with the next rendition (loaded, it would wait
                // paused on its first frame). self.player: the init's own `player` here would be
                // held by its own handler.
                let playing = self.player.wantsPlaying
                self.player.unload()
                self.player.load(uri: next)
                if playing { self.player.play() }
                return
            }
            self.error = error
            hasFrame = false
            onShow?(.failed(error))
            onError?(error)
        }
        player.onLoop = { [weak self] pass in
            guard let self else { return }
            onLoop?(pass, framesPresented)
            framesPresented = 0
        }
    }

    public var isPlaying: Bool { player.wantsPlaying }
    public var isLoading: Bool { player.phase == .loading }
    /// The video's shape as shown: from the player once known, else from the library.
    public var videoShape: PixelSize? { player.videoSize ?? post?.displaySize }

    /// Holds `post` at `index`. True when it is a different post, which the player loads
    /// (paused on its first frame); the same post at the same place keeps playing.
    public func load(_ post: Post, index: Int, uri: String) -> Bool {
        let samePost = self.post?.id == post.id && self.index == index
        self.index = index
        self.post = post
        guard !samePost else {
            onShow?(.loaded(isNew: false))
            return false
        }
        error = nil
        hasFrame = false
        triedAddresses = []
        self.uri = uri
        if let unplayable = post.unplayable {
            // Nothing to load: the page says why at once (the session reports it when the page
            // is the one on screen), never a spinner.
            player.unload()
            onShow?(.loaded(isNew: true))
            error = unplayable.error
            onShow?(.failed(unplayable.error))
            return true
        }
        player.load(uri: uri)
        onShow?(.loaded(isNew: true))
        return true
    }

    /// Loads the post again after an error (Try Again); false when there is nothing to retry.
    public func retry() -> Bool {
        guard let failure = error, failure.kind != .unplayable, let uri else { return false }
        error = nil
        hasFrame = false
        player.unload()
        player.load(uri: uri)
        onShow?(.retrying)
        return true
    }

    /// The post's details changed (counts, a new handle); the video stays.
    public func update(_ post: Post) -> Bool {
        guard post.id == self.post?.id else { return false }
        self.post = post
        onShow?(.updated)
        return true
    }

    /// The post it holds moved to `index` in the feed (a post before it was taken out); nil: it
    /// holds no place any more but still shows, until the slide away from it ends.
    public func moved(to index: Int?) {
        self.index = index
    }

    /// Holds nothing.
    public func clear() {
        index = nil
        post = nil
        uri = nil
        error = nil
        hasFrame = false
        needsRewind = false
        player.unload()
        onShow?(.cleared)
    }

    /// A frame of this post reached the screen; true for the first.
    public func framePainted() -> Bool {
        let first = !hasFrame
        hasFrame = true
        framesPresented += 1
        return first
    }

    /// Becomes the page on screen: plays with sound.
    public func activate() {
        needsRewind = false
        framesPresented = 0
        player.play()
        onShow?(.playing(true, pauseMark: false))
    }

    /// Leaves the screen: pauses and rewinds to the first frame.
    public func deactivate() {
        player.rewind()
        needsRewind = false
        onShow?(.playing(false, pauseMark: false))
    }

    /// Leaves the screen now and rewinds later (`rewindIfLeft`): a flushing seek waits for the
    /// streaming threads, which would hold up the next page's first frame.
    public func leave() {
        player.pause()
        needsRewind = true
        onShow?(.playing(false, pauseMark: false))
    }

    public func rewindIfLeft() {
        if needsRewind { deactivate() }
    }

    /// Where the loop is (0...1) while a ready clip of known length plays or stands; nil otherwise.
    public var progress: Double? {
        guard canSeek else { return nil }
        return LoopSeek.fraction(positionNs: player.position, durationNs: player.duration)
    }

    /// A ready clip of known length, not failed.
    public var canSeek: Bool { player.phase == .ready && error == nil && (player.duration ?? 0) > 0 }

    /// Goes to `target` (nanoseconds), playing or paused as it was; the target, or nil when the
    /// clip can't seek.
    public func seek(_ target: (_ positionNs: UInt64, _ durationNs: UInt64) -> UInt64) -> (toNs: UInt64, durationNs: UInt64)? {
        guard canSeek, let duration = player.duration else { return nil }
        let goal = target(player.position ?? 0, duration)
        player.seek(toNanoseconds: goal)
        return (goal, duration)
    }

    /// Pauses or plays; true when the pause mark should show (a chosen pause of a playable page).
    @discardableResult
    public func setPaused(_ paused: Bool, showIndicator: Bool = true) -> Bool {
        paused ? player.pause() : player.play()
        let mark = paused && showIndicator && error == nil
        onShow?(.playing(!paused, pauseMark: mark))
        return mark
    }
}
