import FeedCore
import FeedMedia
import FeedPresentation
import FeedSources
import FeedStorage
import Foundation
import GLibKit
import Localization
import MainLoopServices
import SoupKit
import VideoBridge

/// The services the app makes once, before GTK starts, from the parsed command line and
/// environment: the events log, the library (samples seeded, the command line's files
/// imported), the preferences, the one HTTP client and what fetches through it, the one media
/// runtime, and the workers behind the screens. `WindowWiring` hands them to the features.
@MainActor
struct AppServices {
    let events: EventSink?
    let report: StartupReport
    let paths: AppPaths
    /// What the window says once it is up, from services made before it (a cache that can't be
    /// written, a library that can only be read).
    let notices: WindowNotices
    let library: SQLiteFeedRepository
    /// The library was made (and the samples seeded) by this launch.
    let isFirstLaunch: Bool
    let inputs: StartupInputs
    let preferences: PreferencesStore
    let playableURI: PlayableURI
    /// What the players and the recorder share; shut down (threads joined) at exit.
    let media: MediaRuntime
    let videoCache: VideoCache
    let webImages: WebImageCache
    /// Asks the networks about their posts (counts, comment threads, captions).
    let remotePosts: RemotePostClient
    let thumbnails: WebThumbnails
    let stills: ScreenStills
    let publisher: ClipPublishService
    let cache: CacheDirectory
    let clipJobs: MediaClipJobs
    let avatars: AvatarFolder
    let importer: VideoImportService
    let subscriptions: SubscriptionService
    let libraryWatcher: LibraryWatcher
    /// The networks Discover reads, over the one HTTP client (documents read on a worker).
    let explorer: ExploreService
    /// Asks an address typed in Preferences what it is.
    let serverCheck: ServerCheck
    /// The accounts signed in to: their tokens, for whoever acts on them.
    let accounts: AccountsStore
    /// What the user did on remote posts, on its way to their accounts (issue 23).
    let outbox: OutboxSender
    /// Which account acts on a remote post; its actions go to the outbox.
    let actions: AccountActions
    /// Posts on their way to the accounts' PeerTube channels (issue 23).
    let uploads: UploadService
    /// What the user does with posts, kept in the library for For You (the watch signals too,
    /// also said in the events log).
    let interests: InterestRecorder
    let sounds: [RecordingSound]
    let selfHandle: String

    /// A service the app can't run without could not be made; it was said already.
    struct Failure: Error {}

