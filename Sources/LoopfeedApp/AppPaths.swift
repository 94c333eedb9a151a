public import Foundation

/// Where Loopfeed keeps things, following the XDG base directories.
public struct AppPaths: Equatable, Sendable {
    public var dataDirectory: URL
    public var cacheDirectory: URL
    public var samplesDirectory: URL?

    public var databaseURL: URL { dataDirectory.appendingPathComponent("library.sqlite") }
    /// The files the last launch mapped, read ahead by the next (`LaunchReadAhead`).
    public var launchFilesURL: URL { cacheDirectory.appendingPathComponent("launch-files") }

    public init(dataDirectory: URL, cacheDirectory: URL, samplesDirectory: URL?) {
        self.dataDirectory = dataDirectory
        self.cacheDirectory = cacheDirectory
        self.samplesDirectory = samplesDirectory
    }

    public static func resolve(options: CommandLineOptions, environment: EnvironmentOptions,
                               executable: URL) -> AppPaths {
        let home = URL(fileURLWithPath: environment.home ?? NSHomeDirectory())
        func xdg(_ value: String?, _ fallback: String) -> URL {
            value.map { URL(fileURLWithPath: $0) } ?? home.appendingPathComponent(fallback)
        }
        let data = options.dataDirectory.map { URL(fileURLWithPath: $0) }
            ?? xdg(environment.dataHome, ".local/share").appendingPathComponent("loopfeed")
        let cache = options.cacheDirectory.map { URL(fileURLWithPath: $0) }
            ?? xdg(environment.cacheHome, ".cache").appendingPathComponent("loopfeed")
        return AppPaths(dataDirectory: data.standardizedFileURL, cacheDirectory: cache.standardizedFileURL,
                        samplesDirectory: locateSamples(named: environment.samplesDirectory, executable: executable))
    }

    /// The icon theme root of the feed's own icons in the source tree (`data/icons`, which holds
    /// `hicolor/scalable/actions/...`). It is added to the icon theme's search path so the icons
    /// are found *inside* the hicolor theme: only icons looked up through a theme directory are
    /// loaded as symbolic and take the CSS colour (unthemed files keep the SVG's own dark grey).
    /// Installed copies live in the system's hicolor theme and need no search path.
    public static func locateSourceIcons(executable: URL, samplesDirectory: URL? = nil) -> URL? {
        let marker = "hicolor/scalable/actions/loopfeed-heart-symbolic.svg"
        // Next to the samples first: a binary copied elsewhere still finds them there.
        if let samples = samplesDirectory {
            let beside = samples.deletingLastPathComponent().appendingPathComponent("icons")
            if FileManager.default.fileExists(atPath: beside.appendingPathComponent(marker).path) {
                return beside.standardizedFileURL
            }
        }
        var dir = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = dir.appendingPathComponent("data/icons")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent(marker).path) {
                return candidate.standardizedFileURL
            }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }

    /// The translations installed with the binary (`<prefix>/share/locale`); nil elsewhere (a
    /// build in the source tree has none, and gettext then looks in /usr/share/locale).
    public static func locateLocales(executable: URL) -> URL? {
        let candidate = executable.resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("../share/locale").standardizedFileURL
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory) && isDirectory.boolValue
            ? candidate : nil
    }

    /// The shipped samples: in `named` (`$LOOPFEED_SAMPLES_DIR`), then next to an installed
    /// binary (`../share/loopfeed/samples`), then the source tree the binary was built in
    /// (`data/samples`).
    static func locateSamples(named: String?, executable: URL) -> URL? {
        let manifest = "samples.json"
        let fm = FileManager.default
        let binDir = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        var candidates = [binDir.appendingPathComponent("../share/loopfeed/samples")]
        if let named { candidates.insert(URL(fileURLWithPath: named), at: 0) }
        var dir = binDir
        for _ in 0..<6 {
            candidates.append(dir.appendingPathComponent("data/samples"))
            dir = dir.deletingLastPathComponent()
        }
        return candidates.map(\.standardizedFileURL).first {
            fm.fileExists(atPath: $0.appendingPathComponent(manifest).path)
        }
    }
}
