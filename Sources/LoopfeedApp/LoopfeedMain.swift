import Foundation
import FeedCore
import FeedMedia
import FeedPresentation
import FeedSources
import FeedStorage
import FeedUI
import GLibKit
import GStreamerKit
import GtkKit
import Localization
import MediaControls
import SoupKit
import VideoBridge

/// Writes a line to standard error (messages for whoever launched Loopfeed from a terminal).
func printError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
}

/// This binary's real path (not argv[0], which is a bare name when found on PATH).
var executableURL: URL {
    Bundle.main.executableURL ?? URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
}

/// The composition root: parses the command line, opens the library, seeds the samples,
/// imports what was named on the command line and runs the GTK application.
public enum LoopfeedMain {
    public static let applicationID = "io.github.loopfeed.Loopfeed"

    /// The main thread's: GLib and GTK live there, and so do the services made here.
    @MainActor
    public static func run(arguments: [String]) -> Int32 {
        // First, so that even a command-line error speaks the user's language.
        Localization.setUp(localeDirectory: AppPaths.locateLocales(executable: executableURL)?.path)
        ProcessMemory.limitMallocArenas(2)
        let clock = SystemMonotonicClock()
        let launchTimeUs = clock.nowMicroseconds()
        let options: CommandLineOptions
        do {
            options = try CommandLineOptions.parse(Array(arguments.dropFirst()))
        } catch {
            printError(error.description + "\n")
            return 2
        }
        if options.showHelp {
            print(CommandLineOptions.help)
            return 0
        }
        if options.showVersion {
            print("loopfeed \(CommandLineOptions.version)")
            return 0
        }

        var events: EventSink?
        if let path = options.eventsPath {
            do {
                events = try JSONLinesEventLog(path: path, clock: clock)
            } catch {
                printError("loopfeed: \(error.localizedDescription)\n")
                return 1
            }
        }
        func report(_ kind: String, _ message: String) {
            printError("loopfeed: \(message)\n")
            events?.emit(.error(kind: kind, message: message, postID: nil))
        }

        let paths = AppPaths.resolve(options: options, environment: ProcessInfo.processInfo.environment,
                                     executable: executableURL)
        // What the window says once it is up, from services made before it (a cache that can't
        // be written, a library that can only be read).
        let notices = WindowNotices()
        let library: SQLiteFeedRepository
        do {
            library = try openLibrary(paths, notices: notices)
        } catch {
            report("storage", "\(error)")
            return 1
        }
        var seededSamples = false
        if try! library.postCount() == 0 {
            if let samples = paths.samplesDirectory {
                do {
                    seededSamples = try SampleCatalog.load(from: samples.appendingPathComponent("samples.json")).seed(into: library) > 0
                } catch {
                    report("samples", tr("Couldn’t load the sample videos: {error}", ["error": error]))
                }
            } else {
                report("samples", tr("The sample videos were not found; set LOOPFEED_SAMPLES_DIR or install Loopfeed"))
            }
        }

        // An OPML list on the command line is followed, not played.
        let opmlFiles = options.inputs.filter(Self.isOPMLFile)
        let collected = MediaPathCollector().collect(options.inputs.filter { !Self.isOPMLFile($0) })
        func isFeedAddress(_ source: MediaSource) -> Bool {
            if case .remote(let url) = source { !SubscriptionService.isVideoFile(url) } else { false }
        }
        // Said on stderr and in the window: a name with a line break in it stays on its one line.
        let skipped = collected.problems.map { problem in
            tr("Skipped {path}: {reason}", ["reason": problem.reason.text, "path": ShownText.oneLine(problem.path)])
        }
        for message in skipped { report("path", message) }
        var pinned: [Post] = []
        do {
            pinned = try LocalImporter(repository: library).importSources(collected.sources.filter { !isFeedAddress($0) })
        } catch {
            report("storage", tr("Couldn’t add the files to the library: {error}", ["error": error]))
        }

        let preferences = PreferencesSetup.open(paths: paths, ownDataDirectory: options.dataDirectory != nil,
                                                executable: executableURL, report: report)
        // The one HTTP client: everything that fetches shares its per-host limits and pauses.
        let http = HTTPClient(userAgent: "Loopfeed/\(CommandLineOptions.version)", timers: MainLoopTimers())
        let videoCache = VideoCache(directory: paths.cacheDirectory.appendingPathComponent("videos"),
                                    limit: options.cacheLimit ?? Int64(preferences.load().videoCacheMegabytes) << 20,
                                    transport: http)
        // A still the cache could not keep is said in the window (once in a while, not per tile).
        let cacheProblem: @Sendable (CacheWriteProblem) -> Void = { problem in
            MainLoop.invoke { notices.say(kind: "cache", problem.description) }
        }
        let webImages = WebImageCache(directory: paths.cacheDirectory.appendingPathComponent("thumbnails"),
                                      transport: http, onWriteFailure: cacheProblem)
        let thumbnails = WebThumbnails(base: ThumbnailGenerator(directory: paths.cacheDirectory.appendingPathComponent("thumbnails"),
                                                                width: GridLayout.maximumTile, onWriteFailure: cacheProblem),
                                       images: webImages, videos: videoCache)
        var environment = FeedEnvironment(
            repository: library, events: events, clock: clock, timers: MainLoopTimers(),
            playableURI: PlayableURI(samplesDirectory: paths.samplesDirectory).callAsFunction,
            audioSinkDescription: ProcessInfo.processInfo.environment["LOOPFEED_AUDIO_SINK"],
            pinnedPosts: pinned,
            preferences: preferences,
            stills: ScreenStills(directory: paths.cacheDirectory.appendingPathComponent("thumbnails"),
                                 work: MainLoopWork(label: "io.github.loopfeed.stills", qos: .utility)),
            publisher: ClipPublishService(dataDirectory: paths.dataDirectory, repository: library,
                                          work: MainLoopWork(label: "io.github.loopfeed.publishing"),
                                          measure: { (try? ClipProbe.probe($0))?.size }),
            thumbnails: thumbnails,
            cache: CacheDirectory(directory: paths.cacheDirectory,
                                  work: MainLoopWork(label: "io.github.loopfeed.cache", qos: .utility),
                                  keep: { videoCache.protectedKeys }, cleared: { videoCache.forgetRemovedDownloads() }),
            clipJobs: MediaClipJobs(),
            avatars: AvatarFolder(directory: paths.dataDirectory.appendingPathComponent("avatars"),
                                  work: MainLoopWork(label: "io.github.loopfeed.avatars", qos: .utility)),
            importer: VideoImportService(repository: library, work: BackgroundPriorityWork(name: "loopfeed-import"),
                                         probe: DiscovererVideoProbe(), thumbnails: thumbnails))
        environment.notices = notices
        environment.isFirstLaunch = seededSamples
        environment.watchSignals = events.map { WatchSignalEvents(events: $0) }
        environment.selfHandle = (try? library.selfAuthor()?.handle) ?? SelfAuthor.handle
        environment.dataDirectory = paths.dataDirectory
        environment.sounds = SoundCatalog.bundled(samplesDirectory: paths.samplesDirectory).sounds
        environment.videosFolder = UserDirectories.videos
        // The feed's own icons: installed into hicolor, or next to the samples in the source tree.
        let iconsDirectory = AppPaths.locateSourceIcons(executable: executableURL, samplesDirectory: paths.samplesDirectory)?.path
        let camera = options.camera
        environment.makeDevices = { CameraChoice.shared(option: camera) }
        // A web address that is not a video's is followed once the window is up.
        environment.startupNotices = skipped
        environment.addressesToFollow = collected.sources.compactMap { source in
            if case .remote(let url) = source, isFeedAddress(source) { url } else { nil }
        }
        environment.remoteVideos = videoCache
        videoCache.onNotKept = { notices.say(kind: "cache", $0) }
        environment.webImages = webImages
        environment.remotePosts = RemotePostClient(transport: http)
        // --cache-limit holds for this run; without it the preference resizes the cache at once.
        if options.cacheLimit == nil {
            environment.videoCacheLimitChanged = { megabytes in videoCache.limit = Int64(megabytes) << 20 }
        }
        environment.opmlFilesToImport = opmlFiles.map { $0.hasPrefix("file://") ? (URL(string: $0) ?? URL(fileURLWithPath: $0)) : URL(fileURLWithPath: $0) }
        environment.library = LibraryWatcher(repository: library)
        let subscriptions = SubscriptionService(library: library, fetcher: HTTPFeedFetcher(transport: http),
                                                reader: BackgroundFeedDocumentReader(),
                                                events: events)
        subscriptions.videosLeft = { videoCache.remove(addresses: $0) }
        environment.subscriptions = subscriptions
        // Followed feeds are refreshed every 30 minutes while the app is open; a soak asks for more.
        if let seconds = ProcessInfo.processInfo.environment["LOOPFEED_REFRESH_SECONDS"].flatMap({ Int($0) }) {
            environment.feedRefreshSeconds = max(0, seconds)
        }
        environment.folderExists = { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
        }
        return runApplication(environment: environment, events: events, launchTimeUs: launchTimeUs,
                              unique: options.dataDirectory == nil, iconsDirectory: iconsDirectory)
    }

