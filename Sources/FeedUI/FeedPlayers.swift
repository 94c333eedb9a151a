import FeedCore
import FeedPresentation
import FeedMedia
import Localization
import VideoBridge

/// The half of a feed that needs no window: its posts, the pool of players and what each page
/// decides about its player. When the frame path is the memory path and known before GTK starts
/// (no GPU device), the library's feed is made at launch right after GStreamer is up and its
/// current post starts prerolling at once: on two cores the pipeline loads its plugins and
/// decodes the first frame while GTK opens the display and the window is built, instead of
/// after. (The GL path needs GTK's GL context, so its players are made with the window.)
/// FeedController then shows it.
@MainActor
public final class FeedPlayers {
    let store: FeedStore
    let surfaces: [VideoSurface]
    let pool: PlayerPool
    let playbacks: [PagePlayback]
    private let playableURI: (String) -> String
    /// The page's size in the window as it was left (nil when it was maximized: the screen
    /// decides), for scaling the first frame before the window exists.
    private let expectedPage: PixelSize?

    /// The library's feed, as the window will show it.
    public convenience init(_ deps: FeedDependencies) throws {
        try self.init(deps, content: deps.homeContent)
    }

    init(_ deps: FeedDependencies, content: FeedContent) throws {
        store = FeedStore(repository: deps.repository, content: content, pinned: deps.pinnedPosts, pageSize: deps.pageSize)
        surfaces = (0..<store.plan.poolSize).map { _ in VideoSurface(output: deps.video) }
        pool = try PlayerPool(receivers: surfaces, runtime: deps.media,
                              remoteVideos: deps.remoteVideos, video: deps.video?.playerPath ?? .memory)
        playbacks = pool.players.map { PagePlayback(player: $0) }
        // Every pooled player says it for itself; the window says it once (WindowNotices).
        let notices = deps.notices
        let events = deps.events
        pool.onSoundChanged = { available, detail in
            events?.emit(.sound(available: available, detail: detail))
            if !available {
                notices.say(kind: "sound", tr("Sound is unavailable: the sound server stopped. The video plays on without sound."))
            }
        }
        playableURI = deps.playableURI
        // Before any load, so a post never plays a moment louder than it should.
        let preferences = deps.preferences.load()
        pool.volume = preferences.volume
        pool.muted = preferences.muted
        expectedPage = preferences.windowMaximized ? nil
            : PixelSize(width: preferences.windowWidth, height: preferences.windowHeight - TabBar.height)
    }

    /// How the current post began prerolling at launch.
    public enum EarlyPreroll {
        /// No post to preroll, or the library could not be read.
        case nothing
        /// From a file: the pipeline finds and loads its decoder while the window is built.
        case fromFile
        /// From a download in progress: its decoder is known only once its first bytes come.
        case fromDownload
    }

    /// Loads the first posts and starts the current one prerolling (paused on its first frame)
    /// in the slot the feed will give it. A failure to read the library is left for
    /// `FeedController.start`, which reports it in the window.
    @discardableResult
    public func prerollCurrent() -> EarlyPreroll {
        guard (try? store.loadMoreIfNeeded()) != nil else { return .nothing }
        let wanted = store.assignment(loaded: playbacks.map(\.index), currentOnly: true)
        var began = EarlyPreroll.nothing
        for (slot, index) in zip(playbacks.indices, wanted) where index == store.index {
            let playback = playbacks[slot]
            guard let index, playback.index == nil else { continue }
            let post = store.posts[index]
            // Scaled in GStreamer to the page it will fill: drawn from the clip's own size, the
            // first frame cost the launch's first paint 18 ms of scaling on the CPU.
            if let page = expectedPage, page.width > 0, page.height > 0 {
                playback.player.viewport = PageLayout(pageWidth: page.width, pageHeight: page.height,
                                                      video: post.displaySize).viewport(scale: 1)
            }
            _ = playback.load(post, index: index, uri: playableURI(post.videoURI))
            began = pool.players[slot].streaming ? .fromDownload : .fromFile
        }
        return began
    }
}
