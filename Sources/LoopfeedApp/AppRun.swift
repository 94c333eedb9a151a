import FeedCore
import FeedMedia
import FeedUI
import Foundation
import GLibKit
import GStreamerKit
import GtkKit
import Localization
import MediaControls
import VideoBridge

/// Runs the GTK application over the wired window until it quits, then exits cleanly: the
/// players stop and their threads are joined (the media runtime's shutdown), what they handed
/// to the main loop runs, and only then is GStreamer freed when its leaks tracer is on.
@MainActor
final class AppRun {
    private var window: WindowDependencies
    private let environment: EnvironmentOptions
    private let media: MediaRuntime
    private let events: EventSink?
    private let clock: SystemMonotonicClock
    private let launchTimeUs: Int64
    /// One instance per library: a second launch on the same data raises the first window.
    private let unique: Bool
    /// The feed's own icons, when they are not installed into hicolor.
    private let iconsDirectory: String?
    /// Told, once the window has been up a while, to keep what this launch mapped.
    private let readAhead: LaunchReadAhead
    /// After the first frame: long enough for the neighbours' players and the first of the
    /// other pages (made one per idle turn) to have opened their files, and short enough for a
    /// launch that is closed at once to keep its list.
    static let recordLaunchFilesAfterMs: UInt32 = 500
    /// What every video's first frame needs that is costly to load: libav's decoders.
    static let decoderPlugins = ["libav"]

    /// The library feed's players, made (and its current post started) before GTK.
    private var players: FeedPlayers?
    private var mainWindow: MainWindow?
    private var mediaControls: MprisService?
    private var failed = false

    init(window: WindowDependencies, environment: EnvironmentOptions, media: MediaRuntime, clock: SystemMonotonicClock,
         launchTimeUs: Int64, unique: Bool, iconsDirectory: String?, readAhead: LaunchReadAhead) {
        self.window = window
        self.environment = environment
        self.media = media
        events = window.events
        self.clock = clock
        self.launchTimeUs = launchTimeUs
        self.unique = unique
        self.iconsDirectory = iconsDirectory
        self.readAhead = readAhead
    }

    /// The process's exit status.
    func run() -> Int32 {
        events?.emit(.launchMark(name: "main", atUs: launchTimeUs))
        GStreamer.initialize()
        events?.emit(.launchMark(name: "gstreamer_ready", atUs: clock.nowMicroseconds()))
        let earlyVideo = VideoPathSetup.chooseBeforeGTK(environment: environment)
        FileChooser.usesPortal = environment.usesPortal
        let application = Application(id: LoopfeedMain.applicationID, unique: unique)
        // The feed's current post prerolls while GTK starts and the window is built (on its
        // player thread), when the frame path is known to be the memory path already and this
        // launch does not only raise a window already open. Registered first (GTK starts
        // there), unique or not: a preroll begun before GTK's start only held it up on the
        // loader's lock, for the same first frame (12 alternating launches: 246 against
        // 244 ms), and a second instance must not preroll at all.
        if earlyVideo != nil, application.register(), !application.isRemote {
            players = try? FeedPlayers(window.feed)
            // Unless a file prerolls (its pipeline loads them), the decoders are loaded now on a
            // thread of their own. Without a post to preroll (an empty library whose followed
            // feeds bring the first videos): loaded when the first video came, libav (177
            // libraries; 130 ms warm, 500 ms while a thousand feeds refresh) held the dynamic
            // loader's lock while the main thread, laying out that video's caption, waited on it
            // to start pango's font threads. A download's first bytes come after the window is
            // shown (its exchange runs on the main loop): loaded only then, the decoder cost the
            // first frame 130 ms after them.
            if players?.prerollCurrent() ?? .nothing != .fromFile { GStreamer.loadAhead(plugins: Self.decoderPlugins) }
        }
        application.onActivate { [self] in activate(application, earlyVideo: earlyVideo) }
        startWatchdog()
        installSignals(quit: { [self] in mainWindow?.window.close() ?? application.quit() })
        // Widgets go while the display still exists: released after g_application_run returns,
        // a text field with a selection disconnects from a clipboard GTK already freed.
        application.onShutdown { [self] in
            mediaControls = nil
            mainWindow?.teardown()
            mainWindow = nil
        }
        let status = application.run()
        finish()
        return failed ? 1 : status
    }