    /// The library, made if need be. One whose folder or disk can't be written is opened to
    /// read as it is: the feed plays, and the window says that changes are not kept.
    @MainActor
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

    /// Debug and test builds (or LOOPFEED_WATCHDOG=1) watch the main loop: a stall over 1 s
    /// writes the main thread's stack to stderr and a `stall` event once it is over.
    private static func startWatchdog(events: EventSink?) {
        var wanted = ProcessInfo.processInfo.environment["LOOPFEED_WATCHDOG"] == "1"
        #if DEBUG
        wanted = ProcessInfo.processInfo.environment["LOOPFEED_WATCHDOG"] != "0"
        #endif
        guard wanted else { return }
        MainLoopWatchdog.start(stallMilliseconds: 1_000) { milliseconds in
            events?.emit(.stall(ms: milliseconds))
        }
    }

    /// When GStreamer's tracers are on (`GST_TRACERS=leaks`), a clean exit frees GStreamer
    /// (gst_deinit) so the leaks tracer can report, once every player thread has let its
    /// pipeline go; otherwise the process ends without it, as GStreamer advises.
    private static func freeGStreamerForLeakChecks() {
        guard let tracers = ProcessInfo.processInfo.environment["GST_TRACERS"], !tracers.isEmpty else { return }
        // The players' threads (workers that only wait for work need not end).
        guard ContextThread.waitUntilStopped(named: ["player", "sound"], timeout: 5) else {
            let names = ContextThread.runningNames.joined(separator: ", ")
            printError("loopfeed: threads still running at exit (\(names)); GStreamer was not freed\n")
            return
        }
        // What the players handed to the main loop as they stopped (a frame waiting for its idle,
        // a surface let go on a player thread and freed on the main one) holds buffers of their
        // pools: with the loop no longer running it would wait for ever, and the tracer count it
        // as leaked (the soak's 8 objects: one pool, its buffers, their caps).
        MainLoop.iterate()
        GStreamer.deinitialize()
    }