    /// `paths`: resolved once by the composition root (the launch's read-ahead needs them first).
    static func make(options: CommandLineOptions, environment: EnvironmentOptions, paths: AppPaths,
                     clock: SystemMonotonicClock, executable: URL) throws(Failure) -> AppServices {
        let events = try openEvents(options, clock: clock)
        let report = StartupReport(events: events)
        let notices = WindowNotices()
        let library: SQLiteFeedRepository
        do {
            library = try openLibrary(paths, notices: notices)
        } catch {
            report("storage", "\(error)")
            throw Failure()
        }
        let isFirstLaunch = seedSamplesIfEmpty(library, paths: paths, report: report)
        let inputs = StartupInputs.collect(options.inputs, into: library, report: report)
        let preferences = PreferencesSetup.open(paths: paths, ownDataDirectory: options.dataDirectory != nil,
                                                executable: executable, report: { report($0, $1) })
        let cacheDirectory = paths.cacheDirectory
        let stillsDirectory = cacheDirectory.appendingPathComponent("thumbnails")
        // The one HTTP client: everything that fetches shares its per-host limits and pauses.
        let http = HTTPClient(userAgent: "Loopfeed/\(CommandLineOptions.version)", timers: MainLoopTimers())
        let videoCache = VideoCache(directory: cacheDirectory.appendingPathComponent("videos"),
                                    limit: options.cacheLimit ?? Int64(preferences.load().videoCacheMegabytes) << 20,
                                    transport: http)
        videoCache.onNotKept = { notices.say(kind: "cache", $0) }
        videoCache.joiner = TrackJoiner()
        // A still the cache could not keep is said in the window (once in a while, not per tile).
        let cacheProblem: @Sendable (CacheWriteProblem) -> Void = { problem in
            MainLoop.invoke { notices.say(kind: "cache", problem.description) }
        }
        let webImages = WebImageCache(directory: stillsDirectory, transport: http, onWriteFailure: cacheProblem)
        let thumbnails = WebThumbnails(base: ThumbnailGenerator(directory: stillsDirectory, width: GridLayout.maximumTile,
                                                                onWriteFailure: cacheProblem),
                                       images: webImages, videos: videoCache)
        // A read-only library is stored to (and refused) where it was opened.
        let entryStore = library.connection.isReadOnly ? nil
            : WorkerEntryStore(databaseURL: paths.databaseURL, fallback: { [library] in library.storeEntries($0) },
                               recordFallback: { [library] in try? library.recordRefresh(subscriptionID: $0, $1) })
        let subscriptions = SubscriptionService(library: library, fetcher: HTTPFeedFetcher(transport: http),
                                                reader: BackgroundFeedDocumentReader(), entryStore: entryStore,
                                                events: events, window: {
                                                    let saved = preferences.load()
                                                    return PixelSize(width: saved.windowWidth, height: saved.windowHeight)
                                                })
        subscriptions.videosLeft = { videoCache.remove(addresses: $0) }
        // The networks Discover reads: their documents read on a worker, answers kept a minute.
        let networkAPI = NetworkAPIClient(transport: http, work: MainLoopWork(label: "io.github.loopfeed.network-documents", qos: .utility),
                                          timers: MainLoopTimers(), clock: clock)
        let accounts = AccountsSetup.make(http: http, library: library, events: events, notices: notices)
        let outbox = OutboxSender(.init(http: http, store: OutboxStore(connection: library.connection), accounts: accounts,
                                        timers: MainLoopTimers(), events: events))
        accounts.onSignedIn = { outbox.signedIn(AccountKey(server: $0.server, name: $0.username)) }
        let accountImport = AccountImport(.init(
            reader: AccountLibraryReader(http: http), subscriptions: subscriptions, likes: library,
            token: { host, done in accounts.validToken(for: host, then: done) },
            say: { text, isProblem in
                accounts.tell(text, isProblem: isProblem)
                if isProblem { notices.say(kind: "accounts", text) }
            }, events: events))
        accounts.onAccountAdded = { accountImport.signedIn($0) }
        do {
            try outbox.start()
        } catch {
            notices.say(kind: "outbox", tr("What you did for your accounts could not be read from the library: {error}", ["error": error]))
        }
        let actions = AccountActions(.init(accounts: { accounts.rows.map(\.account) }, outbox: outbox,
                                           say: { notices.say(kind: "outbox", $0) }, prompt: accounts.signInPrompt))
        return AppServices(
            events: events, report: report, paths: paths, notices: notices, library: library, isFirstLaunch: isFirstLaunch,
            inputs: inputs, preferences: preferences, playableURI: PlayableURI(samplesDirectory: paths.samplesDirectory),
            media: MediaRuntime(audioSinkDescription: environment.audioSink,
                                captureDevices: CameraChoice.devices(option: options.camera)),
            videoCache: videoCache, webImages: webImages, remotePosts: RemotePostClient(transport: http), thumbnails: thumbnails,
            stills: ScreenStills(directory: stillsDirectory, work: MainLoopWork(label: "io.github.loopfeed.stills", qos: .utility)),
            publisher: ClipPublishService(dataDirectory: paths.dataDirectory, repository: library,
                                          work: MainLoopWork(label: "io.github.loopfeed.publishing"),
                                          measure: { (try? ClipProbe.probe($0))?.size }),
            cache: CacheDirectory(directory: cacheDirectory,
                                  work: MainLoopWork(label: "io.github.loopfeed.cache", qos: .utility),
                                  keep: { videoCache.protectedKeys }, cleared: { videoCache.forgetRemovedDownloads() }),
            clipJobs: MediaClipJobs(),
            avatars: AvatarFolder(directory: paths.dataDirectory.appendingPathComponent("avatars"),
                                  work: MainLoopWork(label: "io.github.loopfeed.avatars", qos: .utility)),
            importer: VideoImportService(repository: library, work: BackgroundPriorityWork(name: "loopfeed-import"),
                                         probe: DiscovererVideoProbe(), thumbnails: thumbnails),
            subscriptions: subscriptions, libraryWatcher: LibraryWatcher(repository: library),
            explorer: ExploreService(api: networkAPI, servers: [], timers: MainLoopTimers()),
            serverCheck: ServerCheck(api: networkAPI),
            accounts: accounts, outbox: outbox, actions: actions,
            uploads: UploadsSetup.make(http: http, library: library, accounts: accounts, events: events, notices: notices),
            interests: InterestRecorder(.init(
                store: library, post: { try? library.post(id: $0) }, timers: MainLoopTimers(),
                alsoWatchSignals: events.map { WatchSignalEvents(events: $0) }, events: events,
                failed: { notices.say(kind: "storage", tr("For You could not keep what you watched: {error}", ["error": $0])) })),
            sounds: SoundCatalog.bundled(samplesDirectory: paths.samplesDirectory).sounds,
            selfHandle: (try? library.selfAuthor()?.handle) ?? SelfAuthor.handle)
    }

