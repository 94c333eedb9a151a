import FeedCore
import Foundation
import GLibKit
import Localization

/// This binary's real path (not argv[0], which is a bare name when found on PATH).
var executableURL: URL {
    Bundle.main.executableURL ?? URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
}

/// The composition root, in four steps: the command line and the environment are parsed, the
/// services made once (`AppServices`), each feature of the window handed what it uses
/// (`WindowWiring`), and the GTK application run until it quits (`AppRun`).
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
        switch parse(arguments) {
        case .exit(let status): return status
        case .run(let parsed): options = parsed
        }
        let environment = EnvironmentOptions.parse(ProcessInfo.processInfo.environment)
        for problem in environment.problems { printError(problem.description + "\n") }
        let paths = AppPaths.resolve(options: options, environment: environment, executable: executableURL)
        // Before anything opens a library: the last launch's files are read while this one starts.
        let readAhead = LaunchReadAhead(listURL: paths.launchFilesURL)
        readAhead.start()
        let services: AppServices
        do {
            services = try AppServices.make(options: options, environment: environment, paths: paths, clock: clock,
                                            executable: executableURL)
        } catch {
            return 1
        }
        let window = WindowWiring.dependencies(services, options: options, environment: environment, clock: clock)
        // The feed's own icons: installed into hicolor, or next to the samples in the source tree.
        let icons = AppPaths.locateSourceIcons(executable: executableURL, samplesDirectory: services.paths.samplesDirectory)
        return AppRun(window: window, environment: environment, media: services.media, clock: clock,
                      launchTimeUs: launchTimeUs, unique: options.dataDirectory == nil, iconsDirectory: icons?.path,
                      readAhead: readAhead).run()
    }

    private enum Parsed {
        case run(CommandLineOptions)
        case exit(Int32)
    }

    /// The command line, or how to exit at once (--help, --version, a mistake).
    private static func parse(_ arguments: [String]) -> Parsed {
        let options: CommandLineOptions
        do {
            options = try CommandLineOptions.parse(Array(arguments.dropFirst()))
        } catch {
            printError(error.description + "\n")
            return .exit(2)
        }
        if options.showHelp {
            print(CommandLineOptions.help)
            return .exit(0)
        }
        if options.showVersion {
            print("loopfeed \(CommandLineOptions.version)")
            return .exit(0)
        }
        return .run(options)
    }
}