    /// A local file that is an OPML list: named .opml, or saying <opml near its start. Only a
    /// regular file is opened: opening a FIFO named on the command line waited for a writer
    /// before the window ever showed.
    static func isOPMLFile(_ argument: String) -> Bool {
        guard !argument.contains("://") || argument.hasPrefix("file://") else { return false }
        let path = argument.hasPrefix("file://") ? (URL(string: argument)?.path ?? argument) : argument
        guard case .regular(let bytes) = LocalFile.kind(atPath: path), bytes > 0 else { return false }
        if path.lowercased().hasSuffix(".opml") { return true }
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let start = String(decoding: handle.readData(ofLength: 1024), as: UTF8.self).lowercased()
        return start.contains("<opml")
    }

    @MainActor
    private static func runApplication(environment: FeedEnvironment, events: EventSink?,
                                       launchTimeUs: Int64, unique: Bool, iconsDirectory: String?) -> Int32 {
        events?.emit(.launchMark(name: "main", atUs: launchTimeUs))
        GStreamer.initialize()
        let clock = SystemMonotonicClock()
        events?.emit(.launchMark(name: "gstreamer_ready", atUs: clock.nowMicroseconds()))
        let earlyVideo = VideoPathSetup.chooseBeforeGTK()
        // One instance per library: a second launch on the same data raises the first window.
        let application = Application(id: applicationID, unique: unique)
        // The feed's current post prerolls while GTK starts and the window is built (on its
        // player thread), when the frame path is known to be the memory path already and this
        // launch does not only raise a window already open.
        var players: FeedPlayers?
        // Registered first (GTK starts there), unique or not: a preroll begun before GTK's start
        // only held it up on the loader's lock, for the same first frame (12 alternating
        // launches: 246 against 244 ms), and a second instance must not preroll at all.
        if earlyVideo != nil, application.register(), !application.isRemote {
            players = try? FeedPlayers(environment: environment)
            players?.prerollCurrent()
        }
        var mainWindow: MainWindow?
        var mediaControls: MprisService?
        var failed = false
        application.onActivate {
            if let mainWindow {
                mainWindow.window.present()
                return
            }
            events?.emit(.launchMark(name: "activate", atUs: clock.nowMicroseconds()))
            // GTK's renderer and the frame path, before the first window is realized.
            var environment = environment
            environment.video = VideoPathSetup.choose(early: earlyVideo, events: events, clock: clock)
            if let iconsDirectory { Style.addIconSearchPath(iconsDirectory) }
            do {
                let created = try MainWindow(application: application, environment: environment,
                                             launchTimeUs: launchTimeUs, players: players)
                players = nil
                mainWindow = created
                events?.emit(.launchMark(name: "window_built", atUs: clock.nowMicroseconds()))
                var mapped = false
                created.window.on("map", after: true) {
                    guard !mapped else { return }
                    mapped = true
                    events?.emit(.launchMark(name: "window_mapped", atUs: clock.nowMicroseconds()))
                }
                // Media keys and desktop controls, over the window's PlaybackControl.
                mediaControls = MprisService(control: created)
                created.start()
                events?.emit(.ready(posts: created.postCount))
            } catch {
                printError("loopfeed: " + tr("can’t start video playback: {error}", ["error": error]) + "\n")
                events?.emit(.error(kind: "playback", message: "\(error)", postID: nil))
                failed = true
                application.quit()
            }
        }
        startWatchdog(events: events)
        let quit: @MainActor () -> Void = { mainWindow?.window.close() ?? application.quit() }
        MainLoop.onUnixSignal(SIGTERM, quit)
        MainLoop.onUnixSignal(SIGINT, quit)
        // What the app holds, when a soak asks (kill -USR1).
        MainLoop.onUnixSignal(SIGUSR1) {
            events?.emit(.liveObjects(handles: GObjectHandle.liveCount, textures: Texture.liveCount,
                                      files: ProcessCounts.openFiles, threads: ProcessCounts.threads,
                                      byType: GObjectHandle.liveCountsByType))
        }
        // Every label the windows show and whether it is cut off, when a test asks (kill -USR2).
        MainLoop.onUnixSignal(SIGUSR2) {
            let labels = ShownLabels.inAllWindows()
            for l in labels {
                events?.emit(.label(window: l.window, text: String(l.text.prefix(200)), x: l.x, y: l.y, width: l.width,
                                    height: l.height, textWidth: l.textWidth, textHeight: l.textHeight, clipped: l.clipped))
            }
            events?.emit(.labelsShown(count: labels.count))
        }
        // Widgets go while the display still exists: released after g_application_run returns,
        // a text field with a selection disconnects from a clipboard GTK already freed.
        application.onShutdown {
            mediaControls = nil
            mainWindow?.teardown()
            mainWindow = nil
        }
        let status = application.run()
        // dconf writes behind the main loop: what was set must reach it before the process ends.
        Settings.sync()
        withExtendedLifetime(mediaControls) {}
        mainWindow = nil
        players = nil
        // Every player lets its pipeline go, whoever still holds it.
        PlayerShutdown.stopAll()
        freeGStreamerForLeakChecks()
        return failed ? 1 : status
    }
}