    private static func openEvents(_ options: CommandLineOptions, clock: SystemMonotonicClock) throws(Failure) -> EventSink? {
        guard let path = options.eventsPath else { return nil }
        do {
            return try JSONLinesEventLog(path: path, clock: clock)
        } catch {
            printError("loopfeed: \(error.localizedDescription)\n")
            throw Failure()
        }
    }

    /// The library, made if need be. One whose folder or disk can't be written is opened to
    /// read as it is: the feed plays, and the window says that changes are not kept.
    private static func openLibrary(_ paths: AppPaths, notices: WindowNotices) throws -> SQLiteFeedRepository {
        var library: SQLiteFeedRepository
        do {
            try FileManager.default.createDirectory(at: paths.dataDirectory, withIntermediateDirectories: true)
            library = try LibraryDatabase.open(at: paths.databaseURL)
            _ = try SelfAuthor.ensure(in: library)
        } catch {
            guard LibraryDatabase.isReadOnly(paths.dataDirectory),
                  FileManager.default.fileExists(atPath: paths.databaseURL.path),
                  let readOnly = try? LibraryDatabase.openReadOnly(at: paths.databaseURL) else { throw error }
            library = readOnly
        }
        // (SQLite also opens a file it can't write only to read, when its WAL files are there.)
        if library.connection.isReadOnly {
            let message = tr("Your library at {path} can’t be written (its folder or disk is read-only): you can watch, but likes, comments and new videos are not kept.",
                             ["path": ShownText.oneLine(paths.dataDirectory.path)])
            printError("loopfeed: \(message)\n")
            notices.say(kind: "storage", message)
        }
        return library
    }

    /// Seeds the shipped samples into an empty library; true when it did (a first launch).
    private static func seedSamplesIfEmpty(_ library: SQLiteFeedRepository, paths: AppPaths, report: StartupReport) -> Bool {
        let isEmpty: Bool
        do {
            isEmpty = try library.postCount() == 0
        } catch {
            report("storage", tr("Couldn’t read the library: {error}", ["error": error]))
            return false
        }
        guard isEmpty else { return false }
        guard let samples = paths.samplesDirectory else {
            report("samples", tr("The sample videos were not found; set LOOPFEED_SAMPLES_DIR or install Loopfeed"))
            return false
        }
        do {
            return try SampleCatalog.load(from: samples.appendingPathComponent("samples.json")).seed(into: library) > 0
        } catch {
            report("samples", tr("Couldn’t load the sample videos: {error}", ["error": error]))
            return false
        }
    }
}