    private func activate(_ application: Application, earlyVideo: VideoPathChoice?) {
        if let mainWindow {
            mainWindow.window.present()
            return
        }
        events?.emit(.launchMark(name: "activate", atUs: clock.nowMicroseconds()))
        // GTK's renderer and the frame path, before the first window is realized.
        window.feed.video = VideoPathSetup.choose(early: earlyVideo, environment: environment, events: events, clock: clock)
        if let iconsDirectory { Style.addIconSearchPath(iconsDirectory) }
        do {
            let created = try MainWindow(application: application, dependencies: window, launchTimeUs: launchTimeUs,
                                         players: players)
            players = nil
            mainWindow = created
            events?.emit(.launchMark(name: "window_built", atUs: clock.nowMicroseconds()))
            var mapped = false
            created.window.on("map", after: true) { [events, clock] in
                guard !mapped else { return }
                mapped = true
                events?.emit(.launchMark(name: "window_mapped", atUs: clock.nowMicroseconds()))
            }
            // Media keys and desktop controls, over the window's PlaybackControl.
            mediaControls = MprisService(control: created)
            created.onFirstFrame = { [readAhead] in
                MainLoop.after(milliseconds: Self.recordLaunchFilesAfterMs, priority: MainLoop.priorityIdle) {
                    readAhead.record()
                }
            }
            created.start()
            events?.emit(.ready(posts: created.postCount))
        } catch {
            printError("loopfeed: " + tr("can’t start video playback: {error}", ["error": error]) + "\n")
            events?.emit(.error(kind: "playback", message: "\(error)", postID: nil))
            failed = true
            application.quit()
        }
    }

    /// Debug and test builds (or LOOPFEED_WATCHDOG=1) watch the main loop: a stall over 1 s
    /// (LOOPFEED_WATCHDOG_MS) writes the main thread's stack to stderr and a `stall` event once
    /// it is over.
    private func startWatchdog() {
        #if DEBUG
        let debugBuild = true
        #else
        let debugBuild = false
        #endif
        guard environment.watchesMainLoop(debugBuild: debugBuild) else { return }
        MainLoopWatchdog.start(stallMilliseconds: Int32(environment.stallMilliseconds ?? 1_000)) { [events] milliseconds in
            events?.emit(.stall(ms: milliseconds))
        }
    }

    private func installSignals(quit: @escaping @MainActor () -> Void) {
        MainLoop.onUnixSignal(SIGTERM, quit)
        MainLoop.onUnixSignal(SIGINT, quit)
        let events = events
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
    }

    /// The clean exit, in order: settings written, the window and the players let go, every
    /// player's pipeline stopped and its thread joined, then (leaks tracer on) what they handed
    /// to the main loop is run and GStreamer freed.
    private func finish() {
        // dconf writes behind the main loop: what was set must reach it before the process ends.
        Settings.sync()
        mediaControls = nil
        mainWindow = nil
        players = nil
        let running = media.shutDown(within: 5)
        if !running.isEmpty {
            printError("loopfeed: still running at exit (\(running.joined(separator: ", ")))"
                       + (environment.tracesGStreamer ? "; GStreamer was not freed\n" : "\n"))
        }
        // Otherwise the process ends without it, as GStreamer advises.
        guard environment.tracesGStreamer, running.isEmpty else { return }
        // What the players handed to the main loop as they stopped (a frame waiting for its idle,
        // a surface let go on a player thread and freed on the main one) holds buffers of their
        // pools: with the loop no longer running it would wait for ever, and the tracer count it
        // as leaked (the soak's 8 objects: one pool, its buffers, their caps).
        MainLoop.iterate()
        GStreamer.deinitialize()
    }
}
